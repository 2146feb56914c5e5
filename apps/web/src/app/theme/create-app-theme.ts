import { createTheme } from '@mui/material';
import { enUS, esES, ptBR, trTR } from '@mui/material/locale';
import { DRAWER_WIDTH } from '@atende/shared/constants';
import type { Language } from '../../lib/i18n.ts';
import type { ColorMode } from '../../lib/color-mode.ts';

// MUI's own words (table pagination, "Go to next page", autocomplete's "No options") in the
// app's language (issue 35 point 12).
const muiLocales: Record<Language, typeof ptBR> = { pt: ptBR, en: enUS, es: esES, tr: trTR };
import { readableOn } from './readable-color.ts';

export const createAppTheme = (mode: ColorMode, primary: string, language: Language) => {
  const background = mode === 'dark' ? { default: '#121212', paper: '#1e1e1e' } : { default: '#f4f6f8', paper: '#ffffff' };
  // the primary colour where it is text or a thin line on the page rather than a filled surface
  const primaryText = readableOn(primary, background.paper, mode);
  return createTheme({
    palette: {
      mode,
      primary: { main: primary },
      background,
    },
    shape: { borderRadius: 8 },
    // 01-core §9: the 600 px mobile breakpoint is MUI's `sm`
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
      MuiDrawer: { styleOverrides: { paper: { width: DRAWER_WIDTH } } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      MuiTab: { styleOverrides: { root: { '&.Mui-selected': { color: primaryText } } } },
      MuiIconButton: { styleOverrides: { colorPrimary: { color: primaryText } } },
      MuiTabs: { styleOverrides: { indicator: { backgroundColor: primaryText } } },
    },
  }, muiLocales[language]);
};
