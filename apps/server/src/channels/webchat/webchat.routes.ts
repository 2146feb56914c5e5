// The web chat's HTTP side: the admin's routes that create a widget connection and edit its settings, and the widget's
// public calls under /webchat/{publicId}/. Those answer CORS only to the connection's allowed
// origins (a preflight from any other gets 403), and never with credentials: the visitor token
// travels in a header, not in a cookie.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WEBCHAT_FILE_MAX_BYTES, WEBCHAT_TOKEN_HEADER, webchatEndpoints, webchatPublicId } from '@atende/shared/webchat';
import { z } from 'zod';
import { requestActor } from '../../modules/audit/request-actor.ts';
import type { ConnectionsService } from '../../modules/connections/connections.service.ts';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { notFound } from '../../platform/errors.ts';
import { storedFileHeaders } from '../../platform/storage.ts';
import { readSingleUpload } from '../../platform/uploads.ts';
import { webchatChannelConfig, webchatSettingsOf } from './webchat-config.ts';
import type { WebchatVisitors } from './webchat-visitors.ts';

const PREFLIGHT_CACHE_SECONDS = '600';
// as a text message's longest
const CAPTION_MAX = 4000;
// the widget's name does not change with its content, so browsers ask again after a few minutes
const WIDGET_CACHE_CONTROL = 'public, max-age=300';
// where the web build writes the widget (apps/web/vite.widget.config.ts)
const WIDGET_FILE = join('widget', 'widget.js');

// 24 url-safe characters: the id a website's snippet carries, not a secret
const newPublicId = () => randomBytes(18).toString('base64url');

export const webchatRoutes =
  (deps: { visitors: WebchatVisitors; connections: ConnectionsService; visitorLimit: RateLimitOptions; webDistDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    endpointRoute(app, webchatEndpoints.connect, { access: 'tenant', permission: 'connections-page:addConnection', planFlag: 'useWebchat' }, async ({ body }, request) => {
      const { name, ...settings } = body;
      const publicId = newPublicId();
      const [connection] = await deps.connections.connectAccounts(
        request.tenant,
        [{ channel: 'webchat', name, number: publicId, externalId: publicId, channelConfig: webchatChannelConfig(settings) }],
        requestActor(request),
      );
      return connection;
    });
    // the connection's own settings, edited after creation: a widget loaded or connecting from then
    // on reads them (each call reads the connection), and the sockets of websites taken off the list
    // are dropped (webchat-live.ts)
    const edit = { access: 'tenant', permission: 'connections-page:editOrDeleteConnection', planFlag: 'useWebchat' } as const;
    endpointRoute(app, webchatEndpoints.settings, edit, async ({ params }, request) => {
      const connection = await deps.connections.ofChannel(request.tenant, params.whatsappId, 'webchat');
      return { name: connection.name, ...webchatSettingsOf(connection) };
    });
    endpointRoute(app, webchatEndpoints.update, edit, async ({ params, body }, request) => {
      const { name, ...settings } = body;
      return deps.connections.reconfigure(request.tenant, params.whatsappId, 'webchat', { name, channelConfig: webchatChannelConfig(settings) }, requestActor(request));
    });

    // The widget script, for any website's <script> tag: Helmet's same-origin resource policy is
    // lifted for it alone. Not built (a server without the web app) answers 404.
    let widget: Promise<Buffer> | undefined;
    app.get('/widget.js', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      widget ??= readFile(join(deps.webDistDir, WIDGET_FILE));
      const script = await widget.catch(() => {
        widget = undefined;
        return undefined;
      });
      if (!script) throw notFound();
      return reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', WIDGET_CACHE_CONTROL)
        .send(script);
    });

    // the connection of the call, once its Origin is allowed; the answer may then be read by that page
    const allowedConnection = async (request: FastifyRequest<{ Params: { publicId: string } }>, reply: FastifyReply) => {
      const origin = request.headers.origin;
      const connection = await deps.visitors.connectionFor(request.params.publicId, origin);
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      return connection;
    };
    const tokenOf = (request: FastifyRequest) => request.headers[WEBCHAT_TOKEN_HEADER];
    const config = { access: 'public' as const, rateLimit: deps.visitorLimit };

    app.options(
      '/webchat/:publicId/*',
      { config, schema: { hide: true, params: z.object({ publicId: webchatPublicId, '*': z.string() }) } },
      async (request, reply) => {
        await allowedConnection(request, reply);
        return reply
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', `Content-Type, ${WEBCHAT_TOKEN_HEADER}`)
          .header('access-control-max-age', PREFLIGHT_CACHE_SECONDS)
          .code(204)
          .send();
      },
    );

    endpointRoute(app, webchatEndpoints.appearance, config, async (_input, request, reply) =>
      deps.visitors.appearance(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply)),
    );
    endpointRoute(app, webchatEndpoints.start, config, async ({ body }, request, reply) =>
      deps.visitors.start(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply), body),
    );
    endpointRoute(app, webchatEndpoints.send, config, async ({ body }, request, reply) =>
      deps.visitors.send(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply), tokenOf(request), body),
    );
    // multipart: the file under `file`, its caption under `caption`
    endpointRoute(app, webchatEndpoints.sendFile, config, async (_input, request, reply) =>
      deps.visitors.sendFile(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply), tokenOf(request), async () => {
        const upload = await readSingleUpload(request, { field: 'file', maxBytes: WEBCHAT_FILE_MAX_BYTES });
        return { upload, caption: String(upload.fields.caption ?? '').trim().slice(0, CAPTION_MAX) };
      }),
    );
    // A message's file for the widget to show an image inline (the widget reads it with its token and
    // shows it from memory); not an API operation, as /public files are not.
    app.get(
      '/webchat/:publicId/files/:messageId',
      { config, schema: { hide: true, params: z.object({ publicId: webchatPublicId, messageId: z.coerce.number().int().positive() }) } },
      async (request, reply) => {
        const connection = await allowedConnection(request, reply);
        const stored = await deps.visitors.file(connection, tokenOf(request), request.params.messageId);
        return reply
          .headers({ ...storedFileHeaders, 'content-type': stored.contentType, 'content-length': String(stored.size), 'cache-control': 'private, max-age=300' })
          .send(stored.body);
      },
    );
    endpointRoute(app, webchatEndpoints.history, config, async (_input, request, reply) =>
      deps.visitors.history(await allowedConnection(request as FastifyRequest<{ Params: { publicId: string } }>, reply), tokenOf(request)),
    );
  };
