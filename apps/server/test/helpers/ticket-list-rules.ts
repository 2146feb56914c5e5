// The ticket list's rules written out in JavaScript (01-core §6 visibility, §7 GET /tickets), the
// oracle the list's tests compare each answer with.
import { can } from '@atende/shared/permissions';
import { canSeeTicket } from '@atende/shared/ticket-visibility';
import type { TicketRow } from '../../src/db/schema.ts';
import { TICKETS_PAGE_SIZE } from '../../src/modules/tickets/tickets.repo.ts';
import type { TenantActor } from '../../src/platform/access.ts';

export type Page = { tickets: { id: number }[]; count: number; hasMore: boolean; nextCursor: string | null };
export type Query = Record<string, string | string[] | number[] | boolean>;
export type Fixture = { rows: TicketRow[]; tagged: Map<number, number[]> };

const day = (date: Date) => date.toISOString().slice(0, 10);

// The list's rules in JavaScript: what the asker may see, then each filter, newest first.
export const expected = (fixture: Fixture, actor: TenantActor, query: Query) => {
  const list = <T>(key: string) => (query[key] as T[] | undefined) ?? [];
  const showAll = query.showAll === true && can(actor, 'tickets-manager:showall');
  const matches = fixture.rows.filter(
    (row) =>
      canSeeTicket(actor, row) &&
      (showAll || row.userId === actor.id || row.userId === null || row.status === 'closed') &&
      (query.status === undefined || row.status === query.status) &&
      (!list('statusFilter').length || list('statusFilter').includes(row.status)) &&
      (!list('queueIds').length || row.queueId === null || list('queueIds').includes(row.queueId)) &&
      (!list('whatsapps').length || list('whatsapps').includes(row.whatsappId)) &&
      (!list('users').length || !can(actor, 'tickets-manager:filterUsers') || list('users').includes(row.userId)) &&
      (query.withUnreadMessages !== true || row.unreadMessages > 0) &&
      (query.isGroup === undefined || row.isGroup === query.isGroup) &&
      (query.date === undefined || day(row.createdAt) === query.date) &&
      (query.updatedAt === undefined || day(row.updatedAt) === query.updatedAt) &&
      (!list('tags').length || (fixture.tagged.get(row.id) ?? []).some((tagId) => list<number>('tags').includes(tagId))),
  );
  const ascending = query.sortTickets === 'ASC';
  const ordered = matches.sort((a, b) => (a.updatedAt.getTime() - b.updatedAt.getTime() || a.id - b.id) * (ascending ? 1 : -1));
  return { ids: ordered.slice(0, TICKETS_PAGE_SIZE).map((row) => row.id), count: ordered.length };
};

export const asParams = (query: Query) =>
  new URLSearchParams(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? JSON.stringify(value) : String(value)]));
