import { zodResolver } from '@hookform/resolvers/zod';
import { emailConnectionBody } from '@atende/shared/email';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectDialog } from './connect-dialog.tsx';
import { useConnectDialogForm } from './use-connect-dialog-form.ts';
import { useConnectEmail, type EmailConnectionValues } from './use-email-connect.ts';

const resolver = zodResolver(emailConnectionBody, undefined, { raw: true });
const emptyValues: EmailConnectionValues = { name: '', supportAddress: '', smtp: { host: '', port: 587, secure: false, user: '', password: '' } };

// Connects a support mailbox (issue 41 point 2; docs/email.md): its SMTP server for the answers,
// then the forwarding address its mail must be forwarded to.
export const EmailConnectDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const connect = useConnectEmail();
  const [forwarding, setForwarding] = useState<string | null>(null);
  const { text, form, failure, close, submit, pending } = useConnectDialogForm({
    emptyValues,
    resolver,
    connect,
    testIdPrefix: 'email',
    onClose,
    onConnected: (connection) => setForwarding(connection.number),
  });

  return (
    <>
      <ConnectDialog
        open={open && forwarding === null}
        title={t('connections.email.title')}
        submitLabel={t('connections.email.connect')}
        failure={failure}
        busy={pending}
        testIdPrefix="email"
        onClose={close}
        onSubmit={submit}
      >
        <Typography variant="body2" color="text.secondary">
          {t('connections.email.hint')}
        </Typography>
        <TextField {...text('name')} label={t('connections.fields.name')} fullWidth autoFocus />
        <TextField {...text('supportAddress')} label={t('connections.email.supportAddress')} fullWidth type="email" />
        <Stack direction="row" spacing={2}>
          <TextField {...text('smtp.host')} label={t('connections.email.host')} fullWidth />
          <TextField {...text('smtp.port')} label={t('connections.email.port')} type="number" sx={{ width: 140 }} />
        </Stack>
        <FormControlLabel control={<Switch {...form.register('smtp.secure')} defaultChecked={false} />} label={t('connections.email.secure')} />
        <TextField {...text('smtp.user')} label={t('connections.email.user')} fullWidth />
        <TextField {...text('smtp.password')} label={t('connections.email.password')} fullWidth type="password" />
      </ConnectDialog>
      <Dialog open={forwarding !== null} onClose={() => setForwarding(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{t('connections.email.forwardingTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('connections.email.forwardingHint')}
          </Alert>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="email-forwarding-address">
            {forwarding}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setForwarding(null)} data-testid="email-forwarding-close">
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
