import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_MAX_BYTES } from '@atende/shared/constants';
import { ticketsManagerWidthBody, userCreateBody, userUpdateBody, usersListQuery, type AvatarUploadAnswer } from '@atende/shared/users';
import { idParam } from '@atende/shared/validation';
import { readSingleUpload } from '../../platform/uploads.ts';
import { toAvatarJpeg } from './avatar.service.ts';
import type { UsersService } from './users.service.ts';

const userIdParams = z.strictObject({ id: idParam });

// 01-core §7 users calls.
export const usersRoutes = (service: UsersService): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/users',
    { config: { access: 'tenant', permission: 'users:manage' }, schema: { querystring: usersListQuery } },
    (request) => service.list(request.tenant, request.query),
  );

  app.get('/users/list', { config: { access: 'tenant' } }, (request) => service.listAll(request.tenant));

  app.get('/users/:id', { config: { access: 'tenant' }, schema: { params: userIdParams } }, (request) =>
    service.show(request.tenant, request.params.id),
  );

  app.post(
    '/users',
    { config: { access: 'tenant', permission: 'users:manage' }, schema: { body: userCreateBody } },
    async (request, reply) => reply.status(201).send(await service.create(request.tenant, request.body)),
  );

  app.put('/users/:id', { config: { access: 'tenant' }, schema: { params: userIdParams, body: userUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    { config: { access: 'tenant', permission: 'users:manage' }, schema: { params: userIdParams } },
    async (request, reply) => {
      await service.remove(request.tenant, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/users/toggleChangeWidht/:userId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ userId: idParam }), body: ticketsManagerWidthBody } },
    (request) => service.setTicketsManagerWidth(request.tenant, request.params.userId, request.body.defaultTicketsManagerWidth),
  );

  // answered as { user }: the family's clients read user.profileImage (01-core §7)
  app.post('/users/:id/media-upload', { config: { access: 'tenant' }, schema: { params: userIdParams } }, async (request): Promise<AvatarUploadAnswer> => {
    const upload = await readSingleUpload(request, { field: 'profileImage', maxBytes: AVATAR_MAX_BYTES });
    return { user: await service.replaceAvatar(request.tenant, request.params.id, await toAvatarJpeg(upload)) };
  });
};
