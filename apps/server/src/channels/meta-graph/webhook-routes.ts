// Meta's webhook contract, the same for the Cloud API, Messenger and Instagram: a GET handshake
// that echoes hub.challenge when hub.verify_token matches, and signed POST deliveries. The body is
// kept raw so the signature is checked over the exact bytes Meta signed; nothing is parsed,
// stored or logged from an unsigned delivery. Deliveries are answered only after `handle`
// returns, i.e. after what they carry is stored, so a crash makes Meta deliver again.
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { GraphUnavailable } from './graph-client.ts';
import { hasValidSignature, sameSecret } from './signature.ts';

export type WebhookSecrets = { appSecret?: string; verifyToken?: string };

const handshakeQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  // echoed back as text: Meta sends digits; anything else is not echoed
  'hub.challenge': z.string().regex(/^[A-Za-z0-9_-]{1,200}$/).optional(),
});

// Webhook bodies are checked by each channel; the envelope names the product and its entries.
export const webhookEnvelope = z.object({ object: z.string().max(100), entry: z.array(z.unknown()).max(1000) });
export type WebhookEnvelope = z.infer<typeof webhookEnvelope>;

export const metaWebhookRoutes =
  (options: {
    path: string;
    // who sends to it, for the API document: 'CloudApi' or 'Pages'
    source: { id: string; name: string };
    secrets: WebhookSecrets;
    log: FastifyBaseLogger;
    handle: (envelope: WebhookEnvelope) => Promise<void>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // this plugin's own JSON parser: the raw bytes, for the signature
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const documented = (verb: string, summary: string) => ({ operationId: `${verb}${options.source.id}Webhook`, summary: `${summary} (${options.source.name})`, tags: ['webhooks'] });
    app.get(options.path, { config: { access: 'public' }, schema: { querystring: handshakeQuery, ...documented('verify', "Meta's webhook handshake: echoes hub.challenge when hub.verify_token matches") } }, async (request, reply) => {
      const { verifyToken } = options.secrets;
      const query = request.query;
      const given = query['hub.verify_token'];
      if (!verifyToken || query['hub.mode'] !== 'subscribe' || !query['hub.challenge'] || !given || !sameSecret(given, verifyToken)) {
        throw new AppError('ERR_NO_PERMISSION', 403);
      }
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge']);
    });

    app.post(options.path, { config: { access: 'public' }, schema: documented('receive', "Meta's signed webhook deliveries (X-Hub-Signature-256 over the raw body)") }, async (request, reply) => {
      const { appSecret } = options.secrets;
      if (!appSecret) {
        options.log.warn({ path: options.path }, 'webhook refused: META_APP_SECRET is not configured');
        throw new AppError('ERR_NO_PERMISSION', 403);
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : undefined;
      const signature = request.headers['x-hub-signature-256'];
      if (!raw || typeof signature !== 'string') throw new AppError('ERR_NO_PERMISSION', 401);
      if (!hasValidSignature(raw, signature, appSecret)) throw new AppError('ERR_NO_PERMISSION', 403);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('ERR_INVALID_JSON', 400);
      }
      const envelope = webhookEnvelope.safeParse(parsed);
      if (!envelope.success) throw new AppError('ERR_VALIDATION', 400);
      try {
        await options.handle(envelope.data);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // Meta retries a delivery that is not answered 200: right for an outage of ours or Graph's
        if (error instanceof GraphUnavailable) {
          options.log.warn({ path: options.path, reason: error.message }, 'webhook not stored yet: Graph unavailable');
          throw new AppError('ERR_INTERNAL', 503);
        }
        throw error;
      }
      return reply.status(200).type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
    });
  };
