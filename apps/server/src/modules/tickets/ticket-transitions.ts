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

export const decideTransition = (current: TicketStatus, body: TicketUpdateBody, actorId: number): Transition | undefined => {
  if (body.isTransfered) return 'transfer';
  const target = body.status ?? current;
  if (target === 'open' || target === 'group') {
    // handing a waiting ticket to someone else is a transfer, not an accept
    if (body.userId !== undefined && body.userId !== null && body.userId !== actorId) return 'transfer';
    if (waiting(current)) return 'accept';
    if (current === 'closed') return 'reopen';
  }
  if (target === 'pending' && live(current)) return 'return';
  if (target === 'closed' && live(current)) return 'resolve';
  if (target === 'closed' && waiting(current)) return 'ignore';
  if (target === current) {
    if (body.queueId !== undefined && body.queueId !== null) return 'changeQueue';
    return 'settings';
  }
  return undefined;
};
