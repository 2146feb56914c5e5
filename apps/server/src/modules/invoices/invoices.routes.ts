import { invoicesEndpoints, pixWebhookBody } from '@atende/shared/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { InvoicesService } from './invoices.service.ts';

const webhookParams = z.strictObject({ secret: z.string().min(1).max(200) });

// an overdue company reaches its invoices, to pay them
const finance = { access: 'tenant', permission: 'financeiro:view', overdueAllowed: true } as const;

// 03-saas §7 GET /invoices and POST /subscription; the Pix provider's webhook.
export const invoicesRoutes = (service: InvoicesService): FastifyPluginAsyncZod => async (app) => {
  endpointRoute(app, invoicesEndpoints.page, finance, ({ query }, request) => service.list(request.tenant, query));
  // what the invoices screen says before a checkout: can Pix be paid here, and whom to ask if not
  endpointRoute(app, invoicesEndpoints.availability, finance, () => service.availability());
  endpointRoute(app, invoicesEndpoints.subscribe, finance, ({ body }, request) => service.subscribe(request.tenant, body));

  // Efí posts to the registered URL with /pix appended (and checks the bare URL when it is
  // registered); the secret in the path is what authenticates a delivery behind a proxy that ends
  // Efí's mutual TLS (docs/billing.md). A plain route: a webhook receiver, not an endpoint of the API.
  const webhooks = [
    { url: '/subscription/webhook/:secret', operationId: 'receivePixWebhook', summary: "The Pix provider's payment notification (the secret in the path authenticates it)" },
    { url: '/subscription/webhook/:secret/pix', operationId: 'receivePixWebhookWithSuffix', summary: 'The same notification at the URL with /pix appended, where Efí posts' },
  ];
  for (const { url, operationId, summary } of webhooks) {
    app.post(url, { config: { access: 'public' }, schema: { params: webhookParams, body: pixWebhookBody, operationId, summary } }, async (request, reply) => {
      await service.paymentReceived(request.params.secret, request.body);
      return reply.status(200).send({ ok: true });
    });
  }
};
