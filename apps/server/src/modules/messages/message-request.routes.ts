// A message send arrives as JSON or as multipart (fields plus `medias` files); both end as one
// plain object of fields, validated by the caller's schema with the usual field paths.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, readMultipart } from '../../platform/errors.ts';
import { checkMedia } from '../../platform/media.ts';
import type { UploadedMedia } from './outbound-message.service.ts';

const MAX_MEDIA_FILES = 10;

export const readMessageRequest = async (request: FastifyRequest) => {
  const medias: UploadedMedia[] = [];
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, medias };
  const fields: Record<string, unknown> = {};
  await readMultipart(async () => {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'medias' || medias.length >= MAX_MEDIA_FILES) throw new AppError('ERR_INVALID_FILE', 400);
        const data = await (part as MultipartFile).toBuffer();
        // toBuffer misses a limit reached in the last chunk; the stream still says it was cut
        if (part.file.truncated) throw new AppError('ERR_FILE_TOO_LARGE', 413);
        medias.push({ data, checked: await checkMedia(data, part.filename) });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  });
  return { fields, medias };
};
