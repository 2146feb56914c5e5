import { loginBody, type LoginBody } from '@atende/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextField } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../users/password-field.tsx';
import { useFieldError } from '../../components/field-errors.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useLogin } from './use-login.ts';

// fetched only when a user with two-factor sign-in on gets there, so the login page stays light
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step.tsx')).TwoFactorStep }));
// likewise for a sign-up whose email is not verified yet (issue 38 point 3): a new link
const ResendVerificationForm = lazy(async () => ({ default: (await import('../signup/resend-verification-form.tsx')).ResendVerificationForm }));

export const LoginForm = () => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  // set once the password was right for a user with two-factor sign-in on (issue 38 point 4)
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useLogin(setChallenge);
  const { register, handleSubmit, formState, getValues } = useForm<LoginBody>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(loginBody),
  });
  const { ref: emailRef, ...email } = register('email');
  const { ref: passwordRef, ...password } = register('password');
  const { errors } = formState;

  if (challenge) {
    return (
      <Suspense>
        <TwoFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />
      </Suspense>
    );
  }
  const unverified = login.error instanceof ApiError && login.error.code === 'ERR_EMAIL_NOT_VERIFIED';
  return (
    <>
      <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit((values) => login.mutate(values))} data-testid="login-form">
        <TextField
          {...email}
          inputRef={emailRef}
          label={t('login.email')}
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email)}
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
        />
        <PasswordField
          {...password}
          ref={passwordRef}
          testId="login-password"
          label={t('login.password')}
          autoComplete="current-password"
          fullWidth
          error={Boolean(errors.password)}
          helperText={errors.password && t('validation.required')}
        />
        <Button type="submit" variant="contained" size="large" disabled={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Stack>
      {unverified && (
        <Suspense>
          <ResendVerificationForm email={getValues('email')} />
        </Suspense>
      )}
    </>
  );
};
