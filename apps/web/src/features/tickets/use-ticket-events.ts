import type { MessageView } from '@atende/shared/messages';
import type { TicketView } from '@atende/shared/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session/session-context.ts';
import { notifiesUser } from './notifies-user.ts';
import { notifyNewMessage } from '../../lib/notify.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import {
  removeTicketFromLists,
  resetUnreadInCache,
  ticketsQueryKeys,
  upsertMessageInCache,
  updateTicketSlaInCache,
  upsertTicketInLists,
} from './list/tickets-cache.ts';
import { ticketsApi } from './tickets-api.ts';
import { ticketsUi } from './tickets-ui-store.ts';

// company-{id}-ticket and -appMessage keep every ticket list, the open chat and the
// notifications current without reloading (01-core §4 Unread handling and live updates).
export const useTicketEvents = () => {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();

  // the chat on screen reads what arrives: its unread count clears here at once and, through
  // the server's updateUnread, in every other list and notifications list (01-core §4)
  const isOnScreen = (ticket: TicketView) => ticket.id === ticketsUi.get().openTicketId;
  const asSeen = (ticket: TicketView) => (isOnScreen(ticket) && ticket.unreadMessages > 0 ? { ...ticket, unreadMessages: 0 } : ticket);

  useCompanyEvent('ticket', (payload) => {
    if (!user) return;
    if (payload.action === 'update') upsertTicketInLists(queryClient, asSeen(payload.ticket), user.id, false);
    else if (payload.action === 'delete') {
      removeTicketFromLists(queryClient, payload.ticketId);
      queryClient.removeQueries({ queryKey: ticketsQueryKeys.messages(payload.ticketId) });
    } else resetUnreadInCache(queryClient, payload.ticketId, user.id);
  });

  useCompanyEvent('sla', (payload) => {
    if (!user) return;
    if (payload.action === 'started') updateTicketSlaInCache(queryClient, payload.ticketId, user.id, () => payload.sla);
    else {
      const breached = (sla: TicketView['sla']) => (sla?.kind === payload.kind && sla.dueAt === payload.dueAt ? { ...sla, breached: true } : sla);
      updateTicketSlaInCache(queryClient, payload.ticketId, user.id, breached);
    }
  });

  const notify = (message: MessageView, ticket: TicketView) => {
    if (!user || message.fromMe || message.isPrivate) return;
    if (notifiesUser(user, ticket, ticketsUi.get().openTicketId)) {
      notifyNewMessage({ title: t('notifications.newMessage', { name: ticket.contact.name }), body: message.body, tag: ticket.uuid, onClick: () => navigate(`/tickets/${ticket.uuid}`) });
    }
  };

  useCompanyEvent('appMessage', (payload) => {
    if (!user || payload.action === 'delete') return;
    upsertMessageInCache(queryClient, payload.message);
    upsertTicketInLists(queryClient, asSeen(payload.ticket), user.id, payload.action === 'create');
    if (payload.action !== 'create') return;
    if (isOnScreen(payload.ticket) && payload.ticket.unreadMessages > 0) void ticketsApi.markRead(payload.ticket.id).catch(() => undefined);
    notify(payload.message, payload.ticket);
  });
};
