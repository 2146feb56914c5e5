// The one catalogue of realtime channels (01-core §7 Realtime) and their payloads, used by the
// server's emitter and the web's socket hooks. Channel names are `company-{id}-{event}`.
import type { AnnouncementView } from './announcements.ts';
import type { CampaignView } from './campaigns.ts';
import type { ChatMessageView, ChatView } from './chats.ts';
import type { ConnectionView } from './connections.ts';
import type { ContactListImportStatus, ContactListItemView, ContactListView } from './contact-lists.ts';
import type { ContactImportView } from './contact-imports.ts';
import type { ContactView } from './contacts.ts';
import type { FileListView } from './file-lists.ts';
import type { KnowledgeIntakeReport } from './knowledge.ts';
import type { MessageView } from './messages.ts';
import type { PromptView } from './prompts.ts';
import type { QueueIntegrationView } from './queue-integrations.ts';
import type { QueueView } from './queues.ts';
import type { QuickMessageView } from './quick-messages.ts';
import type { ScheduleView } from './scheduled-messages.ts';
import type { CompanySettingKey, PublicSettingKey } from './settings.ts';
import type { SlaTargetKind, TicketSlaView } from './sla-view.ts';
import type { TagRecordView } from './tags.ts';
import type { TicketView } from './tickets.ts';
import type { UserView } from './users.ts';
import type { WebhookEndpointView } from './webhooks.ts';

export type CompanyEvents = {
  // update: a newer sign-in of the same user; the session whose id differs logs out.
  // end: sign-ins ended by the user elsewhere or by an admin (issue 38 point 5); those named log
  // out and say who ended them
  auth:
    | { action: 'update'; user: { id: number }; sessionId: string }
    | { action: 'end'; user: { id: number }; sessionIds: string[]; endedBy: 'user' | 'admin' };
  user: { action: 'create' | 'update'; user: UserView } | { action: 'delete'; userId: number };
  settings: { action: 'update'; setting: { key: CompanySettingKey; value: string } };
  contact: { action: 'create' | 'update'; contact: ContactView } | { action: 'delete'; contactId: number };
  queue: { action: 'update'; queue: QueueView } | { action: 'delete'; queueId: number };
  // 02-operations §7 Quick messages: the list upserts on create and update, drops on delete
  quickmessage: { action: 'create' | 'update'; record: QuickMessageView } | { action: 'delete'; id: number };
  // 02-operations §4: the tag lists upsert on create and update, drop on delete
  tag: { action: 'create' | 'update'; tag: TagRecordView } | { action: 'delete'; tagId: number };
  // 02-operations §5: the prompts list refreshes live
  prompt: { action: 'create' | 'update'; prompt: PromptView } | { action: 'delete'; promptId: number };
  // 02-operations §7 File lists: company-{id}-file; create or update upserts the item, delete removes it
  file: { action: 'create' | 'update'; fileList: FileListView } | { action: 'delete'; fileId: number };
  // issue 42 point 1: taking in the knowledge sources ended (to whoever started it)
  knowledge: { action: 'intake'; report: KnowledgeIntakeReport };
  // 02-operations §7 Queue integrations: create or update upserts the item, delete removes it
  queueIntegration: { action: 'update'; queueIntegration: QueueIntegrationView } | { action: 'delete'; integrationId: number };
  whatsapp: { action: 'update'; whatsapp: ConnectionView } | { action: 'delete'; whatsappId: number };
  // 02-operations §7 Connections: the QR dialog follows the session's status and qrcode
  whatsappSession: { action: 'update'; session: ConnectionView };
  // 02-operations §4 Message import: progress (this of all, the date reached; this -1 while
  // preparing), and refresh when the import ends
  importMessages: { action: 'refresh' } | { action: 'update'; status: { this: number; all: number; date: string } };
  // 02-operations §7 Contact lists: company-{id}-ContactList and company-{id}-ContactListItem
  ContactList: { action: 'create' | 'update'; record: ContactListView } | { action: 'delete'; id: number };
  ContactListItem:
    | { action: 'create' | 'update'; record: ContactListItemView }
    | { action: 'delete'; id: number }
    | { action: 'import'; contactListId: number; status: ContactListImportStatus };
  // 01-core §2 /contacts/import: an import's progress and, once done, its report
  contactImport: { action: 'update'; record: ContactImportView };
  // 02-operations §4 Other states: the schedules calendar refreshes on these
  schedule: { action: 'create' | 'update'; schedule: ScheduleView } | { action: 'delete'; scheduleId: number };
  // 02-operations §7 Campaigns: the per-company campaign channel (the list and the report follow it;
  // every message sent re-sends the campaign with its counts)
  campaign: { action: 'create' | 'update'; record: CampaignView } | { action: 'delete'; id: number };
  ticket:
    | { action: 'update'; ticket: TicketView }
    | { action: 'delete'; ticketId: number }
    | { action: 'updateUnread'; ticketId: number };
  appMessage:
    | { action: 'create' | 'update'; message: MessageView; ticket: TicketView; contact: TicketView['contact'] }
    | { action: 'delete'; messageId: number; ticketId: number };
  // 03-saas §2 Checkout dialog: an invoice was paid and the company's due date moved
  payment: { action: 'CONCLUIDA'; company: { id: number; dueDate: string } };
  // 02-operations §7 Internal chat: only the chat's members get these
  chat:
    | { action: 'create' | 'update'; chat: ChatView }
    | { action: 'delete'; chatId: number }
    | { action: 'new-message'; chat: ChatView; newMessage: ChatMessageView };
  // issue 37 point 1: an endpoint that failed too long was switched off (the company's admins only)
  webhook: { action: 'disabled'; endpoint: WebhookEndpointView };
  // issue 40 point 3: a ticket's SLA target passed its due moment unmet (its owner and the admins
  // only); or a ticket got targets (whoever sees the ticket), sla being its nearest open one
  sla: { action: 'breached'; ticketId: number; kind: SlaTargetKind; dueAt: string } | { action: 'started'; ticketId: number; sla: TicketSlaView };
  // 01-core §7: platform-wide, on the one channel company-announcement that every company's
  // sockets get
  announcement: { action: 'create' | 'update'; announcement: AnnouncementView } | { action: 'delete'; announcementId: number };
};

export type CompanyEventName = keyof CompanyEvents;

// Platform-wide events (03-saas §3 Global settings) go to every socket of the public namespace,
// which takes no token: the login page follows the whitelabel branding as live as the shell does.
// Only what GET /public-settings/{key} would answer anyone is sent there.
export const PUBLIC_NAMESPACE = '/public';
export type PublicEvents = {
  'public-settings': { action: 'update'; setting: { key: PublicSettingKey; value: string } };
};
export type PublicEventName = keyof PublicEvents;

// Some channels are spelled otherwise (02-operations §7): the import progress is
// importMessages-{companyId}, the tags company{companyId}-tag; announcements are the platform's,
// on company-announcement (01-core §7 Realtime).
export const companyChannel = <E extends CompanyEventName>(companyId: number, event: E) => {
  if (event === 'importMessages') return `importMessages-${companyId}`;
  if (event === 'announcement') return 'company-announcement';
  if (event === 'tag') return `company${companyId}-tag`;
  return `company-${companyId}-${event}`;
};

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
