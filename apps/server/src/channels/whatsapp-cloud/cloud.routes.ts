// The Cloud API channel's HTTP side: its webhook (public, signed) and the tenant route that
// connects a number with its phone number id and access token, checked against the Graph API.
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsync } from 'fastify';
import { metaChannelsEndpoints } from '@atende/shared/meta-channels';
import type { Db } from '../../db/client.ts';
import { requestActor } from '../../modules/audit/request-actor.ts';
import type { ConnectionsService } from '../../modules/connections/connections.service.ts';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { Storage } from '../../platform/storage.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import type { GraphClient } from '../meta-graph/graph-client.ts';
import { asHttpError } from '../meta-graph/graph-errors.ts';
import { metaWebhookRoutes, type WebhookSecrets } from '../meta-graph/webhook-routes.ts';
import { createCloudWebhookHandler } from './cloud-webhook.ts';

export const CLOUD_WEBHOOK_PATH = '/webhooks/whatsappapi';

type Deps = {
  db: Db;
  pipeline: InboundPipeline;
  connections: ConnectionsService;
  graph: GraphClient;
  storage: Storage;
  secrets: WebhookSecrets;
  log: FastifyBaseLogger;
};

export const cloudRoutes = (deps: Deps): FastifyPluginAsync => async (app) => {
  await app.register(
    metaWebhookRoutes({ path: CLOUD_WEBHOOK_PATH, source: { id: 'CloudApi', name: 'WhatsApp Cloud API' }, secrets: deps.secrets, log: deps.log, handle: createCloudWebhookHandler(deps) }),
  );

  endpointRoute(app, metaChannelsEndpoints.connectCloudApi, { access: 'tenant', permission: 'connections-page:addConnection' }, async ({ body }, request) => {
    const { name, phoneNumberId, accessToken } = body;
    const number = await deps.graph
      .get<{ display_phone_number?: string }>(phoneNumberId, { token: accessToken, query: { fields: 'display_phone_number,verified_name' } })
      .catch(asHttpError);
    const [connection] = await deps.connections.connectAccounts(request.tenant, [
      {
        channel: 'whatsappapi',
        name,
        number: (number.display_phone_number ?? '').replace(/\D/g, ''),
        externalId: phoneNumberId,
        channelConfig: { phoneNumberId, accessToken },
      },
    ], requestActor(request));
    return connection;
  });
};
