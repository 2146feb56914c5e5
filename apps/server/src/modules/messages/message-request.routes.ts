// A message send arrives as JSON or as multipart (fields plus `medias` files); both end as one
// plain object of fields, validated by the caller's schema with the usual field paths.
import type { FastifyRequest } from 'fastify';
import { AppError, readMultipart } from '../../platform/errors.ts';
import { checkMedia } from '../../platform/media.ts';
import { spoolUpload } from '../../platform/uploads.ts';
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
        const upload = await spoolUpload(request, part);
        medias.push({ upload, checked: await checkMedia(upload, upload.fileName) });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  });
  return { fields, medias };
};
