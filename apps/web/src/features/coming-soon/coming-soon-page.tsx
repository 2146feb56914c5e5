import { ConstructionOutlined } from '@mui/icons-material';
import { Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

// Areas whose screens are not built yet say so plainly instead of showing fake data.
export const ComingSoonPage = ({ area }: { area?: string }) => {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid="coming-soon">
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <ConstructionOutlined color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {area ?? t('comingSoon.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {t('comingSoon.message')}
        </Typography>
      </Stack>
    </Paper>
  );
};
