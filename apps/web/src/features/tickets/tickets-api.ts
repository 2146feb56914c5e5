import type { MessagesPage, MessageTemplate, MessageView } from '@atende/shared/messages';
import {
  ticketNotesEndpoints,
  type TicketCreateBody,
  type TicketLogView,
  type TicketNoteBody,
  type TicketsPage,
  type TicketStatus,
  type TicketUpdateBody,
  type TicketView,
} from '@atende/shared/tickets';
import { api, apiRequest } from '../../lib/api-client.ts';
import { callEndpoint } from '../../lib/endpoint-client.ts';

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
};

const jsonList = (ids: readonly (number | string)[]) => (ids.length ? JSON.stringify(ids) : undefined);

// GET /tickets takes its list filters as JSON-encoded arrays (01-core §7).
export const toTicketsQuery = (filters: TicketListFilters, cursor: string | null) => ({
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
  withUnreadMessages: filters.withUnreadMessages ? 'true' : undefined,
});

export const ticketsApi = {
  list: (filters: TicketListFilters, cursor: string | null) => api.get<TicketsPage>('/tickets', toTicketsQuery(filters, cursor)),
  byUuid: (uuid: string) => api.get<TicketView>(`/tickets/u/${uuid}`),
  create: (body: TicketCreateBody) => api.post<TicketView>('/tickets', body),
  update: (id: number, body: TicketUpdateBody) => api.put<TicketView>(`/tickets/${id}`, body),
  remove: (id: number) => api.delete<void>(`/tickets/${id}`),
  closeAll: (status: 'open' | 'pending', selectedQueueIds: number[]) =>
    api.post<{ closed: number }>('/tickets/closeAll', { status, selectedQueueIds }),
  logs: (id: number) => api.get<TicketLogView[]>(`/tickets-log/${id}`),
  messages: (ticketId: number, pageNumber: number) => api.get<MessagesPage>(`/messages/${ticketId}`, { pageNumber }),
  // reading a ticket's newest page is what marks it read (01-core §4 Unread handling)
  markRead: (ticketId: number) => api.get<MessagesPage>(`/messages/${ticketId}`, { pageNumber: 1 }).then(() => undefined),
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
  ) =>
    api.post<MessageView[]>(`/messages/${ticketId}`, { ...body, read: true, fromMe: true }),
  sendMedia: (ticketId: number, files: File[], caption: string, isPrivate: boolean, signMessage: boolean) => {
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('isPrivate', String(isPrivate));
    form.append('signMessage', String(signMessage));
    form.append('body', caption);
    for (const file of files) form.append('medias', file, file.name);
    return apiRequest<MessageView[]>(`/messages/${ticketId}`, { method: 'POST', body: form });
  },
  editMessage: (id: number, body: string) => api.post<MessageView>(`/messages/edit/${id}`, { body }),
  deleteMessage: (id: number) => api.delete<MessageView>(`/messages/${id}`),
  forward: (messageId: number, contactId: number) => api.post<MessageView>('/message/forward', { messageId, contactId }),
  notes: (ticketId: number, contactId: number) => callEndpoint(ticketNotesEndpoints.list, { query: { ticketId, contactId } }),
  addNote: (body: TicketNoteBody) => callEndpoint(ticketNotesEndpoints.create, { body }),
  deleteNote: (id: number) => callEndpoint(ticketNotesEndpoints.remove, { params: { noteId: id } }),
  saveWidth: (userId: number, width: number) =>
    api.put<unknown>(`/users/toggleChangeWidht/${userId}`, { defaultTicketsManagerWidth: width }),
};

// A stored file's size, read from the public file's headers (a document shows it, issue 35
// point 10); null when the store does not say.
export const fetchMediaSize = async (mediaUrl: string): Promise<number | null> => {
  const answer = await fetch(mediaUrl, { method: 'HEAD' });
  const length = Number(answer.headers.get('content-length'));
  return answer.ok && length > 0 ? length : null;
};
