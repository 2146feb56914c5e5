import { passwordChangeBody } from '@atende/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { AppLogo } from '../branding/app-logo.tsx';
import { PasswordField } from '../users/password-field.tsx';
import { setServerFieldErrors } from '../../components/field-errors.ts';
import { useTextFieldProps } from '../../components/use-text-field-props.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { withPasswordConfirmation } from './password-confirmation.ts';
import { useChangePassword } from './use-change-password.ts';

const choosePasswordForm = withPasswordConfirmation(passwordChangeBody);

type ChoosePasswordValues = z.input<typeof choosePasswordForm>;

// Issue 11 point 5: shown instead of every private screen while the signed-in user still has the
// password generated at the first start; the server refuses everything else until it is replaced.
export const ChoosePasswordPage = () => {
  const { t } = useTranslation();
  const { signOut } = useSession();
  const change = useChangePassword();
  const form = useForm<ChoosePasswordValues>({
    defaultValues: { currentPassword: '', password: '', confirmation: '' },
    resolver: zodResolver(choosePasswordForm),
  });
  const field = useTextFieldProps(form);

  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    try {
      await change.mutateAsync({ currentPassword, password });
      toast.success(t('choosePassword.saved'));
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
    }
  });

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }} data-testid="choose-password-page">
        <Stack component="form" noValidate spacing={2} onSubmit={submit}>
          <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 48, alignItems: 'center' }}>
            <AppLogo maxHeight={72} variant="h5" />
          </Box>
          <Typography variant="h6" component="h1" sx={{ textAlign: 'center' }}>
            {t('choosePassword.title')}
          </Typography>
          <Alert severity="info">{t('choosePassword.explanation')}</Alert>
          <PasswordField
            {...field('currentPassword')}
            label={t('choosePassword.currentPassword')}
            autoComplete="current-password"
            autoFocus
            testId="choose-password-current"
          />
          <NewPasswordFields password={field('password')} confirmation={field('confirmation')} testId="choose-password" />
          <Button type="submit" variant="contained" size="large" disabled={change.isPending} data-testid="choose-password-submit">
            {t('choosePassword.submit')}
          </Button>
          <Button onClick={() => void signOut()} data-testid="choose-password-sign-out">
            {t('shell.logout')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
};
