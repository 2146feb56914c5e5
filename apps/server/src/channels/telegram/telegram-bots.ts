// Connecting and letting go of a Telegram bot. Connecting checks the token with getMe (the bot's
// id is the connection's account, its username the number shown), stores the connection, then
// sets PUBLIC_URL/webhooks/telegram/{bot id} as the bot's webhook with a fresh secret. What the
// Bot API refuses is the caller's 400 with its code; a webhook Telegram refused leaves the
// connection DISCONNECTED until it is connected again. A deleted connection's webhook is removed.
import type { FastifyBaseLogger } from 'fastify';
import type { TelegramConnectionBody } from '@atende/shared/telegram';
import type { AuditActor } from '../../modules/audit/audit.steps.ts';
import type { ConnectionRow } from '../../modules/connections/connections.repo.ts';
import type { ConnectionsService } from '../../modules/connections/connections.service.ts';
import type { TenantContext } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { RetryAfter } from '../../platform/jobs/job-kind.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { ProviderRejection } from '../provider.ts';
import { TelegramUnavailable, type BotApi, type BotUser } from './bot-api.ts';
import { botChannelConfig, botCredentialsOf, newWebhookSecret } from './bot-credentials.ts';

export const TELEGRAM_WEBHOOK_PATH = '/webhooks/telegram';

// the updates the product reads; others (inline queries, polls, members) are not sent at all
const ALLOWED_UPDATES = ['message', 'edited_message'];

// A Bot API call made while answering one of our users: its failure becomes the answer, never a 5xx.
const asConnectError = (error: unknown): never => {
  if (error instanceof ProviderRejection) throw new AppError(error.code, 400);
  if (error instanceof TelegramUnavailable || error instanceof RetryAfter) throw new AppError('ERR_CHANNEL_UNREACHABLE', 400);
  throw error;
};

export const createTelegramBots = (deps: { bots: BotApi; connections: ConnectionsService; secrets: SecretBox; publicUrl: string | undefined; log: FastifyBaseLogger }) => ({
  connect: async (tenant: TenantContext, body: TelegramConnectionBody, actor: AuditActor) => {
    const { publicUrl } = deps;
    // Telegram delivers to this server's public address: without one no message could arrive
    if (!publicUrl) throw new AppError('ERR_PUBLIC_URL_MISSING', 400);
    const bot = await deps.bots.call<BotUser>(body.botToken, 'getMe').catch(asConnectError);
    const botId = String(bot.id);
    const webhookSecret = newWebhookSecret();
    const [connection] = await deps.connections.connectAccounts(
      tenant,
      [{ channel: 'telegram', name: body.name, number: bot.username ?? botId, externalId: botId, channelConfig: botChannelConfig(deps.secrets, botId, body.botToken, webhookSecret) }],
      actor,
    );
    try {
      await deps.bots.call(body.botToken, 'setWebhook', { url: `${publicUrl}${TELEGRAM_WEBHOOK_PATH}/${botId}`, secret_token: webhookSecret, allowed_updates: ALLOWED_UPDATES });
    } catch (error) {
      deps.log.warn({ connectionId: connection.id, reason: (error as Error).message }, 'telegram webhook not set; the connection stays disconnected');
      await deps.connections.setStatus(tenant.companyId, connection.id, 'DISCONNECTED');
      asConnectError(error);
    }
    return connection;
  },

  release: async (connection: ConnectionRow) => {
    const credentials = botCredentialsOf(deps.secrets, connection);
    if (!credentials) return;
    try {
      await deps.bots.call(credentials.token, 'deleteWebhook');
    } catch (error) {
      // the connection is gone: a webhook left behind is answered 403 until Telegram gives up
      deps.log.warn({ connectionId: connection.id, reason: (error as Error).message }, 'telegram webhook of a deleted connection not removed');
    }
  },
});

export type TelegramBots = ReturnType<typeof createTelegramBots>;
