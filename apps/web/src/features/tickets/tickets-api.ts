import { messagesEndpoints, type MessageTemplate } from '@atende/shared/messages';
import { usersEndpoints } from '@atende/shared/users';
import {
  ticketNotesEndpoints,
  ticketsEndpoints,
  type TicketCreateBody,
  type TicketNoteBody,
  type TicketPriority,
  type TicketsListParams,
  type TicketStatus,
  type TicketUpdateBody,
} from '@atende/shared/tickets';
import { callEndpoint, sendFormToEndpoint } from '../../lib/endpoint-client.ts';

export type TicketListFilters = {
  status?: TicketStatus;
  searchParam: string;
  searchOnMessages: boolean;
  showAll: boolean;
  queueIds: number[];
  tags: number[];
  users: number[];
  whatsapps: number[];
  statusFilter: TicketStatus[];
  sortTickets: 'ASC' | 'DESC';
  withUnreadMessages?: boolean;
  // issue 40 point 5
  priorities?: TicketPriority[];
  sortByPriority?: boolean;
};

const jsonList = (ids: readonly (number | string)[]) => (ids.length ? JSON.stringify(ids) : undefined);

// GET /tickets takes its list filters as JSON-encoded arrays (01-core §7).
export const toTicketsQuery = (filters: TicketListFilters, cursor: string | null): TicketsListParams => ({
  cursor: cursor ?? undefined,
  searchParam: filters.searchParam || undefined,
  status: filters.status,
  showAll: filters.showAll ? 'true' : undefined,
  searchOnMessages: filters.searchParam && filters.searchOnMessages ? 'true' : undefined,
  queueIds: jsonList(filters.queueIds),
  tags: jsonList(filters.tags),
  users: jsonList(filters.users),
  whatsapps: jsonList(filters.whatsapps),
  statusFilter: jsonList(filters.statusFilter),
  sortTickets: filters.sortTickets,
  priorities: jsonList(filters.priorities ?? []),
  sortBy: filters.sortByPriority ? 'priority' : undefined,
  withUnreadMessages: filters.withUnreadMessages ? 'true' : undefined,
});

export const ticketsApi = {
  list: (filters: TicketListFilters, cursor: string | null) => callEndpoint(ticketsEndpoints.list, { query: toTicketsQuery(filters, cursor) }),
  byUuid: (uuid: string) => callEndpoint(ticketsEndpoints.showByUuid, { params: { uuid } }),
  create: (body: TicketCreateBody) => callEndpoint(ticketsEndpoints.create, { body }),
  update: (id: number, body: TicketUpdateBody) => callEndpoint(ticketsEndpoints.update, { params: { ticketId: id }, body }),
  remove: (id: number) => callEndpoint(ticketsEndpoints.remove, { params: { ticketId: id } }),
  closeAll: (status: 'open' | 'pending', selectedQueueIds: number[]) => callEndpoint(ticketsEndpoints.closeAll, { body: { status, selectedQueueIds } }),
  logs: (id: number) => callEndpoint(ticketsEndpoints.logs, { params: { ticketId: id } }),
  messages: (ticketId: number, pageNumber: number) => callEndpoint(messagesEndpoints.list, { params: { ticketId }, query: { pageNumber } }),
  // reading a ticket's newest page is what marks it read (01-core §4 Unread handling)
  markRead: (ticketId: number) => callEndpoint(messagesEndpoints.list, { params: { ticketId }, query: { pageNumber: 1 } }).then(() => undefined),
  send: (
    ticketId: number,
    body: {
      body: string;
      quotedMsg?: { id: number } | null;
      isPrivate?: boolean;
      signMessage?: boolean;
      vCard?: { name: string; number: string };
      template?: MessageTemplate;
    },
  ) => callEndpoint(messagesEndpoints.send, { params: { ticketId }, body: { ...body, read: true, fromMe: true } }),
  // the send's multipart form: its fields as text, the files under `medias`
  sendMedia: (ticketId: number, files: File[], caption: string, isPrivate: boolean, signMessage: boolean) => {
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('isPrivate', String(isPrivate));
    form.append('signMessage', String(signMessage));
    form.append('body', caption);
    for (const file of files) form.append('medias', file, file.name);
    return sendFormToEndpoint(messagesEndpoints.send, form, { params: { ticketId } });
  },
  editMessage: (id: number, body: string) => callEndpoint(messagesEndpoints.edit, { params: { messageId: id }, body: { body } }),
  deleteMessage: (id: number) => callEndpoint(messagesEndpoints.remove, { params: { messageId: id } }),
  forward: (messageId: number, contactId: number) => callEndpoint(messagesEndpoints.forward, { body: { messageId, contactId } }),
  notes: (ticketId: number, contactId: number) => callEndpoint(ticketNotesEndpoints.list, { query: { ticketId, contactId } }),
  addNote: (body: TicketNoteBody) => callEndpoint(ticketNotesEndpoints.create, { body }),
  deleteNote: (id: number) => callEndpoint(ticketNotesEndpoints.remove, { params: { noteId: id } }),
  saveWidth: (userId: number, width: number) => callEndpoint(usersEndpoints.setTicketsManagerWidth, { params: { userId }, body: { defaultTicketsManagerWidth: width } }),
};

// A stored file's size, read from the public file's headers (a document shows it, issue 35
// point 10); null when the store does not say.
export const fetchMediaSize = async (mediaUrl: string): Promise<number | null> => {
  const answer = await fetch(mediaUrl, { method: 'HEAD' });
  const length = Number(answer.headers.get('content-length'));
  return answer.ok && length > 0 ? length : null;
};
