import type { TicketView } from '@atende/shared/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toastError } from '../../../lib/error-message.ts';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { kanbanApi } from '../../kanban/kanban-api.ts';
import { upsertTicketInLists } from '../list/tickets-cache.ts';

// 01-core §7: a ticket's lane is set by clearing its kanban tags, then adding the chosen one ('' for
// none); the ticket's lists take the result.
export const useMoveTicketToLane = (ticket: TicketView, isLane: (tagId: number) => boolean) => {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tagId: number | '') => {
      await kanbanApi.removeFromLane(ticket.id);
      return tagId === '' ? { ...ticket, tags: ticket.tags.filter((tag) => !isLane(tag.id)) } : kanbanApi.moveToLane(ticket.id, tagId);
    },
    onSuccess: (updated) => upsertTicketInLists(queryClient, updated, me.id, false),
    onError: (error) => toastError(error),
  });
};
