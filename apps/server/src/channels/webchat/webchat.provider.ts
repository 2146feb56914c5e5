// The widget's outbound side: the attendant's message goes to the open sockets of every visitor
// writing as the ticket's contact on the connection, with the attendant's name. A visitor with the
// page open got it (delivered); one away reads it from the history on the next visit (sent). A file
// goes as its address, which the widget links to; the rating question says it is one, for the widget's
// buttons. Edits are sent again under the same id, deletions by id.
import { WEBCHAT_MESSAGE_EVENT, WEBCHAT_REMOVED_EVENT } from '@atende/shared/webchat';
import type { Db } from '../../db/client.ts';
import { ProviderRejection, type ChannelProvider, type OutboundPayload } from '../provider.ts';
import type { WebchatLive } from './webchat-live.ts';
import { readOutboundDetails, visitorNumbersOfContact } from './webchat.repo.ts';

const SENT = 1;
const DELIVERED = 2;

export const createWebchatProvider = (deps: { db: Db; live: WebchatLive }): ChannelProvider => {
  const visitorsOf = (payload: OutboundPayload) => visitorNumbersOfContact(deps.db, payload.companyId, payload.connectionId, payload.to.number);
  const tell = async (payload: OutboundPayload) => {
    const sender = await readOutboundDetails(deps.db, payload.companyId, payload.messageId);
    return deps.live.tell(payload.connectionId, await visitorsOf(payload), WEBCHAT_MESSAGE_EVENT, {
      id: payload.messageId,
      body: payload.body,
      fromMe: true,
      senderName: sender?.name ?? null,
      mediaUrl: payload.mediaUrl,
      mediaType: payload.mediaType,
      createdAt: (sender?.createdAt ?? new Date()).toISOString(),
      rating: sender?.rating ?? false,
    });
  };
  return {
    send: async (payload) => {
      if (payload.template) throw new ProviderRejection('ERR_SENDING_WAPP_MSG', 'the web chat has no templates');
      const reached = await tell(payload);
      return { providerMessageId: `webchat:${payload.messageId}`, ack: reached > 0 ? DELIVERED : SENT };
    },
    edit: async (payload) => void (await tell(payload)),
    remove: async (payload) => void (await deps.live.tell(payload.connectionId, await visitorsOf(payload), WEBCHAT_REMOVED_EVENT, { id: payload.messageId })),
  };
};
