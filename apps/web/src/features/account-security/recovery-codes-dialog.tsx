import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';

// The ten recovery codes, shown once (only their hashes are kept): copied or downloaded here, or
// lost (issue 38 point 4).
export const RecoveryCodesDialog = ({ codes, onClose }: { codes: string[]; onClose: () => void }) => {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toast.success(t('security.twoFactor.recoveryCodes.copied'));
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="recovery-codes-dialog">
      <DialogTitle>{t('security.twoFactor.recoveryCodes.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="warning">{t('security.twoFactor.recoveryCodes.warning')}</Alert>
          <Box component="ol" sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3 }} data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy().catch(() => undefined)} data-testid="recovery-codes-copy">
          {t('security.twoFactor.recoveryCodes.copy')}
        </Button>
        <Button onClick={download} data-testid="recovery-codes-download">
          {t('security.twoFactor.recoveryCodes.download')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="recovery-codes-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
