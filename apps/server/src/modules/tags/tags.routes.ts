import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagCreateBody, tagsListQuery, tagsSyncBody } from '@atende/shared/tags';
import { idParam } from '@atende/shared/validation';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { createContactsService } from '../contacts/contacts.service.ts';
import { createTagsService } from './tags.service.ts';

// 01-core §7 tag calls. A contact's tags change through the contacts service, which owns the
// contact events; the tag screens of 02-operations §3 add the rest of /tags.
export const tagsRoutes = (deps: { db: Db; bus: EventBus }): FastifyPluginAsyncZod => async (app) => {
  const tags = createTagsService(deps);
  const contacts = createContactsService(deps);

  app.post('/tags', { config: { access: 'tenant' }, schema: { body: tagCreateBody } }, async (request, reply) =>
    reply.status(201).send(await tags.create(request.tenant, request.body)),
  );

  app.get('/tags/list', { config: { access: 'tenant' }, schema: { querystring: tagsListQuery } }, (request) =>
    tags.list(request.tenant, request.query),
  );

  app.post('/tags/sync', { config: { access: 'tenant' }, schema: { body: tagsSyncBody } }, (request) =>
    contacts.syncTags(request.tenant, request.body),
  );

  app.get(
    '/contactTags/:contactId',
    { config: { access: 'tenant' }, schema: { params: z.strictObject({ contactId: idParam }) } },
    (request) => contacts.tagsOf(request.tenant, request.params.contactId),
  );
};
