import { LockOutlined } from '@mui/icons-material';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export const AccessDeniedPage = () => {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="access-denied">
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <LockOutlined color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
          403
        </Typography>
        <Typography variant="h6" component="h1">
          {t('accessDenied.title')}
        </Typography>
        <Button component={Link} to="/tickets" variant="contained" data-testid="access-denied-back">
          {t('common.back')}
        </Button>
      </Stack>
    </Paper>
  );
};
