import { describe, expect, it } from 'vitest';
import { parseWhatsAppFormatting } from './whatsapp-format.ts';

describe("WhatsApp's text formatting (issue 35 point 10)", () => {
  it('reads bold, italic, strike and monospace', () => {
    expect(parseWhatsAppFormatting('a *bold* b _it_ c ~gone~ d ```x = 1```')).toEqual([
      'a ',
      { style: 'bold', children: ['bold'] },
      ' b ',
      { style: 'italic', children: ['it'] },
      ' c ',
      { style: 'strike', children: ['gone'] },
      ' d ',
      { style: 'mono', children: ['x = 1'] },
    ]);
  });
  it('nests markers and formats nothing inside monospace', () => {
    expect(parseWhatsAppFormatting('*_both_*')).toEqual([{ style: 'bold', children: [{ style: 'italic', children: ['both'] }] }]);
    expect(parseWhatsAppFormatting('```*not bold*```')).toEqual([{ style: 'mono', children: ['*not bold*'] }]);
  });
  it('reads the signature the product puts before a message', () => {
    expect(parseWhatsAppFormatting('*Ana*:\nOlá')).toEqual([{ style: 'bold', children: ['Ana'] }, ':\nOlá']);
  });
  it('leaves markers as typed where WhatsApp does', () => {
    for (const text of ['snake_case_name', '2 * 3 * 4', '* spaced *', 'a*b*c', '**', 'open *bold\nline*', 'one ``` fence', 'price ~5 and ~6']) {
      expect(parseWhatsAppFormatting(text)).toEqual([text]);
    }
  });
  it('keeps markup as text: nothing is read as HTML', () => {
    expect(parseWhatsAppFormatting('*<img src=x onerror=alert(1)>*')).toEqual([{ style: 'bold', children: ['<img src=x onerror=alert(1)>'] }]);
  });
  it('gives an empty text no pieces', () => {
    expect(parseWhatsAppFormatting('')).toEqual([]);
  });
});
