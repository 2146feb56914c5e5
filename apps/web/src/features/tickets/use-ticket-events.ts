import { shouldNotify } from '@atende/shared/ticket-visibility';
import type { MessageView } from '@atende/shared/messages';
import type { TicketView } from '@atende/shared/tickets';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session-context.ts';
import { notifyNewMessage } from '../notifications/notify.ts';
import { useCompanyEvent } from '../realtime/use-company-event.ts';
import {
  removeTicketFromLists,
  resetUnreadInCache,
  ticketsQueryKeys,
  upsertMessageInCache,
  upsertTicketInLists,
} from './tickets-cache.ts';
import { ticketsUi } from './tickets-ui-store.ts';

const enabled = (value: string | undefined) => value === 'enabled' || value === 'true';

// company-{id}-ticket and -appMessage keep every ticket list, the open chat and the
// notifications current without reloading (01-core §4 Unread handling and live updates).
export const useTicketEvents = () => {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();

  useCompanyEvent('ticket', (payload) => {
    if (!user) return;
    if (payload.action === 'update') upsertTicketInLists(queryClient, payload.ticket, user.id, false);
    else if (payload.action === 'delete') {
      removeTicketFromLists(queryClient, payload.ticketId);
      queryClient.removeQueries({ queryKey: ticketsQueryKeys.messages(payload.ticketId) });
    } else resetUnreadInCache(queryClient, payload.ticketId, user.id);
  });

  const notify = (message: MessageView, ticket: TicketView) => {
    if (!user || message.fromMe || message.isPrivate) return;
    const allowed = shouldNotify({
      actor: { ...user, queueIds: user.queues.map((queue) => queue.id) },
      ticket,
      showNotificationPending: enabled(user.company.settings.showNotificationPending),
      groupAsTicket: ticket.whatsapp?.groupAsTicket === 'enabled',
      openTicketId: ticketsUi.get().openTicketId ?? undefined,
    });
    if (allowed) notifyNewMessage({ title: t('notifications.newMessage', { name: ticket.contact.name }), body: message.body, tag: ticket.uuid, onClick: () => navigate(`/tickets/${ticket.uuid}`) });
  };

  useCompanyEvent('appMessage', (payload) => {
    if (!user || payload.action === 'delete') return;
    upsertMessageInCache(queryClient, payload.message);
    if (payload.action === 'create') {
      upsertTicketInLists(queryClient, payload.ticket, user.id, true);
      notify(payload.message, payload.ticket);
    } else {
      upsertTicketInLists(queryClient, payload.ticket, user.id, false);
    }
  });
};
