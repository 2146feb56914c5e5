import { zodResolver } from '@hookform/resolvers/zod';
import { signupBody, type SignupBody } from '@atende/shared/companies';
import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { toast } from '../../lib/toast.ts';
import { AppLogo } from '../branding/app-logo.tsx';
import { usePublicSettingQuery } from '../branding/use-public-setting.ts';
import { PasswordField } from '../users/password-field.tsx';
import { PlanSelect } from '../plans/plan-select.tsx';
import { plansApi, plansQueryKeys } from '../plans/plans-api.ts';
import { ResendVerificationForm } from './resend-verification-form.tsx';
import { useSignup } from './use-signup.ts';

type TextFieldName = 'name' | 'companyName' | 'email' | 'phone';

// 03-saas §2 Sign-up page: shown only while the global setting userCreation is enabled.
export const SignupPage = () => {
  const userCreation = usePublicSettingQuery('userCreation');
  if (userCreation.isPending) return null;
  if (userCreation.data?.value !== 'enabled') return <Navigate to="/login" replace />;
  return <SignupForm />;
};

const SignupForm = () => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const plans = useQuery({ queryKey: plansQueryKeys.publicList, queryFn: plansApi.publicList });
  const form = useForm<z.input<typeof signupBody>, unknown, SignupBody>({
    defaultValues: { name: '', companyName: '', email: '', password: '', phone: '', planId: undefined },
    resolver: zodResolver(signupBody),
  });
  const { errors } = form.formState;
  const signup = useSignup(Number(query.get('companyId')) || undefined);
  // the email a verification link went to (issue 38 point 3): the page says to open it
  const [sentTo, setSentTo] = useState<string | null>(null);
  const signedUp = (answer: { awaitingVerification: boolean }, values: SignupBody) => {
    if (answer.awaitingVerification) setSentTo(values.email);
    else void navigate('/login');
  };
  const signupFailed = (error: unknown) => {
    setServerFieldErrors(form.setError, error);
    toast.error(t('signup.error'));
  };
  const field = (name: TextFieldName) => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      inputRef: ref,
      fullWidth: true,
      label: t(`signup.fields.${name}`),
      error: Boolean(errors[name]),
      helperText: fieldError(errors[name]),
      slotProps: { htmlInput: { 'data-testid': `signup-${name}` } },
    };
  };
  const password = form.register('password');

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, width: '100%', maxWidth: 480 }} data-testid="signup-page">
        {sentTo ? (
          <CheckEmail email={sentTo} />
        ) : (
          <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit((values) => signup.mutate(values, { onSuccess: signedUp, onError: signupFailed }))} sx={{ alignItems: 'stretch' }}>
            <Box sx={{ textAlign: 'center' }}>
              <AppLogo variant="h5" />
              <Typography variant="h6" component="h1">
                {t('signup.title')}
              </Typography>
            </Box>
            <TextField {...field('name')} autoFocus />
            <TextField {...field('companyName')} />
            <TextField {...field('email')} type="email" />
            <PasswordField
              {...password}
              fullWidth
              label={t('signup.fields.password')}
              error={Boolean(errors.password)}
              helperText={fieldError(errors.password)}
              testId="signup-password"
            />
            <TextField {...field('phone')} placeholder={t('signup.phoneHint')} />
            <Controller
              control={form.control}
              name="planId"
              render={({ field: plan }) => (
                <PlanSelect plans={plans.data ?? []} label={t('signup.fields.planId')} value={typeof plan.value === 'number' ? plan.value : undefined} onChange={plan.onChange} error={Boolean(errors.planId)} testId="signup-planId" />
              )}
            />
            <Button type="submit" variant="contained" size="large" disabled={signup.isPending} data-testid="signup-submit">
              {t('signup.submit')}
            </Button>
            <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }} data-testid="signup-login-link">
              {t('signup.backToLogin')}
            </Link>
          </Stack>
        )}
      </Paper>
    </Box>
  );
};

const CheckEmail = ({ email }: { email: string }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'stretch' }}>
      <Box sx={{ textAlign: 'center' }}>
        <AppLogo variant="h5" />
        <Typography variant="h6" component="h1">
          {t('signup.checkEmail.title')}
        </Typography>
      </Box>
      <Alert severity="success" data-testid="signup-check-email">
        {t('signup.checkEmail.message', { email })}
      </Alert>
      <ResendVerificationForm email={email} />
      <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }} data-testid="signup-login-link">
        {t('signup.backToLogin')}
      </Link>
    </Stack>
  );
};
