// Decides which transition of 01-core §4 Ticket lifecycle a PUT /tickets/{id} asks for.
import type { TicketStatus, TicketUpdateBody } from '@atende/shared/tickets';

export type Transition =
  | 'accept'
  | 'reopen'
  | 'return'
  | 'resolve'
  | 'ignore'
  | 'transfer'
  | 'changeQueue'
  | 'settings';

const live = (status: TicketStatus) => status === 'open' || status === 'group';
const waiting = (status: TicketStatus) => status === 'pending' || status === 'lgpd';

export const decideTransition = (
  current: { status: TicketStatus; userId: number | null },
  body: TicketUpdateBody,
  actorId: number,
): Transition | undefined => {
  if (body.isTransfered) return 'transfer';
  const status = current.status;
  const target = body.status ?? status;
  if (target === 'open' || target === 'group') {
    // handing a waiting ticket to someone else is a transfer, not an accept
    if (body.userId !== undefined && body.userId !== null && body.userId !== actorId) return 'transfer';
    // taking a ticket someone else already holds is an accept that will meet the conflict
    if (waiting(status) || (live(status) && body.userId === actorId && current.userId !== actorId)) return 'accept';
    if (status === 'closed') return 'reopen';
  }
  if (target === 'pending' && live(status)) return 'return';
  if (target === 'closed' && live(status)) return 'resolve';
  if (target === 'closed' && waiting(status)) return 'ignore';
  if (target === status) {
    if (body.queueId !== undefined && body.queueId !== null) return 'changeQueue';
    return 'settings';
  }
  return undefined;
};
