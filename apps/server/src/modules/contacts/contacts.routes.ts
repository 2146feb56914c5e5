import { contactsEndpoints } from '@atende/shared/contacts';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { EventBus } from '../../platform/events.ts';
import { createContactsService, type WhatsappNumberCheck } from './contacts.service.ts';

const config = { access: 'tenant' } as const;

// 01-core §7 contacts calls, with a contact's tags (POST /tags/sync, GET /contactTags/{id}).
export const contactsRoutes = (deps: { db: Db; bus: EventBus; checkWhatsappNumber?: WhatsappNumberCheck }): FastifyPluginAsync => async (app) => {
  const service = createContactsService(deps);

  endpointRoute(app, contactsEndpoints.page, config, ({ query }, request) => service.list(request.tenant, query));
  endpointRoute(app, contactsEndpoints.all, config, (_input, request) => service.listAll(request.tenant));
  endpointRoute(app, contactsEndpoints.profile, config, ({ params }, request) => service.profile(request.tenant, params.number));
  endpointRoute(app, contactsEndpoints.show, config, ({ params }, request) => service.show(request.tenant, params.id));
  endpointRoute(app, contactsEndpoints.create, config, ({ body }, request) => service.create(request.tenant, body));
  endpointRoute(app, contactsEndpoints.update, config, ({ params, body }, request) => service.update(request.tenant, params.id, body));
  endpointRoute(app, contactsEndpoints.remove, { ...config, permission: 'contacts-page:deleteContact' }, ({ params }, request) => service.remove(request.tenant, params.id));
  endpointRoute(app, contactsEndpoints.toggleAcceptAudio, config, ({ params }, request) => service.toggleAcceptAudio(request.tenant, params.id));
  endpointRoute(app, contactsEndpoints.toggleDisableBot, config, ({ params }, request) => service.toggleDisableBot(request.tenant, params.id));
  endpointRoute(app, contactsEndpoints.block, config, ({ params, body }, request) => service.setActive(request.tenant, params.id, body.active));
  endpointRoute(app, contactsEndpoints.syncTags, config, ({ body }, request) => service.syncTags(request.tenant, body));
  endpointRoute(app, contactsEndpoints.tags, config, ({ params }, request) => service.tagsOf(request.tenant, params.contactId));
};
