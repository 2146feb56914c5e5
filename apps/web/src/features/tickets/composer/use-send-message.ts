import type { TicketView } from '@atende/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketsApi } from '../tickets-api.ts';
import { upsertMessageInCache } from '../list/tickets-cache.ts';

type SendBody = Parameters<typeof ticketsApi.send>[1];

// POST /messages/{ticketId}; the created messages enter the chat's cache at once.
export const useSendMessage = (ticket: TicketView) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBody) => ticketsApi.send(ticket.id, body),
    onSuccess: (created) => {
      for (const message of created) upsertMessageInCache(queryClient, message);
    },
  });
};
