import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { externalSendBody } from '@atende/shared/messages-api';
import { bearerToken } from '../../platform/access.ts';
import { parseMessageFields, readMessageRequest } from '../messages/message-request.ts';
import type { MessagesApiService } from './messages-api.service.ts';

// Public to the user-token guard: the caller proves itself with a connection's token instead.
export const messagesApiRoutes = (service: MessagesApiService): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/messages/send', { config: { access: 'public' } }, async (request) => {
    // the token is checked before a byte of the body is read
    const connection = await service.connectionOf(bearerToken(request));
    const { fields, medias } = await readMessageRequest(request);
    return service.send(connection, parseMessageFields(externalSendBody, fields), medias);
  });
};
