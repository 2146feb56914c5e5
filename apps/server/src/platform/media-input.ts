// What a content check reads: bytes already in memory (a webhook's or a channel's small download)
// or a file on disk (an upload spooled by uploads.ts). A file is read in ranges and streams, so a
// check of a 20 MB upload holds a few kB of it at a time.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { tempPath } from './temp-files.ts';

export type MediaInput = Buffer | { path: string };

export const detectFileType = (input: MediaInput) => (Buffer.isBuffer(input) ? fileTypeFromBuffer(input) : fileTypeFromFile(input.path));

// what sharp opens: the bytes, or the file by its path
export const imageSourceOf = (input: MediaInput) => (Buffer.isBuffer(input) ? input : input.path);

export const sizeOf = async (input: MediaInput) => (Buffer.isBuffer(input) ? input.length : (await stat(input.path)).size);

// length bytes from position, fewer at the end of the input
export const readRange = async (input: MediaInput, position: number, length: number) => {
  if (Buffer.isBuffer(input)) return input.subarray(position, position + length);
  const handle = await open(input.path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

export class MediaTooLarge extends Error {}

// A download written to a temporary file as it arrives, at most maxBytes (past that it is cut off
// with MediaTooLarge), for the time of `use`.
export const withSpooledStream = async <T>(source: Readable, maxBytes: number, use: (file: { path: string }) => Promise<T>): Promise<T> => {
  const folder = await mkdtemp(tempPath('media'));
  try {
    const path = join(folder, 'media');
    let size = 0;
    const capped = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > maxBytes ? new MediaTooLarge(`more than ${maxBytes} bytes`) : null, chunk);
      },
    });
    await pipeline(source, capped, createWriteStream(path));
    return await use({ path });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

export const streamOf = (input: MediaInput): Readable => (Buffer.isBuffer(input) ? Readable.from([input]) : createReadStream(input.path));

// The input as UTF-8 text, piece by piece; a byte sequence that is not UTF-8 becomes U+FFFD. Each
// piece starts with the end of the one before (overlap characters), so a pattern split between two
// reads is still seen whole.
export async function* textPieces(input: MediaInput, overlap: number): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let tail = '';
  for await (const chunk of streamOf(input)) {
    const text = tail + decoder.decode(chunk as Buffer, { stream: true });
    yield text;
    tail = text.slice(-overlap);
  }
  const rest = decoder.decode();
  if (rest) yield tail + rest;
}

// Whether every one of the byte strings occurs in the input (read as a stream, never whole).
export const containsAll = async (input: MediaInput, needles: string[]) => {
  const missing = new Set(needles);
  const overlap = Math.max(...needles.map((needle) => Buffer.byteLength(needle)));
  let tail = Buffer.alloc(0);
  for await (const chunk of streamOf(input)) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    for (const needle of missing) if (window.includes(needle)) missing.delete(needle);
    if (missing.size === 0) return true;
    tail = window.subarray(Math.max(0, window.length - overlap));
  }
  return false;
};
