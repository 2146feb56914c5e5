import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactBlockBody,
  contactCreateBody,
  contactProfileParams,
  contactsAllQuery,
  contactsListQuery,
  contactUpdateBody,
} from '@atende/shared/contacts';
import { tagsSyncBody } from '@atende/shared/tags';
import { idParam } from '@atende/shared/validation';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { createContactsService, type WhatsappNumberCheck } from './contacts.service.ts';

const contactIdParams = z.strictObject({ id: idParam });

// 01-core §7 contacts calls, with a contact's tags (POST /tags/sync, GET /contactTags/{id}).
export const contactsRoutes = (deps: { db: Db; bus: EventBus; checkWhatsappNumber?: WhatsappNumberCheck }): FastifyPluginAsyncZod => async (app) => {
  const service = createContactsService(deps);

  app.get('/contacts', { config: { access: 'tenant' }, schema: { querystring: contactsListQuery } }, (request) =>
    service.list(request.tenant, request.query),
  );

  app.get('/contacts/list', { config: { access: 'tenant' }, schema: { querystring: contactsAllQuery } }, (request) =>
    service.listAll(request.tenant),
  );

  app.get('/contacts/profile/:number', { config: { access: 'tenant' }, schema: { params: contactProfileParams } }, (request) =>
    service.profile(request.tenant, request.params.number),
  );

  app.get('/contacts/:id', { config: { access: 'tenant' }, schema: { params: contactIdParams } }, (request) =>
    service.show(request.tenant, request.params.id),
  );

  app.post('/contacts', { config: { access: 'tenant' }, schema: { body: contactCreateBody } }, async (request, reply) =>
    reply.status(201).send(await service.create(request.tenant, request.body)),
  );

  app.put('/contacts/:id', { config: { access: 'tenant' }, schema: { params: contactIdParams, body: contactUpdateBody } }, (request) =>
    service.update(request.tenant, request.params.id, request.body),
  );

  app.delete(
    '/contacts/:id',
    { config: { access: 'tenant', permission: 'contacts-page:deleteContact' }, schema: { params: contactIdParams } },
    async (request, reply) => {
      await service.remove(request.tenant, request.params.id);
      return reply.status(204).send();
    },
  );

  app.put('/contacts/toggleAcceptAudio/:id', { config: { access: 'tenant' }, schema: { params: contactIdParams } }, (request) =>
    service.toggleAcceptAudio(request.tenant, request.params.id),
  );

  app.put('/contacts/toggleDisableBot/:id', { config: { access: 'tenant' }, schema: { params: contactIdParams } }, (request) =>
    service.toggleDisableBot(request.tenant, request.params.id),
  );

  app.put(
    '/contacts/block/:id',
    { config: { access: 'tenant' }, schema: { params: contactIdParams, body: contactBlockBody } },
    (request) => service.setActive(request.tenant, request.params.id, request.body.active),
  );

  app.post('/tags/sync', { config: { access: 'tenant' }, schema: { body: tagsSyncBody } }, (request) =>
    service.syncTags(request.tenant, request.body),
  );

  app.get(
    '/contactTags/:contactId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ contactId: idParam }) } },
    (request) => service.tagsOf(request.tenant, request.params.contactId),
  );
};
