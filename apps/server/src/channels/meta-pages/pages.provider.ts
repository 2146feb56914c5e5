// Messenger and Instagram sends through the Send API (POST /{page-id}/messages). Attachments go
// by URL: Meta fetches the file from this server's public address (PUBLIC_URL). A media message
// with a caption is two sends, the attachment then the text, since neither channel has captions.
// Only inside the 24 h window; the Send API cannot edit or delete.
import type { Db } from '../../db/client.ts';
import { findConnectionOfChannel } from '../../modules/connections/connections.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { GraphClient } from '../meta-graph/graph-client.ts';
import { assertInsideServiceWindow } from '../meta-graph/service-window.ts';
import { ProviderRejection, type ChannelProvider, type OutboundPayload } from '../provider.ts';
import { pageCredentialsOf, type PageChannel, type PageCredentials } from './page-credentials.ts';

type SendAnswer = { message_id?: string };

// Neither channel has contact cards: a card goes as its name and numbers.
const textOf = (payload: OutboundPayload) => {
  if (payload.mediaType !== 'contactMessage' || !payload.vCard) return payload.body;
  const numbers = [...payload.vCard.matchAll(/^TEL[^:]*:(.*)$/gm)].map((match) => match[1].trim());
  return [payload.body, ...numbers].join('\n');
};

const attachmentType = (mediaType: string) => (mediaType === 'image' || mediaType === 'audio' || mediaType === 'video' ? mediaType : 'file');

export const createPagesProvider = (
  channel: PageChannel,
  deps: { db: Db; graph: GraphClient; clock: Clock; publicUrl: string | undefined },
): ChannelProvider => {
  const credentialsFor = async (payload: OutboundPayload) => {
    const connection = await findConnectionOfChannel(deps.db, payload.companyId, payload.connectionId, channel);
    const credentials = connection && pageCredentialsOf(connection);
    if (!credentials) throw new ProviderRejection('ERR_WAPP_NOT_INITIALIZED', `${channel} connection without a page token`);
    return credentials;
  };

  const sendOne = async (credentials: PageCredentials, recipient: string, message: Record<string, unknown>) => {
    const answer = await deps.graph.post<SendAnswer>(`${credentials.pageId}/messages`, {
      token: credentials.accessToken,
      json: { recipient: { id: recipient }, messaging_type: 'RESPONSE', message },
    });
    if (!answer.message_id) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'send answered without a message id');
    return answer.message_id;
  };

  const unsupported = async () => {
    throw new ProviderRejection('ERR_SENDING_WAPP_MSG', `${channel} cannot edit or delete a sent message`);
  };

  return {
    send: async (payload) => {
      if (payload.template) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', `${channel} has no templates`);
      const credentials = await credentialsFor(payload);
      await assertInsideServiceWindow(deps.db, deps.clock, payload);
      const recipient = payload.to.number;
      if (!payload.mediaUrl) return { providerMessageId: await sendOne(credentials, recipient, { text: textOf(payload) }), ack: 1 };
      if (!deps.publicUrl) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'PUBLIC_URL is not configured: Meta cannot fetch attachments');
      const providerMessageId = await sendOne(credentials, recipient, {
        attachment: { type: attachmentType(payload.mediaType), payload: { url: `${deps.publicUrl}${payload.mediaUrl}`, is_reusable: false } },
      });
      if (payload.body.trim()) await sendOne(credentials, recipient, { text: payload.body });
      return { providerMessageId, ack: 1 };
    },
    edit: unsupported,
    remove: unsupported,
  };
};
