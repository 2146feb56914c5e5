import { shouldNotify } from '@atende/shared/ticket-visibility';
import type { TicketView } from '@atende/shared/tickets';
import type { SessionUser } from '@atende/shared/users';

const enabled = (value: string | undefined) => value === 'enabled' || value === 'true';

// 01-core §4 Unread handling for the signed-in user: whether a new message of this ticket
// notifies, and so whether the ticket belongs in the notifications list.
export const notifiesUser = (user: SessionUser, ticket: TicketView, openTicketId: number | null) =>
  shouldNotify({
    actor: { ...user, queueIds: user.queues.map((queue) => queue.id) },
    ticket,
    showNotificationPending: enabled(user.company.settings.showNotificationPending),
    groupAsTicket: ticket.whatsapp?.groupAsTicket === 'enabled',
    openTicketId: openTicketId ?? undefined,
  });
