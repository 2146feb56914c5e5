import type { MessagesPage, MessageView } from '@atende/shared/messages';
import type { TicketsPage, TicketView } from '@atende/shared/tickets';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { TicketListFilters } from '../tickets-api.ts';

export const ticketsQueryKeys = {
  lists: ['tickets', 'list'] as const,
  list: (filters: TicketListFilters) => ['tickets', 'list', filters] as const,
  ones: ['tickets', 'one'] as const,
  one: (uuid: string) => ['tickets', 'one', uuid] as const,
  messages: (ticketId: number) => ['messages', ticketId] as const,
  notes: (ticketId: number) => ['ticket-notes', ticketId] as const,
  logs: (ticketId: number) => ['ticket-logs', ticketId] as const,
  mediaSize: (mediaUrl: string) => ['media-size', mediaUrl] as const,
};

type Pages = InfiniteData<TicketsPage, string | null>;
type MessagePages = InfiniteData<MessagesPage, number>;

// Whether a ticket belongs in a cached list: the list's own filters, judged on the client so a
// live event can place the ticket without a refetch. Search results only update rows they hold.
export const ticketFitsList = (filters: TicketListFilters, ticket: TicketView, meId: number) => {
  if (filters.status && ticket.status !== filters.status) return false;
  if (filters.statusFilter.length && !filters.statusFilter.includes(ticket.status)) return false;
  if (filters.withUnreadMessages && ticket.unreadMessages <= 0) return false;
  if (!filters.showAll && ticket.userId !== null && ticket.userId !== meId && ticket.status !== 'closed') return false;
  if (filters.queueIds.length && ticket.queueId !== null && !filters.queueIds.includes(ticket.queueId)) return false;
  if (filters.whatsapps.length && (ticket.whatsappId === null || !filters.whatsapps.includes(ticket.whatsappId))) return false;
  if (filters.users.length && (ticket.userId === null || !filters.users.includes(ticket.userId))) return false;
  if (filters.tags.length && !ticket.tags.some((tag) => filters.tags.includes(tag.id))) return false;
  if (filters.priorities?.length && !filters.priorities.includes(ticket.priority)) return false;
  return true;
};

const isListed = (data: Pages, ticketId: number) => data.pages.some((page) => page.tickets.some((row) => row.id === ticketId));

const withCount = (data: Pages, delta: number): Pages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, count: Math.max(0, page.count + delta) })),
});

const without = (data: Pages, ticketId: number): Pages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.filter((row) => row.id !== ticketId) })),
});

const placed = (data: Pages, ticket: TicketView, atTop: boolean, ascending: boolean): Pages => {
  if (!atTop) return data;
  if (ascending) {
    // oldest first: a fresh ticket belongs at the end, shown only once the last page is here
    const last = data.pages.length - 1;
    if (data.pages[last]?.hasMore) return data;
    return { ...data, pages: data.pages.map((page, index) => (index === last ? { ...page, tickets: [...page.tickets, ticket] } : page)) };
  }
  return { ...data, pages: data.pages.map((page, index) => (index === 0 ? { ...page, tickets: [ticket, ...page.tickets] } : page)) };
};

// A fetch still running when a live event lands may have read the database before the event's
// change, and its answer would then undo the event: that fetch is dropped for a new one. (A
// first fetch has no data to apply the event to, and TanStack joins rather than restarts it, so
// it is cancelled first; a refetch with data is cancelled silently, keeping the event applied.)
// Loading a further page replaces nothing, so it runs on.
const refetchIfFetching = (client: QueryClient, key: QueryKey) => {
  const state = client.getQueryState(key);
  if (state?.fetchStatus !== 'fetching' || state.fetchMeta?.fetchMore) return;
  const query = { queryKey: key, exact: true };
  if (state.data === undefined) void client.cancelQueries(query).then(() => client.refetchQueries(query));
  else void client.refetchQueries(query, { cancelRefetch: true });
};

// The list with the ticket where the list's filters want it, or undefined when unchanged.
const withTicket = (data: Pages, filters: TicketListFilters, ticket: TicketView, meId: number, moveToTop: boolean): Pages | undefined => {
  const listed = isListed(data, ticket.id);
  if (!ticketFitsList(filters, ticket, meId)) return listed ? withCount(without(data, ticket.id), -1) : undefined;
  // sorted by priority, the top is the most urgent's place: a row changes where it stands, and a
  // new one waits for the next fetch
  if (listed && (!moveToTop || filters.sortByPriority)) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map((row) => (row.id === ticket.id ? ticket : row)) })) };
  }
  if (listed) return placed(without(data, ticket.id), ticket, true, filters.sortTickets === 'ASC');
  // a search lists what the server matched; live events only update those rows
  if (filters.searchParam || filters.sortByPriority) return undefined;
  return withCount(placed(data, ticket, true, filters.sortTickets === 'ASC'), 1);
};

