// The process that reads a PDF's text for the knowledge (issue 42 point 1): pdf.js (unpdf, no native
// code) runs here and never in the server's process, where a hostile PDF (forms drawing forms, each
// many times over) would hold every request and socket for as long as it parses, or grow the heap
// until the server dies. knowledge-documents.ts forks one per PDF with a heap cap and kills it past
// the time limit; the production build bundles this file as an entry of its own.
import { readFile } from 'node:fs/promises';
import { getDocumentProxy } from 'unpdf';

export type PdfTextRequest = { path: string; maxPages: number; maxChars: number };
export type PdfTextAnswer = { text: string } | { unreadable: string };

const readPdf = async ({ path, maxPages, maxChars }: PdfTextRequest): Promise<PdfTextAnswer> => {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(await readFile(path)), { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    return { unreadable: error instanceof Error && error.message ? error.message : 'not a PDF' };
  }
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages) && length <= maxChars; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('');
      pages.push(text);
      length += text.length;
    }
    return { text: pages.join('\n\n') };
  } catch (error) {
    return { unreadable: error instanceof Error && error.message ? error.message : 'unreadable' };
  } finally {
    await pdf.destroy();
  }
};

// one request, one answer, then the process ends
process.once('message', async (request: PdfTextRequest) => {
  const answer = await readPdf(request);
  process.send?.(answer, () => process.disconnect?.());
});
