// Facebook pages and Instagram accounts: POST /facebook (02-operations §7 Connections) turns a
// Facebook login into page tokens and creates a connection per page (or per Instagram account
// linked to a page when addInstagram), subscribing each page to this app's webhooks; the page
// webhook itself (public, signed) serves both the page and instagram objects.
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { metaChannelsEndpoints, type FacebookConnectBody } from '@atende/shared/meta-channels';
import type { Db } from '../../db/client.ts';
import { requestActor } from '../../modules/audit/request-actor.ts';
import type { ChannelAccount, ConnectionsService } from '../../modules/connections/connections.service.ts';
import { AppError } from '../../platform/errors.ts';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import type { Storage } from '../../platform/storage.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import type { GraphClient } from '../meta-graph/graph-client.ts';
import { asHttpError } from '../meta-graph/graph-errors.ts';
import { metaWebhookRoutes, type WebhookSecrets } from '../meta-graph/webhook-routes.ts';
import { createPagesWebhookHandler } from './pages-webhook.ts';

export const PAGES_WEBHOOK_PATH = '/webhooks/facebook';

const PAGE_WEBHOOK_FIELDS = 'messages,messaging_postbacks,message_deliveries,message_reads,message_reactions';

type Page = {
  id: string;
  name?: string;
  access_token?: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
};

type Deps = {
  db: Db;
  pipeline: InboundPipeline;
  connections: ConnectionsService;
  graph: GraphClient;
  storage: Storage;
  secrets: WebhookSecrets;
  appId: string | undefined;
  log: FastifyBaseLogger;
};

export const pagesRoutes = (deps: Deps): FastifyPluginAsync => async (app) => {
  await app.register(
    metaWebhookRoutes({ path: PAGES_WEBHOOK_PATH, source: { id: 'Pages', name: 'Facebook pages and Instagram' }, secrets: deps.secrets, log: deps.log, handle: createPagesWebhookHandler(deps) }),
  );

  // A login's token lasts about an hour; with the app id and secret it is exchanged for a
  // long-lived one, whose page tokens do not expire.
  const userToken = async (shortLived: string) => {
    const { appSecret } = deps.secrets;
    if (!deps.appId || !appSecret) return shortLived;
    const exchanged = await deps.graph.get<{ access_token?: string }>('oauth/access_token', {
      token: shortLived,
      query: { grant_type: 'fb_exchange_token', client_id: deps.appId, client_secret: appSecret, fb_exchange_token: shortLived },
    });
    return exchanged.access_token ?? shortLived;
  };

  const accountsOf = (pages: Page[], body: FacebookConnectBody): ChannelAccount[] =>
    pages.flatMap((page): ChannelAccount[] => {
      if (!page.access_token) return [];
      const channelConfig = { pageId: page.id, accessToken: page.access_token };
      if (!body.addInstagram) return [{ channel: 'facebook', name: (page.name ?? page.id).slice(0, 50), number: page.id, externalId: page.id, channelConfig }];
      const instagram = page.instagram_business_account;
      if (!instagram) return [];
      const name = instagram.username ?? instagram.name ?? page.name ?? instagram.id;
      return [{ channel: 'instagram', name: name.slice(0, 50), number: instagram.username ?? instagram.id, externalId: instagram.id, channelConfig }];
    });

  endpointRoute(
    app,
    metaChannelsEndpoints.connectFacebook,
    { access: 'tenant', permission: 'connections-page:addConnection' },
    async ({ body }, request) => {
      const accounts = await (async () => {
        const token = await userToken(body.facebookUserToken);
        const pages = await deps.graph.get<{ data?: Page[] }>(`${body.facebookUserId}/accounts`, {
          token,
          query: { fields: 'id,name,access_token,instagram_business_account{id,username,name}', limit: '100' },
        });
        const found = accountsOf(pages.data ?? [], body);
        if (found.length === 0) throw new AppError('ERR_NO_WAPP_FOUND', 404);
        for (const pageId of new Set(found.map((account) => account.channelConfig.pageId))) {
          const pageToken = found.find((account) => account.channelConfig.pageId === pageId)?.channelConfig.accessToken ?? '';
          await deps.graph.post(`${pageId}/subscribed_apps`, { token: pageToken, query: { subscribed_fields: PAGE_WEBHOOK_FIELDS } });
        }
        return found;
      })().catch(asHttpError);
      return deps.connections.connectAccounts(request.tenant, accounts, requestActor(request));
    },
  );
};
