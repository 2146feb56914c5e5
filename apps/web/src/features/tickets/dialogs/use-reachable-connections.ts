import { reachesContact } from '@atende/shared/channel-capabilities';
import { useConnectionOptions } from '../../connections/use-connections.ts';
import { useContact } from '../../contact-records/use-contact.ts';

// The connections a new ticket with this contact can be opened on (issue 41 point 4): all of them
// while no contact is chosen, none while the chosen one is read, then those that reach it, by the
// rule the server refuses the others with (a WhatsApp number is not opened on a Telegram bot, a web
// chat visitor only on its widget).
export const useReachableConnections = (contactId: number | null) => {
  const { data: connections = [] } = useConnectionOptions();
  const { data: contact } = useContact(contactId);
  const reachable = contact ? connections.filter((connection) => reachesContact(connection, contact)) : contactId === null ? connections : [];
  return { reachable, noneFits: contact !== undefined && reachable.length === 0 };
};
