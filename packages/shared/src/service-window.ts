// The customer-service window of the Meta channels (01-core §2 chat notice, §4 Messages): a
// business may answer freely for 24 hours after the customer's last message; after that the
// Cloud API accepts only approved templates, and Messenger and Instagram accept nothing.
import type { ConnectionChannel } from './connections.ts';

export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const windowedChannels: readonly ConnectionChannel[] = ['whatsappapi', 'facebook', 'instagram'];

export const hasServiceWindow = (channel: string) => (windowedChannels as readonly string[]).includes(channel);

export const isInsideServiceWindow = (lastCustomerMessageAt: Date | null, now: Date) =>
  lastCustomerMessageAt !== null && now.getTime() - lastCustomerMessageAt.getTime() < SERVICE_WINDOW_MS;
