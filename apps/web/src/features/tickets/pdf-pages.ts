import { PDF_EXPORT } from '@atende/shared/constants';

// A4 in millimetres; the content area is the page less the margin on every side (01-core §9).
const A4_MM = { width: 210, height: 297 } as const;
export const PDF_CONTENT_MM = {
  width: A4_MM.width - 2 * PDF_EXPORT.marginMm,
  height: A4_MM.height - 2 * PDF_EXPORT.marginMm,
} as const;

export type PdfSlice = { top: number; height: number; heightMm: number };

// Cuts content of the given CSS size into page-high bands, scaled to the page width, at most
// PDF_EXPORT.maxPages of them; the last band is as short as what is left.
export const pdfSlices = (widthPx: number, heightPx: number): PdfSlice[] => {
  if (widthPx <= 0 || heightPx <= 0) return [];
  const pxPerMm = widthPx / PDF_CONTENT_MM.width;
  const pageHeightPx = PDF_CONTENT_MM.height * pxPerMm;
  const pages = Math.min(Math.ceil(heightPx / pageHeightPx), PDF_EXPORT.maxPages);
  return Array.from({ length: pages }, (_, index) => {
    const top = index * pageHeightPx;
    const height = Math.min(pageHeightPx, heightPx - top);
    return { top, height, heightMm: height / pxPerMm };
  });
};
