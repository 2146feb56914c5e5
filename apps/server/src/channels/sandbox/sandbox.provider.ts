// The sandbox channel's outbound side: nothing leaves the machine; the message row is the record
// of what would have been sent, and the provider answers with an id and ack 'sent' at once.
import { randomUUID } from 'node:crypto';
import type { ChannelProvider } from '../provider.ts';

export const SANDBOX_SENT_ACK = 1;

export const sandboxProvider: ChannelProvider = {
  send: async () => ({ providerMessageId: `sandbox-${randomUUID()}`, ack: SANDBOX_SENT_ACK }),
  edit: async () => undefined,
  remove: async () => undefined,
};
