import type { ConnectionChannel } from '@atende/shared/connections';
import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { ConnectionForm } from './connection-form.tsx';
import { useConnection } from './use-connections.ts';

type ConnectionModalProps = { open: boolean; connectionId: number | null; channel: ConnectionChannel; onClose: () => void };

export const ConnectionModal = ({ open, connectionId, channel, onClose }: ConnectionModalProps) => {
  const { t } = useTranslation();
  const { data: connection, isPending, error } = useConnection(connectionId);
  const editing = connectionId !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="connection-modal">
      <DialogTitle>
        {editing ? t('connections.modal.editTitle') : t('connections.modal.addTitle', { channel: t(`connections.channels.${channel}`) })}
      </DialogTitle>
      {editing && error ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(error)}</Alert>
        </DialogContent>
      ) : editing && (isPending || !connection) ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <ConnectionForm
          key={connection?.id ?? `new-${channel}`}
          connection={editing && connection ? connection : null}
          channel={channel}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
};
