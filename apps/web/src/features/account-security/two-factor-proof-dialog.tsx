import { twoFactorDisableBody, type TwoFactorDisableBody } from '@atende/shared/two-factor';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../components/one-time-code-field.tsx';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { toastError } from '../../lib/error-message.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';
import { PasswordField } from '../users/password-field.tsx';

type Proof = TwoFactorDisableBody;
type TwoFactorProofDialogProps = {
  title: string;
  explanation: string;
  confirmLabel: string;
  // turning it off also takes the password instead of a code
  allowPassword: boolean;
  busy: boolean;
  onProve: (proof: Proof) => Promise<unknown>;
  onClose: () => void;
  testId: string;
};

// A change that asks the user to prove it is them again (issue 38 point 4): a current code of the
// app, or where allowed the password.
export const TwoFactorProofDialog = ({ title, explanation, confirmLabel, allowPassword, busy, onProve, onClose, testId }: TwoFactorProofDialogProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [withPassword, setWithPassword] = useState(false);
  const checkProof = rawSchemaResolver<Proof>(twoFactorDisableBody);
  // only the field in use is checked and sent
  const resolver: Resolver<Proof> = (values, context, options) =>
    checkProof(withPassword ? { password: values.password } : { code: values.code }, context, options);
  const form = useForm<Proof>({ defaultValues: { code: '', password: '' }, resolver });
  const passwordField = form.register('password');

  const submit = form.handleSubmit(async (proof) => {
    try {
      await onProve(proof);
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid={testId}>
      <Stack component="form" noValidate onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">{explanation}</Typography>
            {withPassword ? (
              <PasswordField
                {...passwordField}
                label={t('security.twoFactor.password')}
                autoComplete="current-password"
                fullWidth
                error={Boolean(form.formState.errors.password)}
                helperText={fieldError(form.formState.errors.password)}
                testId={`${testId}-password`}
              />
            ) : (
              <OneTimeCodeField form={form} name="code" label={t('security.twoFactor.code')} testId={`${testId}-code`} autoFocus />
            )}
            {allowPassword && (
              <Link component="button" type="button" variant="body2" onClick={() => setWithPassword(!withPassword)} sx={{ alignSelf: 'flex-start' }}>
                {withPassword ? t('security.twoFactor.useCode') : t('security.twoFactor.usePassword')}
              </Link>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-submit`}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
};
