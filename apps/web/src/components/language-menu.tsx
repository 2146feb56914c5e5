import { Check, Translate } from '@mui/icons-material';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, languages } from '../lib/i18n.ts';

export const LanguageMenu = ({ color = 'inherit' }: { color?: 'inherit' | 'default' }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = currentLanguage();
  return (
    <>
      <Tooltip title={t('language.label')}>
        <IconButton color={color} onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('language.label')} data-testid="language-button">
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language}
            selected={language === active}
            onClick={() => {
              changeLanguage(language);
              setAnchor(null);
            }}
            data-testid={`language-${language}`}
          >
            <ListItemIcon>{language === active && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`language.names.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
