// Connecting a Telegram bot (issue 41 point 3): its name here and the token BotFather gave.
import { z } from 'zod';
import { connectionView } from './connections.ts';
import { defineEndpoint } from './contract.ts';
import { boundedText } from './validation.ts';

// BotFather's tokens are "<bot id>:<secret>", the secret 35 characters of [A-Za-z0-9_-] today
export const telegramBotToken = z
  .string()
  .trim()
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{30,100}$/, 'validation.invalidBotToken');

export const telegramConnectionBody = z
  .strictObject({
    name: boundedText(2, 50),
    botToken: telegramBotToken,
  })
  .meta({ id: 'TelegramConnectionBody' });
export type TelegramConnectionBody = z.infer<typeof telegramConnectionBody>;

export const telegramEndpoints = {
  connect: defineEndpoint({
    method: 'POST',
    path: '/telegram/connections',
    body: telegramConnectionBody,
    response: connectionView,
    status: 201,
    operationId: 'connectTelegramBot',
    summary: "Connects a Telegram bot by its token: checked with getMe, then this server is set as the bot's webhook",
    // what the Bot API refuses (a revoked token, a webhook address it does not take) is a 400 with
    // its reason; ERR_PUBLIC_URL_MISSING: the server has no public address for the webhook
    errors: {
      400: ['ERR_INVALID_CREDENTIALS', 'ERR_SENDING_WAPP_MSG', 'ERR_PUBLIC_URL_MISSING', 'ERR_CHANNEL_UNREACHABLE'],
      403: ['ERR_PLAN_CONNECTION_LIMIT'],
      409: ['ERR_CONNECTION_IN_USE'],
    },
  }),
};
