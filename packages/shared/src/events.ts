// The one catalogue of realtime channels (01-core §7 Realtime) and their payloads, used by the
// server's emitter and the web's socket hooks. Channel names are `company-{id}-{event}`.
import type { ConnectionView } from './connections.ts';
import type { ContactView } from './contacts.ts';
import type { MessageView } from './messages.ts';
import type { PromptView } from './prompts.ts';
import type { QueueIntegrationView } from './queue-integrations.ts';
import type { QueueView } from './queues.ts';
import type { CompanySettingKey } from './settings.ts';
import type { TicketView } from './tickets.ts';
import type { UserView } from './users.ts';

export type CompanyEvents = {
  // a newer sign-in of the same user; the session whose id differs logs out
  auth: { action: 'update'; user: { id: number }; sessionId: string };
  user: { action: 'create' | 'update'; user: UserView } | { action: 'delete'; userId: number };
  settings: { action: 'update'; setting: { key: CompanySettingKey; value: string } };
  contact: { action: 'create' | 'update'; contact: ContactView } | { action: 'delete'; contactId: number };
  queue: { action: 'update'; queue: QueueView } | { action: 'delete'; queueId: number };
  // 02-operations §5: the prompts list refreshes live
  prompt: { action: 'create' | 'update'; prompt: PromptView } | { action: 'delete'; promptId: number };
  // 02-operations §7 Queue integrations: create or update upserts the item, delete removes it
  queueIntegration: { action: 'update'; queueIntegration: QueueIntegrationView } | { action: 'delete'; integrationId: number };
  whatsapp: { action: 'update'; whatsapp: ConnectionView } | { action: 'delete'; whatsappId: number };
  // 02-operations §7 Connections: the QR dialog follows the session's status and qrcode
  whatsappSession: { action: 'update'; session: ConnectionView };
  // 02-operations §4 Message import: progress (this of all, the date reached; this -1 while
  // preparing), and refresh when the import ends
  importMessages: { action: 'refresh' } | { action: 'update'; status: { this: number; all: number; date: string } };
  ticket:
    | { action: 'update'; ticket: TicketView }
    | { action: 'delete'; ticketId: number }
    | { action: 'updateUnread'; ticketId: number };
  appMessage:
    | { action: 'create' | 'update'; message: MessageView; ticket: TicketView; contact: TicketView['contact'] }
    | { action: 'delete'; messageId: number; ticketId: number };
};

export type CompanyEventName = keyof CompanyEvents;

// The import progress channel is named importMessages-{companyId} (02-operations §7 Connections).
export const companyChannel = <E extends CompanyEventName>(companyId: number, event: E) =>
  event === 'importMessages' ? `importMessages-${companyId}` : `company-${companyId}-${event}`;

// What the client may emit (01-core §7): the server checks each against the token's tenant.
export type ClientToServerEvents = {
  joinNotification: () => void;
  leaveNotification: () => void;
  joinTickets: (status: string) => void;
  leaveTickets: (status: string) => void;
  joinChatBox: (ticketId: string) => void;
  joinChatBoxLeave: (ticketId: string) => void;
  userStatus: () => void;
};
