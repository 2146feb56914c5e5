import { twoFactorLoginBody, type TwoFactorLoginBody } from '@atende/shared/auth';
import { Button, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../components/one-time-code-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';
import { useLoginTwoFactor } from './use-login.ts';

type TwoFactorStepProps = { challenge: string; onRestart: () => void };

// Issue 38 point 4: the sign-in's second step, after a right password: the app's code, or one of
// the recovery codes. A challenge past its five minutes sends the user back to the password.
export const TwoFactorStep = ({ challenge, onRestart }: TwoFactorStepProps) => {
  const { t } = useTranslation();
  const login = useLoginTwoFactor();
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const checkFactor = rawSchemaResolver<TwoFactorLoginBody>(twoFactorLoginBody);
  // only the field in use is checked and sent
  const resolver: Resolver<TwoFactorLoginBody> = (values, context, options) =>
    checkFactor(withRecoveryCode ? { challenge, recoveryCode: values.recoveryCode } : { challenge, code: values.code }, context, options);
  const form = useForm<TwoFactorLoginBody>({ defaultValues: { challenge, code: '', recoveryCode: '' }, resolver });

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED') onRestart();
      },
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="login-two-factor">
      <Typography variant="body2">{withRecoveryCode ? t('login.twoFactor.recoveryExplanation') : t('login.twoFactor.explanation')}</Typography>
      {withRecoveryCode ? (
        <OneTimeCodeField key="recovery" form={form} name="recoveryCode" label={t('login.twoFactor.recoveryCode')} testId="login-recovery-code" numeric={false} autoFocus />
      ) : (
        <OneTimeCodeField key="code" form={form} name="code" label={t('login.twoFactor.code')} testId="login-two-factor-code" autoFocus />
      )}
      <Button type="submit" variant="contained" size="large" disabled={login.isPending} data-testid="login-two-factor-submit">
        {t('login.twoFactor.submit')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Link component="button" type="button" variant="body2" onClick={() => setWithRecoveryCode(!withRecoveryCode)} data-testid="login-use-recovery-code">
          {withRecoveryCode ? t('login.twoFactor.useCode') : t('login.twoFactor.useRecoveryCode')}
        </Link>
        <Link component="button" type="button" variant="body2" onClick={onRestart} data-testid="login-two-factor-back">
          {t('login.twoFactor.back')}
        </Link>
      </Stack>
    </Stack>
  );
};
