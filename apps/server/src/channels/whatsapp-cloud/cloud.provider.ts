// Cloud API sends (POST /{phone-number-id}/messages): text, media uploaded to the number's media
// endpoint first (our files are not reachable from Meta), contact cards, and approved templates;
// replies carry the quoted message as context. Outside the 24 h window only templates go out.
import { openAsBlob } from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import type { Db } from '../../db/client.ts';
import { findConnectionOfChannel } from '../../modules/connections/connections.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Storage } from '../../platform/storage.ts';
import type { GraphClient } from '../meta-graph/graph-client.ts';
import { assertInsideServiceWindow } from '../meta-graph/service-window.ts';
import { documentCaption, ProviderRejection, type ChannelProvider, type OutboundPayload } from '../provider.ts';
import { cloudCredentialsOf, type CloudCredentials } from './cloud-credentials.ts';

type SendAnswer = { messages?: Array<{ id: string }> };

const cloudMediaType = (mediaType: string) => {
  if (mediaType === 'image' || mediaType === 'video' || mediaType === 'audio' || mediaType === 'sticker') return mediaType;
  return 'document';
};

// "FN:" and the "TEL" lines of the vCard the messages service writes.
const contactOf = (vCard: string, fallbackName: string) => {
  const name = /^FN:(.*)$/m.exec(vCard)?.[1]?.trim() || fallbackName;
  const phones = [...vCard.matchAll(/^TEL[^:]*:(.*)$/gm)].map((match) => {
    const digits = match[1].replace(/\D/g, '');
    return { phone: `+${digits}`, wa_id: digits, type: 'CELL' };
  });
  return { name: { formatted_name: name, first_name: name }, phones };
};

export const createCloudProvider = (deps: { db: Db; graph: GraphClient; storage: Storage; clock: Clock }): ChannelProvider => {
  const credentialsFor = async (payload: OutboundPayload) => {
    const connection = await findConnectionOfChannel(deps.db, payload.companyId, payload.connectionId, 'whatsappapi');
    const credentials = connection && cloudCredentialsOf(connection);
    if (!credentials) throw new ProviderRejection('ERR_WAPP_NOT_INITIALIZED', 'cloud api connection without credentials');
    return credentials;
  };

  // the file goes up as a Blob backed by the stored file on disk, streamed, never read whole
  const upload = (credentials: CloudCredentials, payload: OutboundPayload, mediaUrl: string) =>
    deps.storage.withCompanyFile(payload.companyId, mediaUrl, async (file) => {
      const mime = (await fileTypeFromFile(file.path))?.mime ?? 'text/plain';
      const form = new FormData();
      form.set('messaging_product', 'whatsapp');
      form.set('type', mime);
      form.set('file', await openAsBlob(file.path, { type: mime }), file.name);
      const uploaded = await deps.graph.post<{ id?: string }>(`${credentials.phoneNumberId}/media`, { token: credentials.accessToken, form });
      if (!uploaded.id) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'media upload answered without an id');
      return uploaded.id;
    });

  const contentOf = async (credentials: CloudCredentials, payload: OutboundPayload): Promise<Record<string, unknown>> => {
    if (payload.template) {
      const { name, language, parameters } = payload.template;
      const components = parameters.length ? [{ type: 'body', parameters: parameters.map((value) => ({ type: 'text', text: value })) }] : undefined;
      return { type: 'template', template: { name, language: { code: language }, ...(components && { components }) } };
    }
    if (payload.mediaUrl) {
      const type = cloudMediaType(payload.mediaType);
      const mediaId = await upload(credentials, payload, payload.mediaUrl);
      const text = type === 'document' ? documentCaption(payload) : payload.body;
      const caption = text && (type === 'image' || type === 'video' || type === 'document') ? { caption: text } : {};
      const filename = type === 'document' ? { filename: payload.fileName ?? payload.mediaUrl.split('/').pop() } : {};
      return { type, [type]: { id: mediaId, ...caption, ...filename } };
    }
    if (payload.mediaType === 'contactMessage' && payload.vCard) return { type: 'contacts', contacts: [contactOf(payload.vCard, payload.body)] };
    return { type: 'text', text: { body: payload.body, preview_url: false } };
  };

  const unsupported = async () => {
    throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'the Cloud API cannot edit or delete a sent message');
  };

  return {
    send: async (payload) => {
      if (payload.to.isGroup) throw new ProviderRejection('ERR_WAPP_INVALID_CONTACT', 'the Cloud API has no groups');
      const credentials = await credentialsFor(payload);
      if (!payload.template) await assertInsideServiceWindow(deps.db, deps.clock, payload);
      const answer = await deps.graph.post<SendAnswer>(`${credentials.phoneNumberId}/messages`, {
        token: credentials.accessToken,
        json: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: payload.to.number,
          ...(payload.quotedProviderMessageId && { context: { message_id: payload.quotedProviderMessageId } }),
          ...(await contentOf(credentials, payload)),
        },
      });
      const providerMessageId = answer.messages?.[0]?.id;
      if (!providerMessageId) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'send answered without a message id');
      // accepted by Meta's server: 'sent'; delivery and reading arrive as statuses
      return { providerMessageId, ack: 1 };
    },
    edit: unsupported,
    remove: unsupported,
  };
};
