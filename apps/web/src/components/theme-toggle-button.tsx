import { DarkModeOutlined, LightModeOutlined } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../lib/color-mode.ts';

export const ThemeToggleButton = ({ color = 'inherit' }: { color?: 'inherit' | 'default' }) => {
  const { t } = useTranslation();
  const { mode, toggle } = useColorMode();
  const label = mode === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip title={label}>
      <IconButton color={color} onClick={toggle} aria-label={label} data-testid="theme-toggle">
        {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
};
