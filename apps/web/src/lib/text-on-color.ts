import { getContrastRatio } from '@mui/material/styles';

// Black or white text, whichever reads better on a colour a company chose (a queue's, a tag's, a
// user's): white on a light blue chip fails WCAG's contrast (issue 35 point 3).
export const textOnColor = (background: string) =>
  getContrastRatio(background, '#ffffff') >= getContrastRatio(background, '#000000') ? '#ffffff' : 'rgba(0, 0, 0, 0.87)';
