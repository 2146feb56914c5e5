import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { MIN_TEXT_CONTRAST, readableOn } from './readable-color.ts';

describe('readable primary text (issue 11: the active tab in the dark theme)', () => {
  it('lightens the default deep blue until it reads on the dark paper', () => {
    const color = readableOn('#065183', '#1e1e1e', 'dark');
    expect(getContrastRatio('#065183', '#1e1e1e')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(getContrastRatio(color, '#1e1e1e')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
  it('keeps a colour that already reads, and darkens a pale one on white', () => {
    expect(readableOn('#065183', '#ffffff', 'light')).toBe('#065183');
    expect(getContrastRatio(readableOn('#ffeb3b', '#ffffff', 'light'), '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
