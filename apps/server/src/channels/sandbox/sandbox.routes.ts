// The sandbox connection kind (issue: attendance core): a real connection with an authenticated,
// tenant-scoped HTTP side that plays the customer, so a new company can try the product without a
// phone and tests can drive whole conversations.
import type { FastifyPluginAsync } from 'fastify';
import { sandboxEndpoints } from '@atende/shared/sandbox';
import { requestActor } from '../../modules/audit/request-actor.ts';
import type { ConnectionsService } from '../../modules/connections/connections.service.ts';
import { endpointRoute, StatusAnswer } from '../../platform/endpoint-routes.ts';
import { notFound } from '../../platform/errors.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import type { SandboxService } from './sandbox.service.ts';

const tenantActions = { access: 'tenant', permission: 'connections-page:actionButtons' } as const;

export const sandboxRoutes = (deps: { sandbox: SandboxService; pipeline: InboundPipeline; connections: ConnectionsService }): FastifyPluginAsync => async (app) => {
  endpointRoute(app, sandboxEndpoints.createConnection, { access: 'tenant', permission: 'connections-page:addConnection' }, ({ body }, request) =>
    deps.connections.create(request.tenant, { ...body, channel: 'sandbox' }, requestActor(request)),
  );

  // A customer's message arriving on the sandbox connection; answered after it is stored
  endpointRoute(app, sandboxEndpoints.receive, tenantActions, async ({ params, body }, request) => {
    const connection = await deps.sandbox.connection(request.tenant.companyId, params.connectionId);
    const result = await deps.pipeline.receive(
      {
        companyId: connection.companyId,
        connectionId: connection.id,
        providerMessageId: body.providerMessageId ?? `sandbox-in-${crypto.randomUUID()}`,
        from: { number: body.from, name: body.name, isGroup: body.isGroup },
        body: body.body,
        fromMe: body.fromMe,
        quotedProviderMessageId: body.quotedProviderMessageId,
        mediaType: body.mediaType,
      },
      connection,
    );
    // 202: a blocked contact's message with no live ticket to store it on, dropped (docs/tickets.md)
    if (result.messageId === null) return new StatusAnswer(202, result);
    return result.duplicate ? new StatusAnswer(200, result) : result;
  });

  endpointRoute(app, sandboxEndpoints.acknowledge, tenantActions, async ({ params, body }, request) => {
    const connection = await deps.sandbox.connection(request.tenant.companyId, params.connectionId);
    const found = await deps.pipeline.acknowledge({ companyId: connection.companyId, connectionId: connection.id, providerMessageId: body.providerMessageId, ack: body.ack });
    if (!found) throw notFound('ERR_NO_MESSAGE_FOUND');
    return { ok: true } as const;
  });

  endpointRoute(app, sandboxEndpoints.outbox, tenantActions, ({ params }, request) => deps.sandbox.outbox(request.tenant.companyId, params.connectionId));
};
