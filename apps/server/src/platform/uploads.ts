// Files from a multipart request, under a known field name and size limit, with the text fields
// sent beside them (before or after). A truncated file is refused rather than stored cut.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { lenient } from '@atende/shared/lenient';
import { AppError, readMultipart } from './errors.ts';

export type Upload = { data: Buffer; fileName: string };

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
      const data = await part.toBuffer();
      // toBuffer misses a limit reached in the last chunk; the stream still says it was cut
      if (part.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE', 413);
      files.push({ data, fileName: part.filename });
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
