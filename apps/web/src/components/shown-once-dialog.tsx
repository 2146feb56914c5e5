import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from '../lib/toast.ts';

type ShownOnceDialogProps = {
  title: string;
  // what the value is, above it
  label: string;
  value: string;
  warning: string;
  copyLabel: string;
  copiedToast: string;
  testIdPrefix: string;
  onClose: () => void;
};

// A secret the server answers once (an API key): this dialog is the only time it is seen, with a
// button that copies it.
export const ShownOnceDialog = ({ title, label, value, warning, copyLabel, copiedToast, testIdPrefix, onClose }: ShownOnceDialogProps) => {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    toast.success(copiedToast);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid={`${testIdPrefix}-dialog`}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="warning">{warning}</Alert>
          <TextField value={value} label={label} fullWidth slotProps={{ htmlInput: { readOnly: true, 'data-testid': `${testIdPrefix}-value` } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy().catch(() => undefined)} data-testid={`${testIdPrefix}-copy`}>
          {copyLabel}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid={`${testIdPrefix}-close`}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
