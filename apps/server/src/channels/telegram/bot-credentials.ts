// What a telegram connection keeps in its channel_config (never sent to clients): the bot's id, its
// token sealed with SECRETS_ENCRYPTION_KEY as other keys companies give us are, and the SHA-256 of
// the secret its webhook deliveries carry (a database dump can neither call the bot nor forge a
// delivery). The secret itself is handed to Telegram once, by setWebhook, and never stored.
import { randomBytes } from 'node:crypto';
import type { ConnectionRow } from '../../modules/connections/connections.repo.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { sameSecret } from '../meta-graph/signature.ts';
import { sha256Hex } from '../../platform/sha256.ts';

export type BotCredentials = { botId: string; token: string };

// 32 random bytes in the alphabet setWebhook's secret_token takes (A-Z, a-z, 0-9, _ and -)
export const newWebhookSecret = () => randomBytes(32).toString('base64url');

export const botChannelConfig = (secrets: SecretBox, botId: string, token: string, webhookSecret: string) => ({
  botId,
  botToken: secrets.seal(token),
  webhookSecretHash: sha256Hex(webhookSecret),
});

export const botCredentialsOf = (secrets: SecretBox, connection: Pick<ConnectionRow, 'channelConfig'>): BotCredentials | undefined => {
  const { botId, botToken } = connection.channelConfig;
  if (!botId || !botToken) return undefined;
  try {
    return { botId, token: secrets.open(botToken) };
  } catch {
    // sealed under another SECRETS_ENCRYPTION_KEY: the bot must be connected again
    return undefined;
  }
};

// Constant-time: the hashes have one length whatever was sent.
export const isWebhookSecret = (connection: Pick<ConnectionRow, 'channelConfig'>, given: string) => {
  const expected = connection.channelConfig.webhookSecretHash;
  return Boolean(expected) && sameSecret(sha256Hex(given), expected);
};
