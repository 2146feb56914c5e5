import { twoFactorCodeBody, type TwoFactorCodeBody } from '@atende/shared/two-factor';
import { Box, Button, Stack, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../components/one-time-code-field.tsx';
import { toastError } from '../../lib/error-message.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { useConfirmTwoFactor, useStartTwoFactor, useTwoFactorState } from './use-two-factor.ts';

// the key in groups of four, as authenticator apps show it
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

// Issue 38 point 4: turning two-factor sign-in on: the QR code and the manual key for the app,
// then its first code; the recovery codes are shown once, and the session learns that it is on
// only when they are closed (the page that shows them may give way then).
export const TwoFactorEnrollment = () => {
  const { t } = useTranslation();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const setEnabled = useTwoFactorState();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm<TwoFactorCodeBody>({ defaultValues: { code: '' }, resolver: rawSchemaResolver(twoFactorCodeBody) });

  const submit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: (answer) => setRecoveryCodes(answer.recoveryCodes),
      onError: (error) => toastError(error),
    }),
  );

  if (!start.data) {
    return (
      <Button variant="contained" disabled={start.isPending} onClick={() => start.mutate(undefined, { onError: (error) => toastError(error) })} data-testid="two-factor-start">
        {t('security.twoFactor.start')}
      </Button>
    );
  }
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="two-factor-enrollment">
      <Typography variant="body2">{t('security.twoFactor.scan')}</Typography>
      <Box sx={{ alignSelf: 'center', p: 1, bgcolor: '#fff', lineHeight: 0 }}>
        <QRCodeSVG value={start.data.otpauthUri} size={180} data-testid="two-factor-qr" />
      </Box>
      <Typography variant="body2">{t('security.twoFactor.manualKey')}</Typography>
      <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="two-factor-manual-key">
        {grouped(start.data.manualKey)}
      </Typography>
      <OneTimeCodeField form={form} name="code" label={t('security.twoFactor.firstCode')} testId="two-factor-code" />
      <Button type="submit" variant="contained" disabled={confirm.isPending} data-testid="two-factor-confirm">
        {t('security.twoFactor.confirm')}
      </Button>
      {recoveryCodes && <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setEnabled(true)} />}
    </Stack>
  );
};
