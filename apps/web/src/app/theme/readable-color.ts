import { darken, getContrastRatio, lighten } from '@mui/material/styles';

// WCAG AA for normal text
export const MIN_TEXT_CONTRAST = 4.5;

// The colour itself when it reads well on the background, else the nearest lighter (dark
// theme) or darker (light theme) shade that does. A company's primary colour is chosen for bars
// and buttons; as text on the page (the active tab's label) a deep blue vanishes on dark paper.
export const readableOn = (color: string, background: string, mode: 'light' | 'dark') => {
  const shade = mode === 'dark' ? lighten : darken;
  for (let step = 0; step <= 10; step += 1) {
    const candidate = step === 0 ? color : shade(color, step / 10);
    if (getContrastRatio(candidate, background) >= MIN_TEXT_CONTRAST) return candidate;
  }
  return mode === 'dark' ? '#ffffff' : '#000000';
};
