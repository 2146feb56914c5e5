// A Telegram update, queued by the webhook (telegram.routes.ts) and handled here on the job runner:
// its message into the inbound pipeline (media fetched with getFile into storage), an edit as a
// change of the stored message, and the sender's @username kept on the contact. Safe to run twice:
// a message stored already is not fetched or stored again. A Telegram outage fails the attempt,
// retried with backoff; a file Telegram will not hand over leaves the message without it.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { MediaType } from '@atende/shared/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import { findConnectionOfChannel, type ConnectionRow } from '../../modules/connections/connections.repo.ts';
import { keepExtraInfo } from '../../modules/contacts/contacts.repo.ts';
import { findByProviderId } from '../../modules/messages/messages.repo.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { Storage } from '../../platform/storage.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import { MAX_INBOUND_MEDIA_BYTES, storeInboundMedia } from '../meta-graph/inbound-media.ts';
import { ProviderRejection, type InboundMessage } from '../provider.ts';
import { MAX_BOT_FILE_BYTES, type BotApi } from './bot-api.ts';
import { botCredentialsOf } from './bot-credentials.ts';
import { attachmentOf, locationBody, providerIdOf, senderNameOf, telegramUpdate, vCardOf, type TelegramMessage, type TelegramUpdate } from './telegram-update.ts';

export const telegramUpdateJob = defineJobKind({
  name: 'telegram.update',
  payload: z.object({ companyId: z.number().int().positive(), connectionId: z.number().int().positive(), update: telegramUpdate }),
  priority: 'interactive',
  // a Telegram outage gets about an hour and a half, as an outbound message does
  maxAttempts: 25,
});

// A chat's updates are handled in the order they came, so its ticket gets its messages in order.
export const enqueueTelegramUpdate = (db: DbOrTx, connection: ConnectionRow, update: TelegramUpdate) => {
  const chatId = (update.message ?? update.edited_message)?.chat.id ?? 0;
  return enqueueJob(db, telegramUpdateJob, { companyId: connection.companyId, connectionId: connection.id, update }, { orderingKey: `telegram:${connection.id}:${chatId}` });
};

// Telegram's kinds as the product's media types, when the stored file's own type is not kept
const mediaTypeOfKind: Record<string, MediaType | undefined> = { photo: 'image', voice: 'audio', audio: 'audio', video: 'video', video_note: 'video', sticker: 'image' };

type Content = Pick<InboundMessage, 'body' | 'mediaType' | 'mediaUrl' | 'vCard'>;

export const registerTelegramUpdateJob = (
  runner: Pick<JobRunner, 'register'>,
  deps: { db: Db; pipeline: InboundPipeline; bots: BotApi; storage: Storage; secrets: SecretBox; log: FastifyBaseLogger },
) => {
  const { log } = deps;

  const fetchAttachment = async (connection: ConnectionRow, token: string, message: TelegramMessage): Promise<Content | undefined> => {
    const attachment = attachmentOf(message);
    if (!attachment) return undefined;
    const caption = message.caption ?? '';
    try {
      const { data, path } = await deps.bots.download(token, attachment.file.file_id, Math.min(MAX_INBOUND_MEDIA_BYTES, MAX_BOT_FILE_BYTES));
      // a photo's or a voice note's name comes from its path on Telegram's side (photos/file_1.jpg)
      const name = attachment.kind === 'document' || attachment.kind === 'audio' ? attachment.name : (path.split('/').pop() ?? attachment.name);
      const stored = await storeInboundMedia(deps.storage, connection.companyId, data, name);
      if (stored) {
        const mediaType = attachment.kind === 'document' ? stored.mediaType : (mediaTypeOfKind[attachment.kind] ?? stored.mediaType);
        return { body: caption || (attachment.kind === 'document' ? attachment.name : ''), mediaType, mediaUrl: stored.mediaUrl };
      }
      log.warn({ connectionId: connection.id, kind: attachment.kind }, 'telegram file of a refused type dropped');
    } catch (error) {
      // a file Telegram will not hand over (over 20 MB, gone) will not come later
      if (!(error instanceof ProviderRejection)) throw error;
      log.warn({ connectionId: connection.id, kind: attachment.kind, reason: error.message }, 'telegram file unavailable');
    }
    return { body: caption || `[${attachment.kind}]` };
  };

  const contentOf = async (connection: ConnectionRow, token: string, message: TelegramMessage): Promise<Content | undefined> => {
    const location = locationBody(message);
    if (location) return { body: location, mediaType: 'locationMessage' };
    if (message.contact) {
      const card = vCardOf(message.contact);
      return { body: card.name, mediaType: 'contactMessage', vCard: card.vCard };
    }
    const attached = await fetchAttachment(connection, token, message);
    if (attached) return attached;
    if (message.text !== undefined) return { body: message.text };
    return undefined;
  };

  const receive = async (connection: ConnectionRow, token: string, message: TelegramMessage) => {
    const providerMessageId = providerIdOf(message.chat.id, message.message_id);
    // a repeated delivery: the pipeline would ignore it, and its file need not be fetched again
    if (await findByProviderId(deps.db, connection.companyId, connection.id, providerMessageId)) return;
    const content = await contentOf(connection, token, message);
    if (!content) {
      log.info({ connectionId: connection.id, keys: Object.keys(message) }, 'telegram message of an unhandled kind ignored');
      return;
    }
    const stored = await deps.pipeline.receive(
      {
        companyId: connection.companyId,
        connectionId: connection.id,
        providerMessageId,
        from: { number: String(message.chat.id), name: senderNameOf(message) },
        quotedProviderMessageId: message.reply_to_message ? providerIdOf(message.chat.id, message.reply_to_message.message_id) : null,
        ...content,
      },
      connection,
    );
    const username = message.from?.username;
    if (username && stored.contactId) await keepExtraInfo(deps.db, connection.companyId, stored.contactId, { name: 'Telegram', value: `@${username}` });
  };

  runner.register(telegramUpdateJob, {
    run: async ({ companyId, connectionId, update }) => {
      const connection = await findConnectionOfChannel(deps.db, companyId, connectionId, 'telegram');
      const credentials = connection && botCredentialsOf(deps.secrets, connection);
      if (!connection || !credentials) {
        log.warn({ connectionId, updateId: update.update_id }, 'telegram update for a connection gone or without its bot ignored');
        return;
      }
      const message = update.message ?? update.edited_message;
      // groups and channels the bot was added to are not conversations with a customer
      if (!message || message.chat.type !== 'private') {
        log.info({ connectionId, updateId: update.update_id, chatType: message?.chat.type }, 'telegram update other than a private message ignored');
        return;
      }
      if (update.edited_message) {
        const body = message.text ?? message.caption;
        if (body !== undefined) await deps.pipeline.change({ companyId, connectionId, providerMessageId: providerIdOf(message.chat.id, message.message_id), kind: 'edit', body });
        return;
      }
      await receive(connection, credentials.token, message);
    },
  });
};
