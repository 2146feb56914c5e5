// Which tickets a user may see (01-core §6) and when a new message notifies (01-core §4 Unread
// handling). The server's list query mirrors canSeeTicket in SQL; realtime and the web use these.
import { can, type Actor } from './permissions.ts';
import type { TicketStatus } from './tickets.ts';

export type VisibilityActor = Actor & { id: number; queueIds: readonly number[] };
export type VisibleTicket = { status: TicketStatus; userId: number | null; queueId: number | null; isGroup: boolean };

const on = (value: 'enabled' | 'disabled') => value === 'enabled';

// A ticket's queue is one of the user's, or it has none and the user may see queue-less tickets
// (allTicket); group tickets usually have no queue and are governed by allowGroup instead.
export const inQueueScope = (actor: VisibilityActor, ticket: VisibleTicket) =>
  ticket.queueId === null ? on(actor.allTicket) || ticket.isGroup : actor.queueIds.includes(ticket.queueId);

export const canSeeTicket = (actor: VisibilityActor, ticket: VisibleTicket): boolean => {
  if (actor.profile === 'admin') return true;
  if (ticket.userId === actor.id) return true;
  if (ticket.isGroup && !on(actor.allowGroup)) return false;
  const scoped = inQueueScope(actor, ticket);
  if (ticket.userId === null && (ticket.status === 'pending' || ticket.status === 'lgpd' || ticket.status === 'group')) {
    return scoped;
  }
  if (ticket.status === 'closed' && on(actor.allHistoric)) return true;
  return can(actor, 'tickets:viewAll') && scoped;
};

export type NotificationContext = {
  actor: VisibilityActor;
  ticket: VisibleTicket & { id: number };
  showNotificationPending: boolean;
  groupAsTicket: boolean;
  // the ticket open on screen right now, if any
  openTicketId?: number;
};

// The rule also decides which tickets the notifications list holds, so a ticket leaves it as
// soon as it is accepted by someone else, closed, or open on screen.
export const shouldNotify = ({ actor, ticket, showNotificationPending, groupAsTicket, openTicketId }: NotificationContext) => {
  if (openTicketId === ticket.id) return false;
  if (ticket.status === 'closed') return false;
  if (ticket.userId !== null && ticket.userId !== actor.id) return false;
  const queueOk = ticket.queueId === null ? on(actor.allTicket) : actor.queueIds.includes(ticket.queueId);
  if (!queueOk && !ticket.isGroup) return false;
  if (ticket.status === 'pending' && !showNotificationPending) return false;
  if (ticket.isGroup && !(groupAsTicket && on(actor.allowGroup))) return false;
  return true;
};
