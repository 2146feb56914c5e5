import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, type Breakpoint } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type SendDialogProps = {
  title: string;
  testId: string;
  submitLabel: string;
  submitTestId: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler;
  children: ReactNode;
  maxWidth?: Breakpoint;
  // buttons between cancel and submit (the camera's retake or capture)
  actions?: ReactNode;
  // false while there is nothing to send yet (no photo taken)
  canSubmit?: boolean;
};

// The frame of the dialogs that send one thing into a ticket's chat (a contact card, a template, a photo).
export const SendDialog = (props: SendDialogProps) => {
  const { title, testId, submitLabel, submitTestId, busy, onClose, onSubmit, children, maxWidth = 'xs', actions, canSubmit = true } = props;
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth data-testid={testId}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {actions}
          {canSubmit && (
            <Button type="submit" variant="contained" disabled={busy} data-testid={submitTestId}>
              {submitLabel}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
};
