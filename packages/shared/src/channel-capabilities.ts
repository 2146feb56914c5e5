// What each channel can do (issue 41 point 4): one table that the web reads to hide a feature and
// the server reads to refuse it, so the two cannot drift. docs/channels.md gives each cell's reason.
import type { ConnectionChannel } from './connections.ts';

export type ChannelCapability =
  // bulk messages to a contact list, whose items are phone numbers (02-operations §3 Campaign)
  | 'campaigns'
  // a message sent later to a contact, unprompted (02-operations §3 Schedule)
  | 'schedules'
  // a first message to an address that never wrote to the connection (external API, 03-saas §7)
  | 'writesFirst'
  // editing a message already delivered (01-core §4 Messages); deleting one is always allowed, as it
  // marks it deleted in the inbox even where the channel keeps the customer's copy
  | 'editsSent'
  // an approved message template, the only thing that may leave outside the 24 h window
  | 'templates';

// How a channel names the person at the other end: the contact's `number`.
export type ChannelAddress = 'phone' | 'pageScopedId' | 'chatId' | 'visitor' | 'email';

type ChannelProfile = { address: ChannelAddress; can: readonly ChannelCapability[] };

// Meta's Messenger and Instagram accept only answers within 24 h of the customer's last message and
// address people by a page-scoped id, not a phone: no campaign, no first message. The Cloud API may
// write first only with a template (the service window check in messages refuses the rest). A
// Telegram bot writes only to chats that wrote to it; a web chat visitor is reachable only through
// the widget; an email contact is an address, which a contact list (phones) cannot hold.
const profiles: Record<ConnectionChannel, ChannelProfile> = {
  whatsapp: { address: 'phone', can: ['campaigns', 'schedules', 'writesFirst', 'editsSent'] },
  whatsappapi: { address: 'phone', can: ['campaigns', 'schedules', 'writesFirst', 'templates'] },
  facebook: { address: 'pageScopedId', can: ['schedules'] },
  instagram: { address: 'pageScopedId', can: ['schedules'] },
  sandbox: { address: 'phone', can: ['campaigns', 'schedules', 'writesFirst', 'editsSent'] },
  telegram: { address: 'chatId', can: ['schedules', 'editsSent'] },
  webchat: { address: 'visitor', can: ['editsSent'] },
  email: { address: 'email', can: ['schedules', 'writesFirst'] },
};

const profileOf = (channel: string): ChannelProfile | undefined => (Object.hasOwn(profiles, channel) ? profiles[channel as ConnectionChannel] : undefined);

export const channelCan = (channel: string, capability: ChannelCapability) => profileOf(channel)?.can.includes(capability) ?? false;

export const channelAddress = (channel: string): ChannelAddress => profileOf(channel)?.address ?? 'phone';

const addressShapes: Record<ChannelAddress, RegExp> = {
  // country code, area code and number, digits only (03-saas §2)
  phone: /^\d{8,20}$/,
  pageScopedId: /^\d{1,40}$/,
  chatId: /^-?\d{1,20}$/,
  // a visitor's number is 96 bits of its token's hash in decimal (channels/webchat)
  visitor: /^\d{1,40}$/,
  email: /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/,
};

// Whether `number` can name a contact on `channel`, with the validation key that says why not.
export const addressProblem = (channel: string, number: string): string | undefined => {
  const address = channelAddress(channel);
  if (addressShapes[address].test(number)) return undefined;
  return address === 'email' ? 'validation.emailAddressNumber' : 'validation.digitsOnlyNumber';
};

type Reachable = { channel: string; number: string; isGroup: boolean; whatsappId: number | null };

// Whether a conversation with `contact` can be opened by hand on `connection` (a new ticket): the
// connection's channel names people as the contact's channel does (no WhatsApp number through a
// Telegram bot, no email address through WhatsApp), the number has that address's shape (a group's
// id has its own), and a page-scoped id or a web chat visitor exists only for the page or the
// widget that first saw them (the contact's connection). The server refuses the others, the new
// ticket dialog does not offer them.
export const reachesContact = (connection: { id: number; channel: string }, contact: Reachable) => {
  const address = channelAddress(connection.channel);
  if (channelAddress(contact.channel) !== address) return false;
  if (address === 'pageScopedId' || address === 'visitor') return contact.whatsappId === connection.id;
  return contact.isGroup || addressProblem(connection.channel, contact.number) === undefined;
};
