import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { usePublicSettingQuery } from '../branding/use-public-setting.ts';
import { AppLogo } from '../branding/app-logo.tsx';

// The real sign-up (03-saas §2) comes later; until then this page only says so.
export const SignupPage = () => {
  const { t } = useTranslation();
  const userCreation = usePublicSettingQuery('userCreation');
  if (userCreation.isPending) return null;
  if (userCreation.data?.value !== 'enabled') return <Navigate to="/login" replace />;
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 480, textAlign: 'center' }} data-testid="signup-page">
        <Stack spacing={3} sx={{ alignItems: 'center' }}>
          <AppLogo variant="h5" />
          <Typography variant="h6" component="h1">
            {t('signup.title')}
          </Typography>
          <Typography color="text.secondary">{t('comingSoon.message')}</Typography>
          <Button component={Link} to="/login" variant="contained">
            {t('signup.backToLogin')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
};
