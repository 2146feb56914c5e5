import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagCreateBody, tagsListQuery } from '@atende/shared/tags';
import type { Db } from '../../db/client.ts';
import { createTagsService } from './tags.service.ts';

// 01-core §7 tag calls (a contact's tags, /tags/sync and /contactTags, are in contacts.routes.ts);
// the tag screens of 02-operations §3 add the rest of /tags.
export const tagsRoutes = (deps: { db: Db }): FastifyPluginAsyncZod => async (app) => {
  const tags = createTagsService(deps);

  app.post('/tags', { config: { access: 'tenant' }, schema: { body: tagCreateBody } }, async (request, reply) =>
    reply.status(201).send(await tags.create(request.tenant, request.body)),
  );

  app.get('/tags/list', { config: { access: 'tenant' }, schema: { querystring: tagsListQuery } }, (request) =>
    tags.list(request.tenant, request.query),
  );
};
