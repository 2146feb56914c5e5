import type { TicketUpdateBody, TicketView } from '@atende/shared/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../lib/error-message.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { openTicketDialog } from './dialogs/ticket-dialogs.ts';
import { removeTicketFromLists } from './list/tickets-cache.ts';
import { ticketsApi } from './tickets-api.ts';
import { ticketsUi } from './tickets-ui-store.ts';
import { useQueueOptions } from '../queues/use-queues.ts';
import { parseConflict, useUpdateTicket } from './list/use-tickets.ts';

type After = 'open' | 'list' | 'stay';

// The transitions of 01-core §4 Ticket lifecycle as the screens use them: the queue modal when a
// queue is missing, the conflict modal on 409, and where the view goes afterwards.
export const useTicketFlow = () => {
  const me = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateTicket();
  const { data: queues = [] } = useQueueOptions();

  const handleError = useCallback(
    (error: unknown) => {
      const conflict = parseConflict(error);
      if (!conflict) return toastError(error);
      if (conflict.userId === me.id) {
        ticketsUi.setTab('open');
        navigate(`/tickets/${conflict.uuid}`);
      } else openTicketDialog({ kind: 'conflict', conflict });
    },
    [me.id, navigate],
  );

  const run = useCallback(
    async (ticket: TicketView, body: TicketUpdateBody, after: After) => {
      try {
        const saved = await update.mutateAsync({ ticket, body });
        if (after === 'open') {
          ticketsUi.setTab(saved.status === 'group' ? 'group' : 'open');
          navigate(`/tickets/${saved.uuid}`);
        } else if (after === 'list') navigate('/tickets');
        return saved;
      } catch (error) {
        handleError(error);
        return null;
      }
    },
    [update, navigate, handleError],
  );

  const needsQueue = (ticket: TicketView) => ticket.queueId === null && !ticket.isGroup && queues.length > 0;

  return {
    handleError,
    busy: update.isPending,
    accept: (ticket: TicketView, queueId?: number) => {
      if (queueId === undefined && needsQueue(ticket)) return openTicketDialog({ kind: 'accept', ticket, reopen: false });
      return run(ticket, { status: 'open', userId: me.id, queueId: queueId ?? ticket.queueId }, 'open');
    },
    reopen: (ticket: TicketView, queueId?: number) => {
      if (queueId === undefined && needsQueue(ticket)) return openTicketDialog({ kind: 'accept', ticket, reopen: true });
      return run(ticket, { status: 'open', userId: me.id, ...(queueId !== undefined && { queueId }) }, 'open');
    },
    returnToQueue: (ticket: TicketView) => run(ticket, { status: 'pending', userId: null }, 'list'),
    resolve: (ticket: TicketView, sendFarewellMessage: boolean) =>
      run(ticket, { status: 'closed', userId: me.id, sendFarewellMessage }, 'list'),
    ignore: (ticket: TicketView) => run(ticket, { status: 'closed', amountUsedBotQueues: 0 }, 'list'),
    transfer: (ticket: TicketView, body: { userId: number | null; queueId: number; msgTransfer: string }) =>
      run(
        ticket,
        { isTransfered: true, userId: body.userId, queueId: body.queueId, msgTransfer: body.msgTransfer, status: body.userId === null ? 'pending' : ticket.isGroup ? 'group' : 'open' },
        'list',
      ),
    toggleIntegration: (ticket: TicketView) => run(ticket, { useIntegration: !ticket.useIntegration }, 'stay'),
    remove: async (ticket: TicketView) => {
      try {
        await ticketsApi.remove(ticket.id);
        removeTicketFromLists(queryClient, ticket.id);
        navigate('/tickets');
        return true;
      } catch (error) {
        toastError(error);
        return false;
      }
    },
  };
};
