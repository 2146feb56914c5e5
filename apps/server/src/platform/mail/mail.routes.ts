// Whether this server sends email, asked by the pages that would promise a mail.
import { mailEndpoints } from '@atende/shared/mail';
import type { FastifyPluginAsync } from 'fastify';
import { endpointRoute } from '../endpoint-routes.ts';
import type { Mailer } from './mailer.ts';

export const mailRoutes = (mailer: Pick<Mailer, 'enabled'>): FastifyPluginAsync => async (app) => {
  endpointRoute(app, mailEndpoints.delivery, { access: 'public' }, () => ({ enabled: mailer.enabled }));
};
