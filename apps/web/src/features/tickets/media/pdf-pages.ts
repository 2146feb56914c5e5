import { PDF_EXPORT } from '@atende/shared/constants';

// A4 in millimetres; the content area is the page less the margin on every side (01-core §9).
const A4_MM = { width: 210, height: 297 } as const;
export const PDF_CONTENT_MM = {
  width: A4_MM.width - 2 * PDF_EXPORT.marginMm,
  height: A4_MM.height - 2 * PDF_EXPORT.marginMm,
} as const;

export type PdfSlice = { top: number; height: number; heightMm: number };

const pageHeightPx = (widthPx: number) => (PDF_CONTENT_MM.height * widthPx) / PDF_CONTENT_MM.width;

// How tall content of this width may be before it fills PDF_EXPORT.maxPages pages.
export const pdfCapacityPx = (widthPx: number) => PDF_EXPORT.maxPages * pageHeightPx(widthPx);

// Cuts content of the given CSS size into page-high bands scaled to the page width. Past the
// page limit the oldest part is left out: a chat's latest messages are at the bottom.
export const pdfSlices = (widthPx: number, heightPx: number): PdfSlice[] => {
  if (widthPx <= 0 || heightPx <= 0) return [];
  const page = pageHeightPx(widthPx);
  const start = Math.max(0, heightPx - pdfCapacityPx(widthPx));
  const count = Math.ceil((heightPx - start) / page);
  return Array.from({ length: count }, (_, index) => {
    const top = start + index * page;
    const height = Math.min(page, heightPx - top);
    return { top, height, heightMm: (height * PDF_CONTENT_MM.width) / widthPx };
  });
};
