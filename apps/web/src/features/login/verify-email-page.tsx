import { Alert, Box, CircularProgress, Link } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/error-message.ts';
import { AuthCard } from './auth-card.tsx';
import { ResendVerificationForm } from '../signup/resend-verification-form.tsx';
import { useVerifySignup } from '../signup/use-signup-verification.ts';

// Issue 38 point 3: the page a sign-up's verification mail links to. Opening it verifies the
// email once; a used or expired link offers a new one.
export const VerifyEmailPage = () => {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const verify = useVerifySignup();
  // the link is used once, even where React runs effects twice
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  return (
    <AuthCard title={t('verifyEmail.title')} testId="verify-email-page">
      {verify.isSuccess ? (
        <Alert severity="success" data-testid="verify-email-done">
          {t('verifyEmail.done')}
        </Alert>
      ) : verify.isError || !token ? (
        <>
          <Alert severity="error" data-testid="verify-email-invalid">
            {verify.error ? errorMessage(verify.error) : t('errors.ERR_INVALID_TOKEN')}
          </Alert>
          <ResendVerificationForm />
        </>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress />
        </Box>
      )}
      <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }} data-testid="verify-email-login">
        {t('acceptInvitation.toLogin')}
      </Link>
    </AuthCard>
  );
};
