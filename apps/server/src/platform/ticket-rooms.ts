// Ticket events reach only the users allowed to see the ticket (01-core §6). Rather than check
// every connected socket per event, each socket joins rooms that describe what its user may see,
// and an event goes to the rooms that admit its ticket: one emit, whatever the number of sockets,
// and it works across processes through the adapter. The two functions below must agree with
// canSeeTicket; a property test holds them to it.
import { can } from '@atende/shared/permissions';
import type { VisibilityActor, VisibleTicket } from '@atende/shared/ticket-visibility';

const on = (value: 'enabled' | 'disabled') => value === 'enabled';

// What decides queue scope: the ticket's queue, or for queue-less tickets whether it is a group
// (always in scope) or not (in scope only with allTicket).
const scopeOfTicket = (ticket: VisibleTicket) => (ticket.queueId !== null ? `q${ticket.queueId}` : ticket.isGroup ? 'group' : 'none');

const scopesOfViewer = (actor: VisibilityActor) => [
  ...actor.queueIds.map((queueId) => `q${queueId}`),
  'group',
  ...(on(actor.allTicket) ? ['none'] : []),
];

const base = (companyId: number) => `company:${companyId}:sees`;
const groupMark = (allowed: boolean) => (allowed ? 'g1' : 'g0');

export const viewerRooms = (companyId: number, actor: VisibilityActor): string[] => {
  if (actor.profile === 'admin') return [`${base(companyId)}:all`];
  const group = groupMark(on(actor.allowGroup));
  const rooms = scopesOfViewer(actor).map((scope) => `${base(companyId)}:waiting:${scope}:${group}`);
  if (can(actor, 'tickets:viewAll')) rooms.push(...scopesOfViewer(actor).map((scope) => `${base(companyId)}:any:${scope}:${group}`));
  if (on(actor.allHistoric)) rooms.push(`${base(companyId)}:closed:${group}`);
  return rooms;
};

// The rooms of users who see the ticket without owning it; its owner is reached through its own
// user room.
export const ticketAudienceRooms = (companyId: number, ticket: VisibleTicket): string[] => {
  const groups = ticket.isGroup ? [groupMark(true)] : [groupMark(false), groupMark(true)];
  const scope = scopeOfTicket(ticket);
  const waiting = ticket.userId === null && (ticket.status === 'pending' || ticket.status === 'lgpd' || ticket.status === 'group');
  const rooms = [`${base(companyId)}:all`];
  for (const group of groups) {
    if (waiting) {
      rooms.push(`${base(companyId)}:waiting:${scope}:${group}`);
      continue;
    }
    if (ticket.status === 'closed') rooms.push(`${base(companyId)}:closed:${group}`);
    rooms.push(`${base(companyId)}:any:${scope}:${group}`);
  }
  return rooms;
};
