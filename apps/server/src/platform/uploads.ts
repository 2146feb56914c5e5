// One file from a multipart request, under a known field name and size limit. A truncated file is
// refused rather than stored cut.
import type { FastifyRequest } from 'fastify';
import { AppError, readMultipart } from './errors.ts';

export const readSingleUpload = (request: FastifyRequest, options: { field: string; maxBytes: number }) =>
  readMultipart(async () => {
    const file = await request.file({ limits: { fileSize: options.maxBytes, files: 1 } });
    if (!file || file.fieldname !== options.field) throw new AppError('ERR_INVALID_FILE', 400);
    const data = await file.toBuffer();
    // toBuffer misses a limit reached in the last chunk; the stream still says it was cut
    if (file.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE', 413);
    return { data, fileName: file.filename };
  });
