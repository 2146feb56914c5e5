import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-context.ts';
import { AuthCard } from '../login/auth-card.tsx';
import { TwoFactorEnrollment } from './two-factor-enrollment.tsx';

// Issue 38 point 4: shown instead of every private screen while the company (or, for an admin, the
// platform) requires two-factor sign-in and the user has not turned it on; the server refuses
// everything else until then.
export const EnrollTwoFactorPage = () => {
  const { t } = useTranslation();
  const { signOut } = useSession();
  return (
    <AuthCard title={t('security.twoFactor.requiredTitle')} testId="enroll-two-factor-page">
      <Alert severity="info">{t('security.twoFactor.requiredExplanation')}</Alert>
      <TwoFactorEnrollment />
      <Button onClick={() => void signOut()} data-testid="enroll-two-factor-sign-out">
        {t('shell.logout')}
      </Button>
    </AuthCard>
  );
};
