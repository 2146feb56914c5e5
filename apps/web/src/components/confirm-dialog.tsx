import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export const ConfirmDialog = ({ open, title, children, busy, onConfirm, onClose }: ConfirmDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="confirm-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit" data-testid="confirm-cancel">
          {t('common.no')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color="error" disabled={busy} data-testid="confirm-ok">
          {t('common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
