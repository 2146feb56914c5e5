// The foot of a form dialog: cancel and the submit button that waits for the save (add for a new
// record, save for one that exists); a read-only dialog has only its close button. A dialog that is
// a choice rather than a form (forward, accept, transfer) gives onSubmit instead of a form submit.
import { Button, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type FormDialogActionsProps = {
  onClose: () => void;
  pending: boolean;
  submitTestId: string;
  adding?: boolean;
  // a dialog whose submit does one thing says it (connect, send) instead of add or save
  submitLabel?: string;
  cancelTestId?: string;
  // a dialog whose work cannot be left half-way (forwarding) keeps its cancel off while it runs
  cancelDisabled?: boolean;
  readOnly?: boolean;
  // set when the dialog is not a <form>: the submit button calls it
  onSubmit?: () => void;
  // until the dialog has what it needs (a contact picked, a queue chosen)
  submitDisabled?: boolean;
  // buttons before cancel (a delete on the left, a test call)
  children?: ReactNode;
  // a dialog that is a screen of fields gives its foot more room
  spacious?: boolean;
};

export const FormDialogActions = ({
  onClose,
  pending,
  submitTestId,
  adding,
  submitLabel,
  cancelTestId,
  cancelDisabled,
  readOnly,
  onSubmit,
  submitDisabled,
  children,
  spacious,
}: FormDialogActionsProps) => {
  const { t } = useTranslation();
  return (
    <DialogActions sx={spacious ? { px: 3, py: 2 } : undefined}>
      {children}
      <Button onClick={onClose} color="inherit" disabled={cancelDisabled} data-testid={cancelTestId}>
        {readOnly ? t('common.close') : t('common.cancel')}
      </Button>
      {!readOnly && (
        <Button
          type={onSubmit ? 'button' : 'submit'}
          onClick={onSubmit}
          disabled={submitDisabled}
          variant="contained"
          loading={pending}
          data-testid={submitTestId}
        >
          {submitLabel ?? (adding ? t('common.add') : t('common.save'))}
        </Button>
      )}
    </DialogActions>
  );
};
