import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../features/branding/use-branding.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage.ts';
import { ColorModeContext, type ColorMode } from '../../lib/color-mode.ts';
import { createAppTheme } from './create-app-theme.ts';

const storedMode = (): ColorMode | null => {
  const stored = readStorage(storageKeys.preferredTheme);
  return stored === 'light' || stored === 'dark' ? stored : null;
};

// preferredTheme in localStorage, else the system preference (03-saas §9).
export const AppThemeProvider = ({ children }: { children: ReactNode }) => {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [chosen, setChosen] = useState<ColorMode | null>(storedMode);
  const mode: ColorMode = chosen ?? (prefersDark ? 'dark' : 'light');
  const { primaryColorLight, primaryColorDark } = useBranding();
  // re-renders on a change of language, which the theme's MUI words follow
  useTranslation();
  const language = currentLanguage();

  const setMode = useCallback((next: ColorMode) => {
    setChosen(next);
    writeStorage(storageKeys.preferredTheme, next);
  }, []);
  const toggle = useCallback(() => setMode(mode === 'dark' ? 'light' : 'dark'), [mode, setMode]);

  const theme = useMemo(
    () => createAppTheme(mode, mode === 'dark' ? primaryColorDark : primaryColorLight, language),
    [mode, primaryColorDark, primaryColorLight, language],
  );
  const value = useMemo(() => ({ mode, toggle, setMode }), [mode, toggle, setMode]);

  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
};
