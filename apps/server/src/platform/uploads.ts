// Files from a multipart request, under a known field name and size limit, with the text fields
// sent beside them (before or after). A truncated file is refused rather than stored cut. Each
// file is written to a temporary folder of its request as it arrives, so no upload is held whole
// in memory; the folder goes when the answer is sent or the client has left.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { lenient } from '@atende/shared/lenient';
import { AppError, readMultipart } from './errors.ts';
import { tempPath } from './temp-files.ts';

export type Upload = { path: string; size: number; fileName: string };

const spoolFolders = new WeakMap<FastifyRequest, Promise<string>>();

const spoolFolderOf = (request: FastifyRequest) => {
  let folder = spoolFolders.get(request);
  if (!folder) {
    folder = mkdtemp(tempPath('upload'));
    spoolFolders.set(request, folder);
  }
  return folder;
};

const removeSpooledFiles = async (request: FastifyRequest) => {
  const folder = spoolFolders.get(request);
  if (!folder) return;
  spoolFolders.delete(request);
  await rm(await folder, { recursive: true, force: true });
};

// before the answer goes out, so a client that has its answer finds nothing of its upload left
export const registerUploadCleanup = (app: FastifyInstance) => {
  app.addHook('onSend', async (request, _reply, payload) => {
    await removeSpooledFiles(request);
    return payload;
  });
  app.addHook('onRequestAbort', removeSpooledFiles);
};

// One file part written to disk; the part's stream must be read before the next part comes.
export const spoolUpload = async (request: FastifyRequest, part: MultipartFile): Promise<Upload> => {
  const path = join(await spoolFolderOf(request), randomUUID());
  await pipeline(part.file, createWriteStream(path));
  if (part.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE', 413);
  return { path, size: (await stat(path)).size, fileName: part.filename };
};

export const openUpload = (upload: Upload) => createReadStream(upload.path);

// Files under one field name, at most maxFiles of at most maxBytes each, and every text field's
// values in the order sent (a field repeated once per file stays a list).
export const readUploads = (request: FastifyRequest, options: { field: string; maxBytes: number; maxFiles: number; maxFields?: number }) =>
  readMultipart(async () => {
    const files: Upload[] = [];
    const fields: Record<string, unknown[]> = {};
    const limits = { fileSize: options.maxBytes, files: options.maxFiles, ...(options.maxFields ? { fields: options.maxFields } : {}) };
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        (fields[part.fieldname] ??= []).push(part.value);
        continue;
      }
      if (part.fieldname !== options.field || files.length >= options.maxFiles) throw new AppError('ERR_INVALID_FILE', 400);
      files.push(await spoolUpload(request, part));
    }
    if (files.length === 0) throw new AppError('ERR_INVALID_FILE', 400);
    return { files, fields };
  });

// One file; a text field sent twice keeps its last value.
export const readSingleUpload = async (request: FastifyRequest, options: { field: string; maxBytes: number }) => {
  const { files, fields } = await readUploads(request, { ...options, maxFiles: 1 });
  return { ...files[0], fields: Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values.at(-1)])) };
};

// Multipart text fields read like a route's own schema: the lenient copy
// (packages/shared/src/lenient.ts), failures answered with the usual body field paths.
export const parseFormFields = <S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> => {
  const parsed = lenient(schema).safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError('ERR_VALIDATION', 400, {
    fields: parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
  });
};
