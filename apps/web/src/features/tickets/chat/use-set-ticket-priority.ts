import type { TicketPriority, TicketView } from '@atende/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../../lib/error-message.ts';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { ticketsApi } from '../tickets-api.ts';
import { upsertTicketInLists } from '../list/tickets-cache.ts';

// issue 40 point 5: the ticket's lists take the changed ticket at once
export const useSetTicketPriority = (ticket: TicketView) => {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (priority: TicketPriority) => ticketsApi.update(ticket.id, { priority }),
    onSuccess: (updated) => upsertTicketInLists(queryClient, updated, me.id, false),
    onError: (error) => toastError(error),
  });
};
