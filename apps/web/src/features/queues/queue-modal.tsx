import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { QueueForm } from './queue-form.tsx';
import { useQueue } from './use-queues.ts';

type QueueModalProps = { open: boolean; queueId: number | null; onCreated: (id: number) => void; onClose: () => void };

export const QueueModal = ({ open, queueId, onCreated, onClose }: QueueModalProps) => {
  const { t } = useTranslation();
  const { data: queue, isPending, error } = useQueue(queueId);
  const editing = queueId !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="queue-modal">
      <DialogTitle>{editing ? t('queues.modal.editTitle') : t('queues.modal.addTitle')}</DialogTitle>
      {editing && error ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(error)}</Alert>
        </DialogContent>
      ) : editing && (isPending || !queue) ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <QueueForm key={queue?.id ?? 'new'} queue={editing && queue ? queue : null} onCreated={onCreated} onClose={onClose} />
      )}
    </Dialog>
  );
};
