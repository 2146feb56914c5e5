import { passwordResetBody } from '@atende/shared/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, CircularProgress, Link, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { errorMessage, toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { PasswordField } from '../users/password-field.tsx';
import { AuthCard } from './auth-card.tsx';
import { usePasswordResetLink, useResetPassword } from './use-password-reset.ts';

// The request's schema (the token comes from the link) plus the confirmation only the form has.
const resetForm = passwordResetBody
  .omit({ token: true })
  .extend({ confirmation: z.string().trim() })
  .refine((values) => values.password === values.confirmation, { path: ['confirmation'], message: 'validation.passwordsDiffer' });

type ResetValues = z.input<typeof resetForm>;

// Issue 38 point 2: the page a reset mail links to. A link that no longer works says so at once;
// a new password leads to the login page, where the user signs in with it.
export const ResetPasswordPage = () => {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const link = usePasswordResetLink(token);
  return (
    <AuthCard title={t('passwordReset.resetTitle')} testId="reset-password-page">
      {link.isSuccess ? (
        <ResetForm token={token} />
      ) : link.isPending && token ? (
        <Stack sx={{ alignItems: 'center' }}>
          <CircularProgress />
        </Stack>
      ) : (
        <Alert severity="error" data-testid="reset-password-invalid">
          {link.error ? errorMessage(link.error) : t('errors.ERR_INVALID_TOKEN')}
        </Alert>
      )}
      <Link component={RouterLink} to="/forgot-password" sx={{ textAlign: 'center' }}>
        {t('passwordReset.askAgain')}
      </Link>
    </AuthCard>
  );
};

const ResetForm = ({ token }: { token: string }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetValues>({ defaultValues: { password: '', confirmation: '' }, resolver: zodResolver(resetForm) });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      toast.success(t('passwordReset.done'));
      void navigate('/login');
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
    }
  });

  const field = (name: keyof ResetValues) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), fullWidth: true };
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <PasswordField {...field('password')} label={t('choosePassword.newPassword')} autoComplete="new-password" autoFocus testId="reset-password-new" />
      <PasswordField {...field('confirmation')} label={t('choosePassword.confirmation')} autoComplete="new-password" testId="reset-password-confirmation" />
      <Button type="submit" variant="contained" size="large" disabled={reset.isPending} data-testid="reset-password-submit">
        {t('passwordReset.submit')}
      </Button>
    </Stack>
  );
};
