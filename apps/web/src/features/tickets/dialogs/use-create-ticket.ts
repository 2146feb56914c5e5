import type { TicketCreateBody } from '@atende/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { upsertTicketInLists } from '../list/tickets-cache.ts';
import { ticketsApi } from '../tickets-api.ts';

type NewTicket = Pick<TicketCreateBody, 'contactId' | 'queueId' | 'whatsappId'>;

// 01-core §2 new ticket: opened by the attendant creating it, and listed at once.
export const useCreateTicket = () => {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: NewTicket) => ticketsApi.create({ ...ticket, userId: me.id, status: 'open' }),
    onSuccess: (ticket) => upsertTicketInLists(queryClient, ticket, me.id, true),
  });
};
