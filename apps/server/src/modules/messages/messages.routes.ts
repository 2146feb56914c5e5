import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageEditBody, messageForwardBody, messageSendBody, messagesAllMeQuery, messagesListQuery } from '@atende/shared/messages';
import { idParam } from '@atende/shared/validation';
import { AppError, readMultipart } from '../../platform/errors.ts';
import { checkMedia } from './media.ts';
import type { MessagesService, UploadedMedia } from './messages.service.ts';

const MAX_MEDIA_FILES = 10;

// 01-core §7 messages calls. POST /messages/{ticketId} takes JSON or multipart (fields plus
// `medias` files); both end in the same validated body.
export const messagesRoutes = (service: MessagesService): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/messages/:ticketId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam }), querystring: messagesListQuery } },
    (request) => service.list(request.tenant, request.params.ticketId, request.query.pageNumber),
  );

  app.post(
    '/messages/:ticketId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ ticketId: idParam }) } },
    async (request, reply) => {
      let fields: Record<string, unknown> = {};
      const medias: UploadedMedia[] = [];
      if (request.isMultipart()) {
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
      } else {
        fields = (request.body ?? {}) as Record<string, unknown>;
      }
      const parsed = messageSendBody.safeParse(fields);
      if (!parsed.success) {
        throw new AppError('ERR_VALIDATION', 400, {
          fields: parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message })),
        });
      }
      return reply.status(201).send(await service.send(request.tenant, request.params.ticketId, parsed.data, medias));
    },
  );

  app.post(
    '/messages/edit/:messageId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ messageId: idParam }), body: messageEditBody } },
    (request) => service.edit(request.tenant, request.params.messageId, request.body.body),
  );

  app.delete('/messages/:messageId', { config: { access: 'tenant' }, schema: { params: z.strictObject({ messageId: idParam }) } }, (request) =>
    service.remove(request.tenant, request.params.messageId),
  );

  app.post('/message/forward', { config: { access: 'tenant' }, schema: { body: messageForwardBody } }, (request) =>
    service.forward(request.tenant, request.body.messageId, request.body.contactId),
  );

  app.get('/messages-allMe', { config: { access: 'tenant' }, schema: { querystring: messagesAllMeQuery } }, (request) =>
    service.countAll(request.tenant, {
      fromMe: request.query.fromMe === undefined ? undefined : request.query.fromMe === 'true',
      dateStart: request.query.dateStart,
      dateEnd: request.query.dateEnd,
    }),
  );
};
