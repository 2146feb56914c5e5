import { RestartAlt } from '@mui/icons-material';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRestartSessions } from './use-session-commands.ts';

export const RestartSessionsButton = () => {
  const { t } = useTranslation();
  const restart = useRestartSessions();
  return (
    <Button variant="outlined" startIcon={<RestartAlt />} disabled={restart.isPending} onClick={() => restart.mutate()} data-testid="connections-restart">
      {t('connections.session.restartAll')}
    </Button>
  );
};
