import { forgotPasswordBody } from '@atende/shared/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, CircularProgress, Link, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { toastError } from '../../lib/error-message.ts';
import { useEmailDelivery } from '../../lib/use-email-delivery.ts';
import { usePublicSetting } from '../branding/use-public-setting.ts';
import { AuthCard } from './auth-card.tsx';
import { useForgotPassword } from './use-password-reset.ts';

const forgotForm = forgotPasswordBody.pick({ email: true });
type ForgotValues = z.input<typeof forgotForm>;

// Issue 38 point 2: "forgot password". After sending, the page says the same whatever the email;
// with email off it says so before anyone types, and whom to ask instead.
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const emailOn = useEmailDelivery();
  return (
    <AuthCard title={t('passwordReset.forgotTitle')} testId="forgot-password-page">
      {emailOn === undefined ? (
        <Stack sx={{ alignItems: 'center' }}>
          <CircularProgress />
        </Stack>
      ) : emailOn ? (
        <ForgotForm />
      ) : (
        <EmailOff />
      )}
      <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }} data-testid="forgot-password-to-login">
        {t('passwordReset.toLogin')}
      </Link>
    </AuthCard>
  );
};

const EmailOff = () => {
  const { t } = useTranslation();
  const supportContact = usePublicSetting('supportContact');
  return (
    <Alert severity="warning" data-testid="forgot-password-email-off">
      {t('passwordReset.emailOff')}
      {supportContact && ` ${t('passwordReset.supportContact', { contact: supportContact })}`}
    </Alert>
  );
};

const ForgotForm = () => {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const forgot = useForgotPassword();
  const form = useForm<ForgotValues>({ defaultValues: { email: '' }, resolver: zodResolver(forgotForm) });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync({ email, locale: i18n.resolvedLanguage });
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
    }
  });

  if (forgot.isSuccess) {
    return (
      <Alert severity="success" data-testid="forgot-password-sent">
        {t('passwordReset.sent')}
      </Alert>
    );
  }
  const { ref, ...email } = form.register('email');
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Alert severity="info">{t('passwordReset.forgotExplanation')}</Alert>
      <TextField
        {...email}
        inputRef={ref}
        type="email"
        label={t('login.email')}
        autoComplete="email"
        autoFocus
        fullWidth
        error={Boolean(errors.email)}
        helperText={fieldError(errors.email)}
        slotProps={{ htmlInput: { 'data-testid': 'forgot-password-email' } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={forgot.isPending} data-testid="forgot-password-submit">
        {t('passwordReset.send')}
      </Button>
    </Stack>
  );
};
