// The one interface every channel kind implements (ARCHITECTURE §3 channels/). The channels
// issue adds session control (start/stop, QR) to the kinds that have sessions.
import type { MediaType } from '@atende/shared/messages';

export type OutboundPayload = {
  companyId: number;
  connectionId: number;
  messageId: number;
  to: { number: string; isGroup: boolean };
  body: string;
  mediaType: MediaType;
  mediaUrl: string | null;
  vCard: string | null;
  quotedProviderMessageId: string | null;
};

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
  from: { number: string; name: string; isGroup?: boolean };
  body: string;
  mediaType?: MediaType;
  mediaUrl?: string | null;
  fromMe?: boolean;
  quotedProviderMessageId?: string | null;
};

export type InboundAck = { companyId: number; connectionId: number; providerMessageId: string; ack: number };
