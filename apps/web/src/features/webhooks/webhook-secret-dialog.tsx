import type { WebhookEndpointWithSecret } from '@atende/shared/webhooks';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';

type WebhookSecretDialogProps = { answer: WebhookEndpointWithSecret; onClose: () => void };

// The signing secret is answered once (creation, rotation): this dialog is the only time it is seen.
export const WebhookSecretDialog = ({ answer, onClose }: WebhookSecretDialogProps) => {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard.writeText(answer.secret);
    toast.success(t('webhooks.secret.copied'));
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="webhook-secret-dialog">
      <DialogTitle>{t('webhooks.secret.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="warning">{t('webhooks.secret.onlyOnce')}</Alert>
          <TextField value={answer.secret} label={answer.endpoint.url} fullWidth slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'webhook-secret' } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy().catch(() => undefined)} data-testid="webhook-secret-copy">
          {t('webhooks.secret.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
