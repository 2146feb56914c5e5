import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { ScheduleForm } from './schedule-form.tsx';
import { useSchedule } from './use-schedules.ts';

type ScheduleModalProps = { open: boolean; scheduleId: number | null; contactId: number | undefined; onClose: () => void };

export const ScheduleModal = ({ open, scheduleId, contactId, onClose }: ScheduleModalProps) => {
  const { t } = useTranslation();
  const { data: schedule, isPending, error } = useSchedule(scheduleId);
  const editing = scheduleId !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="schedule-modal">
      <DialogTitle>{editing ? t('schedules.modal.editTitle') : t('schedules.modal.addTitle')}</DialogTitle>
      {editing && error ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(error)}</Alert>
        </DialogContent>
      ) : editing && (isPending || !schedule) ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <ScheduleForm key={schedule?.id ?? 'new'} schedule={editing && schedule ? schedule : null} contactId={contactId} onClose={onClose} />
      )}
    </Dialog>
  );
};
