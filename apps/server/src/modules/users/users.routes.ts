import type { FastifyPluginAsync } from 'fastify';
import { AVATAR_MAX_BYTES } from '@atende/shared/constants';
import { usersEndpoints } from '@atende/shared/users';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { requestActor } from '../audit/request-actor.ts';
import { toAvatarJpeg } from './avatar.service.ts';
import type { UsersService } from './users.service.ts';

const manage = { access: 'tenant', permission: 'users:manage' } as const;
const tenant = { access: 'tenant' } as const;

// 01-core §7 users calls.
export const usersRoutes = (service: UsersService): FastifyPluginAsync => async (app) => {
  endpointRoute(app, usersEndpoints.page, manage, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, usersEndpoints.list, tenant, (_input, request) => service.listAll(request.tenant));
  endpointRoute(app, usersEndpoints.show, tenant, ({ params }, request) => service.show(request.tenant, params.id));
  endpointRoute(app, usersEndpoints.create, manage, ({ body }, request) => service.create(request.tenant, body, requestActor(request)));
  endpointRoute(app, usersEndpoints.update, tenant, ({ params, body }, request) => service.update(request.tenant, params.id, body, requestActor(request)));
  endpointRoute(app, usersEndpoints.remove, manage, ({ params }, request) => service.remove(request.tenant, params.id, requestActor(request)));
  endpointRoute(app, usersEndpoints.setTicketsManagerWidth, tenant, ({ params, body }, request) =>
    service.setTicketsManagerWidth(request.tenant, params.userId, body.defaultTicketsManagerWidth),
  );

  // answered as { user }: the family's clients read user.profileImage (01-core §7)
  endpointRoute(app, usersEndpoints.uploadAvatar, tenant, async ({ params }, request) => {
    const upload = await readSingleUpload(request, { field: 'profileImage', maxBytes: AVATAR_MAX_BYTES });
    return { user: await service.replaceAvatar(request.tenant, params.id, await toAvatarJpeg(upload)) };
  });
};
