import { ReceiptLongOutlined } from '@mui/icons-material';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AppLogo } from '../branding/app-logo.tsx';
import { useSession } from '../auth/session-context.ts';
import { useOverdueMessage } from './overdue-message.ts';

export type OverdueState = { dueDate?: string };

// /financeiro-aberto: reachable signed in or not, so it stands outside the shell.
export const OverduePage = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const { user } = useSession();
  const state = location.state as OverdueState | null;
  const message = useOverdueMessage()(state?.dueDate ?? user?.company.dueDate);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, textAlign: 'center' }} data-testid="overdue-page">
        <Stack spacing={3} sx={{ alignItems: 'center' }}>
          <AppLogo variant="h5" />
          <ReceiptLongOutlined color="warning" sx={{ fontSize: 56 }} />
          <Typography variant="h6" component="h1" data-testid="overdue-message">
            {message}
          </Typography>
          <Button component={Link} to="/login" variant="contained" data-testid="overdue-back">
            {t('overdue.backToLogin')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
};
