import { PDF_EXPORT } from '@atende/shared/constants';
import { describe, expect, it } from 'vitest';
import { PDF_CONTENT_MM, pdfCapacityPx, pdfSlices } from './pdf-pages.ts';

describe('PDF export pages (01-core §9: A4 portrait, 10 mm margin, at most 100 pages)', () => {
  it('fits the content width to the A4 page less the margins', () => {
    expect(PDF_CONTENT_MM).toEqual({ width: 190, height: 277 });
    expect(PDF_EXPORT).toMatchObject({ orientation: 'portrait', format: 'a4', marginMm: 10, jpegQuality: 0.98, scale: 2, maxPages: 100 });
  });
  it('cuts tall content into page-high bands, the last one shorter', () => {
    // 190 px wide: one pixel a millimetre, so a page holds 277 px
    const slices = pdfSlices(190, 600);
    expect(slices.map((slice) => slice.top)).toEqual([0, 277, 554]);
    expect(slices.map((slice) => slice.height)).toEqual([277, 277, 46]);
    expect(slices.map((slice) => slice.heightMm)).toEqual([277, 277, 46]);
    expect(pdfSlices(380, 100)).toEqual([{ top: 0, height: 100, heightMm: 50 }]);
  });
  it('keeps the latest 100 pages of a longer chat and makes none of empty content', () => {
    expect(pdfCapacityPx(190)).toBe(27_700);
    const slices = pdfSlices(190, 277 * 250 + 10);
    expect(slices).toHaveLength(100);
    expect(slices[0].top).toBe(277 * 150 + 10);
    expect(slices.at(-1)).toEqual({ top: 277 * 249 + 10, height: 277, heightMm: 277 });
    expect(pdfSlices(190, 0)).toEqual([]);
  });
});
