import { RestartAlt } from '@mui/icons-material';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { sessionApi } from './session-api.ts';

// POST /whatsapp-restart/ restarts every WhatsApp Web session of the company (02-operations §7).
export const RestartSessionsButton = () => {
  const { t } = useTranslation();
  const restart = useMutation({
    mutationFn: sessionApi.restartAll,
    onSuccess: () => toast.success(t('connections.session.restarted')),
    onError: (error) => toastError(error),
  });
  return (
    <Button variant="outlined" startIcon={<RestartAlt />} disabled={restart.isPending} onClick={() => restart.mutate()} data-testid="connections-restart">
      {t('connections.session.restartAll')}
    </Button>
  );
};