// Puts a ticket where each cached list wants it (01-core §4 Unread handling and live updates).
export const upsertTicketInLists = (client: QueryClient, ticket: TicketView, meId: number, moveToTop: boolean) => {
  for (const [key, data] of client.getQueriesData<Pages>({ queryKey: ticketsQueryKeys.lists })) {
    const next = data && withTicket(data, key[2] as TicketListFilters, ticket, meId, moveToTop);
    if (next) client.setQueryData(key, next);
    refetchIfFetching(client, key);
  }
  client.setQueryData<TicketView>(ticketsQueryKeys.one(ticket.uuid), (current) => (current ? ticket : current));
};

export const findCachedTicket = (client: QueryClient, ticketId: number): TicketView | undefined => {
  for (const [, data] of client.getQueriesData<Pages>({ queryKey: ticketsQueryKeys.lists })) {
    const found = data?.pages.flatMap((page) => page.tickets).find((row) => row.id === ticketId);
    if (found) return found;
  }
  for (const [, data] of client.getQueriesData<TicketView>({ queryKey: ticketsQueryKeys.ones })) {
    if (data?.id === ticketId) return data;
  }
  return undefined;
};

// issue 40 point 3: a ticket's SLA state changes without a ticket event when its targets are set
// or one is breached (company-{id}-sla)
export const updateTicketSlaInCache = (client: QueryClient, ticketId: number, meId: number, update: (sla: TicketView['sla']) => TicketView['sla']) => {
  const ticket = findCachedTicket(client, ticketId);
  if (ticket) upsertTicketInLists(client, { ...ticket, sla: update(ticket.sla) }, meId, false);
};

export const removeTicketFromLists = (client: QueryClient, ticketId: number) => {
  for (const [key, data] of client.getQueriesData<Pages>({ queryKey: ticketsQueryKeys.lists })) {
    if (data && isListed(data, ticketId)) client.setQueryData(key, withCount(without(data, ticketId), -1));
    refetchIfFetching(client, key);
  }
};

export const resetUnreadInCache = (client: QueryClient, ticketId: number, meId: number) => {
  const ticket = findCachedTicket(client, ticketId);
  if (ticket) {
    upsertTicketInLists(client, { ...ticket, unreadMessages: 0 }, meId, false);
    return;
  }
  // unknown here: it still leaves the unread lists
  for (const [key, data] of client.getQueriesData<Pages>({ queryKey: ticketsQueryKeys.lists })) {
    const filters = key[2] as TicketListFilters;
    if (data && filters.withUnreadMessages && isListed(data, ticketId)) client.setQueryData(key, withCount(without(data, ticketId), -1));
    refetchIfFetching(client, key);
  }
};

// A message can reach the cache twice out of order: the channel's ack, published as a live
// update, often beats the answer of the send that created the message. The older copy never
// replaces the newer one, and an ack never goes back (the server only raises it).
export const newerMessage = (current: MessageView, incoming: MessageView): MessageView =>
  Date.parse(incoming.updatedAt) < Date.parse(current.updatedAt) ? current : { ...incoming, ack: Math.max(current.ack, incoming.ack) };

// New and changed messages land in the open chat's pages (page 0 holds the newest messages).
export const upsertMessageInCache = (client: QueryClient, message: MessageView) => {
  const key = ticketsQueryKeys.messages(message.ticketId);
  client.setQueryData<MessagePages>(key, (data) => {
    if (!data) return data;
    const listed = data.pages.some((page) => page.messages.some((row) => row.id === message.id));
    if (listed) {
      return {
        ...data,
        pages: data.pages.map((page) => ({ ...page, messages: page.messages.map((row) => (row.id === message.id ? newerMessage(row, message) : row)) })),
      };
    }
    return {
      ...data,
      pages: data.pages.map((page, index) => (index === 0 ? { ...page, messages: [...page.messages, message] } : page)),
    };
  });
  refetchIfFetching(client, key);
};
