import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoicesListQuery, pixWebhookBody, subscriptionBody } from '@atende/shared/invoices';
import type { InvoicesService } from './invoices.service.ts';

const webhookParams = z.strictObject({ secret: z.string().min(1).max(200) });

// 03-saas §7 GET /invoices and POST /subscription; the Pix provider's webhook.
export const invoicesRoutes = (service: InvoicesService): FastifyPluginAsyncZod => async (app) => {
  app.get('/invoices', { config: { access: 'tenant', permission: 'financeiro:view', overdueAllowed: true }, schema: { querystring: invoicesListQuery } }, (request) =>
    service.list(request.tenant, request.query),
  );

  // what the invoices screen says before a checkout: can Pix be paid here, and whom to ask if not
  app.get('/subscription', { config: { access: 'tenant', permission: 'financeiro:view', overdueAllowed: true } }, () => service.availability());

  app.post('/subscription', { config: { access: 'tenant', permission: 'financeiro:view', overdueAllowed: true }, schema: { body: subscriptionBody } }, (request) =>
    service.subscribe(request.tenant, request.body),
  );

  // Efí posts to the registered URL with /pix appended (and checks the bare URL when it is
  // registered); the secret in the path is what authenticates a delivery behind a proxy that ends
  // Efí's mutual TLS (docs/billing.md).
  for (const url of ['/subscription/webhook/:secret', '/subscription/webhook/:secret/pix']) {
    app.post(url, { config: { access: 'public' }, schema: { params: webhookParams, body: pixWebhookBody } }, async (request, reply) => {
      await service.paymentReceived(request.params.secret, request.body);
      return reply.status(200).send({ ok: true });
    });
  }
};
