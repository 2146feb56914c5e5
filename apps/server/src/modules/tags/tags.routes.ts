import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagCreateBody, tagsListQuery, tagsPageQuery, tagUpdateBody } from '@atende/shared/tags';
import { idParam } from '@atende/shared/validation';
import type { TagsService } from './tags.service.ts';

const tagParams = z.strictObject({ tagId: idParam });
const tagContactParams = z.strictObject({ tagId: idParam, contactId: idParam });
const open = { access: 'tenant' } as const;

// 01-core §7 and 02-operations §7 Tags and kanban (a contact's tags, /tags/sync and /contactTags,
// are in contacts.routes.ts; a ticket's lane, /ticket-tags, in tickets). The tag screen is for all.
export const tagsRoutes = (tags: TagsService): FastifyPluginAsyncZod => async (app) => {
  app.get('/tags', { config: open, schema: { querystring: tagsPageQuery } }, (request) => tags.page(request.tenant, request.query));

  app.get('/tags/list', { config: open, schema: { querystring: tagsListQuery } }, (request) => tags.list(request.tenant, request.query));

  app.get('/tags/:tagId', { config: open, schema: { params: tagParams } }, (request) => tags.show(request.tenant, request.params.tagId));

  app.post('/tags', { config: open, schema: { body: tagCreateBody } }, async (request, reply) =>
    reply.status(201).send(await tags.create(request.tenant, request.body)),
  );

  app.put('/tags/:tagId', { config: open, schema: { params: tagParams, body: tagUpdateBody } }, (request) =>
    tags.update(request.tenant, request.params.tagId, request.body),
  );

  app.delete('/tags/:tagId', { config: open, schema: { params: tagParams } }, async (request, reply) => {
    await tags.remove(request.tenant, request.params.tagId);
    return reply.status(204).send();
  });

  app.delete('/tags-contacts/:tagId/:contactId', { config: open, schema: { params: tagContactParams } }, async (request, reply) => {
    await tags.removeContact(request.tenant, request.params.tagId, request.params.contactId);
    return reply.status(204).send();
  });
};
