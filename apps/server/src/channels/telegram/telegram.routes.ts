// The Telegram channel's HTTP side: the bot's webhook (public; every delivery must carry the
// secret set with setWebhook in X-Telegram-Bot-Api-Secret-Token) and the tenant route that
// connects a bot by its token. A delivery is queued on the job runner and answered 200 at once,
// so Telegram never waits on a file download; the job (telegram-inbound.jobs.ts) stores it.
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { telegramEndpoints } from '@atende/shared/telegram';
import type { Db } from '../../db/client.ts';
import { requestActor } from '../../modules/audit/request-actor.ts';
import { readConnectionByExternalId } from '../../modules/connections/connections.repo.ts';
import { endpointRoute } from '../../platform/endpoint-routes.ts';
import { AppError } from '../../platform/errors.ts';
import { isWebhookSecret } from './bot-credentials.ts';
import { enqueueTelegramUpdate } from './telegram-inbound.jobs.ts';
import { TELEGRAM_WEBHOOK_PATH, type TelegramBots } from './telegram-bots.ts';
import { telegramUpdate } from './telegram-update.ts';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const webhookParams = z.strictObject({ botId: z.string().regex(/^\d{1,20}$/) });

export const telegramRoutes =
  (deps: { db: Db; bots: TelegramBots; log: FastifyBaseLogger }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${TELEGRAM_WEBHOOK_PATH}/:botId`,
      {
        config: { access: 'public' },
        schema: {
          params: webhookParams,
          operationId: 'receiveTelegramWebhook',
          summary: "A Telegram bot's webhook deliveries (X-Telegram-Bot-Api-Secret-Token carries the connection's secret)",
          tags: ['webhooks'],
        },
      },
      async (request, reply) => {
        const { botId } = request.params;
        const given = request.headers[SECRET_HEADER];
        if (typeof given !== 'string' || given === '') {
          deps.log.warn({ botId }, 'telegram delivery refused: no secret token');
          throw new AppError('ERR_NO_PERMISSION', 401);
        }
        // an unknown bot and a wrong secret are refused alike: which bots exist is not told
        const connection = await readConnectionByExternalId(deps.db, 'telegram', botId);
        if (!connection || !isWebhookSecret(connection, given)) {
          deps.log.warn({ botId }, 'telegram delivery refused: wrong secret token');
          throw new AppError('ERR_NO_PERMISSION', 403);
        }
        const update = telegramUpdate.safeParse(request.body);
        if (!update.success) throw new AppError('ERR_VALIDATION', 400);
        await enqueueTelegramUpdate(deps.db, connection, update.data);
        return reply.status(200).send({ ok: true });
      },
    );

    endpointRoute(app, telegramEndpoints.connect, { access: 'tenant', permission: 'connections-page:addConnection', planFlag: 'useTelegram' }, ({ body }, request) =>
      deps.bots.connect(request.tenant, body, requestActor(request)),
    );
  };
