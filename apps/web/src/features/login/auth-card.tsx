import { Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { AppLogo } from '../branding/app-logo.tsx';

// The signed-out pages' frame: the whitelabel's logo and a title over the page's own content.
export const AuthCard = ({ title, testId, children }: { title: string; testId: string; children: ReactNode }) => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
    <Paper elevation={3} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }} data-testid={testId}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 48, alignItems: 'center' }}>
          <AppLogo maxHeight={72} variant="h5" />
        </Box>
        <Typography variant="h6" component="h1" sx={{ textAlign: 'center' }}>
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  </Box>
);
