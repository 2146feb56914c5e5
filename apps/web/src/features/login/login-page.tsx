import { brandingFileUrl } from '@atende/shared/settings';
import { Alert, Box, Link, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageMenu } from '../../components/language-menu.tsx';
import { ThemeToggleButton } from '../../components/theme-toggle-button.tsx';
import { AppLogo } from '../branding/app-logo.tsx';
import { signedOutReason } from '../../lib/session/signed-out-elsewhere.ts';
import { usePublicSetting } from '../branding/use-public-setting.ts';
import { LoginForm } from './login-form.tsx';

export const LoginPage = () => {
  const { t } = useTranslation();
  const userCreation = usePublicSetting('userCreation');
  const sideImage = brandingFileUrl(usePublicSetting('loginEnterImage'));
  const [signedOutElsewhere] = useState(signedOutReason);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      {sideImage && (
        <Box
          data-testid="login-side-image"
          sx={{
            display: { xs: 'none', md: 'block' },
            flex: 1,
            backgroundImage: `url("${encodeURI(sideImage)}")`,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
      )}
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2, position: 'relative' }}>
        <Stack direction="row" sx={{ position: 'absolute', top: 8, right: 8 }}>
          <LanguageMenu color="default" />
          <ThemeToggleButton color="default" />
        </Stack>
        <Paper elevation={3} sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
          <Stack spacing={3}>
            <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 48, alignItems: 'center' }}>
              <AppLogo maxHeight={72} variant="h5" />
            </Box>
            <Typography variant="h6" component="h1" sx={{ textAlign: 'center' }}>
              {t('login.title')}
            </Typography>
            {signedOutElsewhere && (
              <Alert severity="warning" data-testid="login-signed-out-elsewhere" data-reason={signedOutElsewhere}>
                {t(`session.${signedOutElsewhere}`)}
              </Alert>
            )}
            <LoginForm />
            <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ textAlign: 'center' }} data-testid="login-forgot-password">
              {t('login.forgotPassword')}
            </Link>
            {userCreation === 'enabled' && (
              <Typography variant="body2" sx={{ textAlign: 'center' }}>
                {t('login.noAccount')}{' '}
                <Link component={RouterLink} to="/signup" data-testid="login-signup-link">
                  {t('login.signup')}
                </Link>
              </Typography>
            )}
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
};
