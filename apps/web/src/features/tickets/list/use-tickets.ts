import type { TicketConflict, TicketUpdateBody, TicketView } from '@atende/shared/tickets';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { ticketsApi, type TicketListFilters } from '../tickets-api.ts';
import { ticketsQueryKeys, upsertTicketInLists } from './tickets-cache.ts';

export const useTicketsList = (filters: TicketListFilters, enabled = true) =>
  useInfiniteQuery({
    queryKey: ticketsQueryKeys.list(filters),
    queryFn: ({ pageParam }) => ticketsApi.list(filters, pageParam),
    // each further page continues after the last row held (keyset), never skipping rows by OFFSET
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    enabled,
    // live events keep the lists current; a remount does not need a refetch
    staleTime: 30_000,
  });

export const useTicket = (uuid: string | undefined) =>
  useQuery({
    queryKey: ticketsQueryKeys.one(uuid ?? ''),
    queryFn: () => ticketsApi.byUuid(uuid ?? ''),
    enabled: Boolean(uuid),
    staleTime: 0,
    retry: false,
  });

// The conflict answer carries a JSON string naming the ticket's holder (01-core §4 New ticket).
export const parseConflict = (error: unknown): TicketConflict | null => {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.text) return null;
  try {
    const parsed = JSON.parse(error.text) as TicketConflict;
    return typeof parsed?.uuid === 'string' ? parsed : null;
  } catch {
    return null;
  }
};

export const useUpdateTicket = () => {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  return useMutation({
    mutationFn: ({ ticket, body }: { ticket: TicketView; body: TicketUpdateBody }) => ticketsApi.update(ticket.id, body),
    onSuccess: (ticket) => upsertTicketInLists(queryClient, ticket, me.id, false),
  });
};

// A manager closes every open or pending ticket of the chosen queues at once.
export const useCloseAllTickets = () =>
  useMutation({
    mutationFn: ({ status, queueIds }: { status: 'open' | 'pending'; queueIds: number[] }) => ticketsApi.closeAll(status, queueIds),
  });
