// The one interface every channel kind implements (ARCHITECTURE §3 channels/). The channels
// issue adds session control (start/stop, QR) to the kinds that have sessions.
import type { MediaType, MessageTemplate } from '@atende/shared/messages';
import type { ErrorCode } from '@atende/shared/errors';

export type OutboundPayload = {
  companyId: number;
  connectionId: number;
  messageId: number;
  // lid: the contact's WhatsApp LID, for contacts whose phone number WhatsApp has not shown
  to: { number: string; isGroup: boolean; lid?: string | null };
  body: string;
  mediaType: MediaType;
  mediaUrl: string | null;
  vCard: string | null;
  quotedProviderMessageId: string | null;
  // set when the message is an approved template (Cloud API)
  template?: MessageTemplate | null;
  // a document's own name (its stored one is random); its body is then a caption only when it
  // differs from the name
  fileName?: string | null;
};

// A document's caption: its text, unless the text is only the document's name (issue 35 point 10).
export const documentCaption = (payload: Pick<OutboundPayload, 'body' | 'fileName'>) =>
  payload.body && payload.body !== payload.fileName ? payload.body : undefined;

export type SendReceipt = { providerMessageId: string; ack: number };

export type ChannelProvider = {
  send: (payload: OutboundPayload) => Promise<SendReceipt>;
  edit: (payload: OutboundPayload, providerMessageId: string) => Promise<void>;
  remove: (payload: OutboundPayload, providerMessageId: string) => Promise<void>;
};

// What every channel hands to the inbound pipeline, whatever its wire format.
export type InboundMessage = {
  companyId: number;
  connectionId: number;
  providerMessageId: string;
  // lid: WhatsApp's LID of the sender when known, so both addresses reach one contact
  from: { number: string; name: string; isGroup?: boolean; lid?: string };
  body: string;
  mediaType?: MediaType;
  mediaUrl?: string | null;
  fromMe?: boolean;
  quotedProviderMessageId?: string | null;
  vCard?: string | null;
  // the group member who wrote a group message
  participant?: string | null;
  // a message of the channel's history (WhatsApp's history sync), not one arriving now: stored at
  // the time it was sent, read, and without the automatic answers, the bot, campaign confirmations
  // or the reopening of a closed ticket, which answer a conversation happening now
  fromHistory?: { sentAt: Date };
  // the channel's own parts of the message (an email's subject, HTML and quoted history), stored
  // with the row in one statement
  dataJson?: Record<string, unknown>;
};

// A change the customer made to a message already delivered: a new text, or its removal.
export type InboundChange = { companyId: number; connectionId: number; providerMessageId: string } & (
  | { kind: 'edit'; body: string }
  | { kind: 'revoke' }
);

export type InboundAck = { companyId: number; connectionId: number; providerMessageId: string; ack: number };

// The peer refused a message for good (bad recipient, closed service window, unsupported
// operation): retrying cannot help, so the outbound job handler records `code` on the message instead.
// Any other error thrown by a provider is taken as passing (outage, rate limit) and retried by the job runner.
export class ProviderRejection extends Error {
  constructor(
    readonly code: ErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

export type InboundFailure = { companyId: number; connectionId: number; providerMessageId: string; code: ErrorCode };
