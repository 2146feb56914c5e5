import { signupResendBody, type SignupResendBody } from '@atende/shared/signup-verification';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';
import { toastError } from '../../lib/error-message.ts';
import { useResendSignupVerification } from './use-signup-verification.ts';

// A new verification link for a sign-up awaiting it (issue 38 point 3).
export const ResendVerificationForm = ({ email = '' }: { email?: string }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const resend = useResendSignupVerification();
  const form = useForm<SignupResendBody>({ defaultValues: { email }, resolver: zodResolver(signupResendBody) });
  const { ref, ...emailField } = form.register('email');
  const submit = form.handleSubmit((values) => resend.mutate(values, { onError: (error) => toastError(error) }));
  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={submit}>
      <TextField
        {...emailField}
        inputRef={ref}
        type="email"
        size="small"
        label={t('signup.fields.email')}
        error={Boolean(form.formState.errors.email)}
        helperText={fieldError(form.formState.errors.email)}
        slotProps={{ htmlInput: { 'data-testid': 'resend-verification-email' } }}
      />
      <Button type="submit" variant="outlined" disabled={resend.isPending} data-testid="resend-verification-submit">
        {t('verifyEmail.resend')}
      </Button>
      {resend.isSuccess && (
        <Alert severity="info" data-testid="resend-verification-sent">
          {t('verifyEmail.resent')}
        </Alert>
      )}
    </Stack>
  );
};
