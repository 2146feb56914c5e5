import { createContext, useContext } from 'react';

export type ColorMode = 'light' | 'dark';

export type ColorModeContextValue = {
  mode: ColorMode;
  toggle: () => void;
  setMode: (mode: ColorMode) => void;
};

export const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export const useColorMode = () => {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode outside ColorModeProvider');
  return value;
};
