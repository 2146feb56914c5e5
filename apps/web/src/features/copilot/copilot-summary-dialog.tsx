import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { copilotApi, copilotQueryKeys } from './copilot-api.ts';

// A ticket's summary on demand (issue 42 point 3): asked when the dialog opens, not kept, so a
// second opening sums up the conversation as it is then.
export const CopilotSummaryDialog = ({ ticketId, onClose }: { ticketId: number; onClose: () => void }) => {
  const { t } = useTranslation();
  const summary = useQuery({ queryKey: [...copilotQueryKeys.root, 'summary', ticketId], queryFn: () => copilotApi.summary(ticketId), retry: false, gcTime: 0 });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="copilot-summary-dialog">
      <DialogTitle>{t('copilot.summaryTitle')}</DialogTitle>
      <DialogContent dividers>
        {summary.isPending && <CircularProgress size={24} />}
        {summary.error && <Alert severity="error">{errorMessage(summary.error)}</Alert>}
        {summary.data && (
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="copilot-summary-text">
            {summary.data.summary}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
