import { passwordResetBody } from '@atende/shared/password-reset';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, CircularProgress, Link, Stack } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../components/field-errors.ts';
import { useTextFieldProps } from '../../components/use-text-field-props.ts';
import { errorMessage, toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { withPasswordConfirmation } from './password-confirmation.ts';
import { usePasswordResetLink, useResetPassword } from './use-password-reset.ts';

// the token comes from the link
const resetForm = withPasswordConfirmation(passwordResetBody.omit({ token: true }));

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
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<ResetValues>({ defaultValues: { password: '', confirmation: '' }, resolver: zodResolver(resetForm) });
  const field = useTextFieldProps(form);

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      toast.success(t('passwordReset.done'));
      void navigate('/login');
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <NewPasswordFields password={field('password')} confirmation={field('confirmation')} testId="reset-password" autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={reset.isPending} data-testid="reset-password-submit">
        {t('passwordReset.submit')}
      </Button>
    </Stack>
  );
};
