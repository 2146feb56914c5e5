// Reads the text of a file list's document for the knowledge (issue 42 point 1): a PDF through
// pdf.js in a process of its own (knowledge-pdf.worker.ts), a text file as UTF-8. Bounded in bytes,
// pages and characters, and a PDF also in time and heap, so a tenant's huge or hostile file cannot
// hold the server; a file that cannot be read is reported.
import { fork } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { extname } from 'node:path';
import { KNOWLEDGE_BODY_MAX_CHARS, type KnowledgeUnreadableReason } from '@atende/shared/knowledge';
import type { PdfTextAnswer, PdfTextRequest } from './knowledge-pdf.worker.ts';

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const PDF_MAX_PAGES = 300;

// How long one PDF may parse, and the heap its reader may grow to (config.knowledgePdf).
export type PdfLimits = { timeoutMs: number; memoryMb: number };

// niceness of the reader: the server's requests and jobs come first
const READER_PRIORITY = 10;

const textExtensions = new Set(['.txt', '.csv', '.md']);

export class UnreadableDocument extends Error {
  constructor(
    readonly reason: KnowledgeUnreadableReason,
    detail: string,
  ) {
    super(detail);
  }
}

export const isKnowledgeDocument = (path: string) => {
  const extension = extname(path).toLowerCase();
  return extension === '.pdf' || textExtensions.has(extension);
};

// Beside the running module: the bundle's folder in the build (scripts/build.ts makes the reader an
// entry), this file's folder in the sources, run through tsx as the server is.
const fromSources = import.meta.url.endsWith('.ts');
const readerFile = new URL(`./knowledge-pdf.worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);

// One PDF at a time in the whole process, whichever company it is for: intakes of many companies
// hold one core, never all of them.
let lastParse: Promise<unknown> = Promise.resolve();
const oneAtATime = <T>(parse: () => Promise<T>) => {
  const turn = lastParse.then(parse);
  lastParse = turn.catch(() => undefined);
  return turn;
};

// A process rather than a worker thread: a thread past its resourceLimits is ended only when V8
// reaches a safe point within 16 MB past the cap, and one large allocation (pdf.js growing an
// array for a page of millions of glyphs) aborts the whole server instead. A process's heap cap
// ends that process alone. It gets no environment (the server's secrets stay out of reach of what
// parses a tenant's file) and a lower priority than the server.
const parseInProcess = (request: PdfTextRequest, limits: PdfLimits) =>
  new Promise<string>((resolve, reject) => {
    let outcome: { text: string } | { error: UnreadableDocument } | undefined;
    const reader = fork(readerFile, {
      execArgv: [...(fromSources ? ['--import', 'tsx'] : []), `--max-old-space-size=${limits.memoryMb}`],
      env: {},
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    try {
      if (reader.pid) setPriority(reader.pid, READER_PRIORITY);
    } catch {
      // a reader that could not start is already gone; its exit says so
    }
    const timer = setTimeout(() => {
      outcome ??= { error: new UnreadableDocument('tooSlow', `took longer than ${Math.ceil(limits.timeoutMs / 1000)} s to read`) };
      reader.kill('SIGKILL');
    }, limits.timeoutMs);
    reader.once('message', (answer: PdfTextAnswer) => {
      outcome ??= 'text' in answer ? { text: answer.text } : { error: new UnreadableDocument('broken', answer.unreadable) };
    });
    reader.once('error', (error) => {
      outcome ??= { error: new UnreadableDocument('broken', error.message) };
    });
    reader.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (outcome && 'text' in outcome) return resolve(outcome.text);
      // V8 aborts a process out of heap
      if (!outcome && signal === 'SIGABRT') outcome = { error: new UnreadableDocument('tooMuchMemory', `needs more than ${limits.memoryMb} MB to read`) };
      reject(outcome?.error ?? new UnreadableDocument('broken', `the reader stopped with ${signal ?? `code ${code}`}`));
    });
    reader.send(request);
  });

// The document's text cut to what an article holds, at a blank so no word is halved.
const bounded = (text: string) => {
  const clean = text.replaceAll('\u0000', '').trim();
  if (clean.length <= KNOWLEDGE_BODY_MAX_CHARS) return clean;
  const cut = clean.slice(0, KNOWLEDGE_BODY_MAX_CHARS);
  const blank = cut.search(/\s\S*$/);
  return (blank > 0 ? cut.slice(0, blank) : cut).trim();
};

export const readDocumentText = async (path: string, pdfLimits: PdfLimits) => {
  const { size } = await stat(path);
  if (size > DOCUMENT_MAX_BYTES) throw new UnreadableDocument('tooLarge', `larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`);
  const text =
    extname(path).toLowerCase() === '.pdf'
      ? await oneAtATime(() => parseInProcess({ path, maxPages: PDF_MAX_PAGES, maxChars: KNOWLEDGE_BODY_MAX_CHARS }, pdfLimits))
      : (await readFile(path)).toString('utf8');
  const body = bounded(text);
  if (!body) throw new UnreadableDocument('noText', 'no text');
  return body;
};
