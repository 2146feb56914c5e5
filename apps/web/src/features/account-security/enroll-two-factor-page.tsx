import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session/session-context.ts';
import { AppLogo } from '../branding/app-logo.tsx';
import { TwoFactorEnrollment } from './two-factor-enrollment.tsx';

// Issue 38 point 4: shown instead of every private screen while the company (or, for an admin, the
// platform) requires two-factor sign-in and the user has not turned it on; the server refuses
// everything else until then.
export const EnrollTwoFactorPage = () => {
  const { t } = useTranslation();
  const { signOut } = useSession();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }} data-testid="enroll-two-factor-page">
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 48, alignItems: 'center' }}>
            <AppLogo maxHeight={72} variant="h5" />
          </Box>
          <Typography variant="h6" component="h1" sx={{ textAlign: 'center' }}>
            {t('security.twoFactor.requiredTitle')}
          </Typography>
          <Alert severity="info">{t('security.twoFactor.requiredExplanation')}</Alert>
          <TwoFactorEnrollment />
          <Button onClick={() => void signOut()} data-testid="enroll-two-factor-sign-out">
            {t('shell.logout')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
};
