import { SystemUpdateAlt } from '@mui/icons-material';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFrontendVersion } from './use-frontend-version.ts';

export const UpdateButton = () => {
  const { t } = useTranslation();
  const { updateAvailable, applyUpdate } = useFrontendVersion();
  if (!updateAvailable) return null;
  return (
    <Button
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<SystemUpdateAlt />}
      onClick={() => void applyUpdate()}
      sx={{ mr: 1, whiteSpace: 'nowrap' }}
      data-testid="update-button"
    >
      {t('shell.update')}
    </Button>
  );
};
