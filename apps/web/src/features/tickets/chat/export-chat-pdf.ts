import { PDF_EXPORT } from '@atende/shared/constants';
import { PDF_CONTENT_MM, pdfSlices } from '../media/pdf-pages.ts';

const EXPORT_MARK = 'data-pdf-export';

// 01-core §2/§9 PDF export: the conversation, whole (not only what is scrolled into view), as A4
// pages of JPEG images. Each page is rendered on its own, so a long chat never needs a canvas
// taller than a browser allows. The libraries load only when someone exports.
export const exportChatPdf = async (scroller: HTMLElement, fileName: string) => {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([import('html2canvas'), import('jspdf')]);
  const width = scroller.clientWidth;
  const height = scroller.scrollHeight;
  const background = getComputedStyle(scroller).backgroundColor;
  const pdf = new jsPDF({ orientation: PDF_EXPORT.orientation, unit: 'mm', format: PDF_EXPORT.format });
  scroller.setAttribute(EXPORT_MARK, '');
  try {
    const slices = pdfSlices(width, height);
    for (const [index, slice] of slices.entries()) {
      const canvas = await html2canvas(scroller, {
        scale: PDF_EXPORT.scale,
        y: slice.top,
        width,
        height: slice.height,
        backgroundColor: background,
        logging: false,
        // the copy drops its scrollbar and grows to its full height
        onclone: (document) => {
          const copy = document.querySelector<HTMLElement>(`[${EXPORT_MARK}]`);
          if (copy) Object.assign(copy.style, { height: `${height}px`, maxHeight: 'none', flex: 'none', overflow: 'visible' });
        },
      });
      if (index > 0) pdf.addPage();
      const image = canvas.toDataURL('image/jpeg', PDF_EXPORT.jpegQuality);
      pdf.addImage(image, 'JPEG', PDF_EXPORT.marginMm, PDF_EXPORT.marginMm, PDF_CONTENT_MM.width, slice.heightMm);
    }
    pdf.save(fileName);
  } finally {
    scroller.removeAttribute(EXPORT_MARK);
  }
};
