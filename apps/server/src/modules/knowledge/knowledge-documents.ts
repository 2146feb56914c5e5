// Reads the text of a file list's document for the knowledge (issue 42 point 1): a PDF through
// pdf.js (unpdf, no native code), a text file as UTF-8. Bounded in bytes, pages and characters, so a
// tenant's huge or hostile file cannot hold the worker; a file that cannot be read is reported.
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { KNOWLEDGE_BODY_MAX_CHARS } from '@atende/shared/knowledge';
import { getDocumentProxy } from 'unpdf';

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_MAX_PAGES = 300;

const textExtensions = new Set(['.txt', '.csv', '.md']);

export class UnreadableDocument extends Error {}

export const isKnowledgeDocument = (path: string) => {
  const extension = extname(path).toLowerCase();
  return extension === '.pdf' || textExtensions.has(extension);
};

const readPdf = async (bytes: Uint8Array) => {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false });
  } catch (error) {
    throw new UnreadableDocument(error instanceof Error ? error.message : 'not a PDF');
  }
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, PDF_MAX_PAGES) && length <= KNOWLEDGE_BODY_MAX_CHARS; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('');
      pages.push(text);
      length += text.length;
    }
    return pages.join('\n\n');
  } finally {
    await pdf.destroy();
  }
};

// The document's text cut to what an article holds, at a blank so no word is halved.
const bounded = (text: string) => {
  const clean = text.replaceAll('\u0000', '').trim();
  if (clean.length <= KNOWLEDGE_BODY_MAX_CHARS) return clean;
  const cut = clean.slice(0, KNOWLEDGE_BODY_MAX_CHARS);
  const blank = cut.search(/\s\S*$/);
  return (blank > 0 ? cut.slice(0, blank) : cut).trim();
};

export const readDocumentText = async (path: string) => {
  const { size } = await stat(path);
  if (size > DOCUMENT_MAX_BYTES) throw new UnreadableDocument(`larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);
  const bytes = await readFile(path);
  const text = extname(path).toLowerCase() === '.pdf' ? await readPdf(new Uint8Array(bytes)) : bytes.toString('utf8');
  const body = bounded(text);
  if (!body) throw new UnreadableDocument('no text');
  return body;
};
