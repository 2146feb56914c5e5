import { Alert, Box, Dialog, DialogContent, DialogTitle, Stack } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';

type ConnectDialogProps = {
  open: boolean;
  title: string;
  submitLabel: string;
  // the server's refusal, shown inside the dialog so the typed values stay
  failure: string | null;
  busy: boolean;
  testIdPrefix: string;
  onClose: () => void;
  onSubmit: FormEventHandler;
  children: ReactNode;
};

// The frame of the dialogs that connect an account of a channel (Cloud API number, Facebook pages).
export const ConnectDialog = ({ open, title, submitLabel, failure, busy, testIdPrefix, onClose, onSubmit, children }: ConnectDialogProps) => {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid={`${testIdPrefix}-dialog`}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && (
              <Alert severity="error" data-testid={`${testIdPrefix}-error`}>
                {failure}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={busy} submitLabel={submitLabel} submitTestId={`${testIdPrefix}-submit`} cancelTestId={`${testIdPrefix}-cancel`} />
      </Box>
    </Dialog>
  );
};
