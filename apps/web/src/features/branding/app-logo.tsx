import { Box, Typography, useTheme } from '@mui/material';
import { useState } from 'react';
import { useBranding } from './use-branding.ts';

type AppLogoProps = { maxHeight?: number; variant?: 'h5' | 'h6' };

// A missing or broken logo falls back to the app name as text.
export const AppLogo = ({ maxHeight = 48, variant = 'h6' }: AppLogoProps) => {
  const { appName, logoLight, logoDark } = useBranding();
  const theme = useTheme();
  const logo = theme.palette.mode === 'dark' ? logoDark || logoLight : logoLight || logoDark;
  const [failed, setFailed] = useState<string | null>(null);
  if (!logo || failed === logo) {
    return (
      <Typography variant={variant} component="span" noWrap sx={{ fontWeight: 700 }} data-testid="app-name">
        {appName}
      </Typography>
    );
  }
  return (
    <Box
      component="img"
      src={logo}
      alt={appName}
      onError={() => setFailed(logo)}
      data-testid="app-logo"
      sx={{ maxHeight, maxWidth: '100%', objectFit: 'contain' }}
    />
  );
};
