// The sandbox connection kind (issue: attendance core): a real connection with an authenticated,
// tenant-scoped HTTP side that plays the customer, so a new company can try the product without a
// phone and tests can drive whole conversations.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxInboundBody } from '@atende/shared/sandbox';
import { idParam } from '@atende/shared/validation';
import type { ConnectionsService } from '../../modules/connections/connections.service.ts';
import { notFound } from '../../platform/errors.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import type { SandboxService } from './sandbox.service.ts';

const connectionParams = z.strictObject({ connectionId: idParam });

export const sandboxRoutes = (deps: { sandbox: SandboxService; pipeline: InboundPipeline; connections: ConnectionsService }): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/sandbox/connections',
    {
      config: { access: 'tenant', permission: 'connections-page:addConnection' },
      schema: { body: z.strictObject({ name: z.string().trim().min(1).max(100) }) },
    },
    async (request, reply) => {
      const connection = await deps.connections.create(request.tenant, { name: request.body.name, channel: 'sandbox' });
      return reply.status(201).send(connection);
    },
  );

  // A customer's message arriving on the sandbox connection; answered after it is stored.
  app.post(
    '/sandbox/:connectionId/messages',
    {
      config: { access: 'tenant', permission: 'connections-page:actionButtons' },
      schema: { params: connectionParams, body: sandboxInboundBody },
    },
    async (request, reply) => {
      const connection = await deps.sandbox.connection(request.tenant.companyId, request.params.connectionId);
      const { body } = request;
      const result = await deps.pipeline.receive({
        companyId: connection.companyId,
        connectionId: connection.id,
        providerMessageId: body.providerMessageId ?? `sandbox-in-${crypto.randomUUID()}`,
        from: { number: body.from, name: body.name, isGroup: body.isGroup },
        body: body.body,
        fromMe: body.fromMe,
        quotedProviderMessageId: body.quotedProviderMessageId,
        mediaType: body.mediaType,
      }, connection);
      // 202: a blocked contact's message with no live ticket to store it on, dropped (docs/tickets.md)
      return reply.status(result.messageId === null ? 202 : result.duplicate ? 200 : 201).send(result);
    },
  );

  // A receipt from the customer's phone: delivered (2), read (3), played (4)...
  app.post(
    '/sandbox/:connectionId/acks',
    {
      config: { access: 'tenant', permission: 'connections-page:actionButtons' },
      schema: {
        params: connectionParams,
        body: z.strictObject({ providerMessageId: z.string().min(1).max(200), ack: z.number().int().min(0).max(5) }),
      },
    },
    async (request) => {
      const connection = await deps.sandbox.connection(request.tenant.companyId, request.params.connectionId);
      const found = await deps.pipeline.acknowledge({
        companyId: connection.companyId,
        connectionId: connection.id,
        providerMessageId: request.body.providerMessageId,
        ack: request.body.ack,
      });
      if (!found) throw notFound('ERR_NO_MESSAGE_FOUND');
      return { ok: true };
    },
  );

  // What the sandbox 'sent' to customers, newest first.
  app.get(
    '/sandbox/:connectionId/outbox',
    { config: { access: 'tenant', permission: 'connections-page:actionButtons' }, schema: { params: connectionParams } },
    async (request) => deps.sandbox.outbox(request.tenant.companyId, request.params.connectionId),
  );
};
