// One file from a multipart request, under a known field name and size limit, with the text
// fields sent beside it (before or after). A truncated file is refused rather than stored cut.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { lenient } from '@atende/shared/lenient';
import { AppError, readMultipart } from './errors.ts';

export const readSingleUpload = (request: FastifyRequest, options: { field: string; maxBytes: number }) =>
  readMultipart(async () => {
    let file: { data: Buffer; fileName: string } | undefined;
    const fields: Record<string, unknown> = {};
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.field || file) throw new AppError('ERR_INVALID_FILE', 400);
      const data = await part.toBuffer();
      // toBuffer misses a limit reached in the last chunk; the stream still says it was cut
      if (part.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE', 413);
      file = { data, fileName: part.filename };
    }
    if (!file) throw new AppError('ERR_INVALID_FILE', 400);
    return { ...file, fields };
  });

// Multipart text fields read like a route's own schema: the lenient copy
// (packages/shared/src/lenient.ts), failures answered with the usual body field paths.
export const parseFormFields = <S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> => {
  const parsed = lenient(schema).safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError('ERR_VALIDATION', 400, {
    fields: parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
  });
};
