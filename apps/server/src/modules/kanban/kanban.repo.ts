import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statement.ts';
import { tags, ticketTags } from '../../db/schema.ts';

const kanbanTagIds = (db: DbOrTx, companyId: number) =>
  db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)));

// The lane a ticket sits in, with when it entered it (the newest kanban link, should there be two).
const laneOfTicket = preparedStatement('ticket_current_lane', { enteredAt: ticketTags.createdAt, lane: tags }, (db) =>
  db
    .select({ enteredAt: ticketTags.createdAt, lane: tags })
    .from(ticketTags)
    .innerJoin(tags, and(eq(tags.id, ticketTags.tagId), eq(tags.companyId, sql.placeholder('companyId')), eq(tags.kanban, 1)))
    .where(and(eq(ticketTags.companyId, sql.placeholder('companyId')), eq(ticketTags.ticketId, sql.placeholder('ticketId'))))
    .orderBy(desc(ticketTags.createdAt))
    .limit(1),
);

const inLanes = preparedStatement('tickets_in_lanes', { ticketId: ticketTags.ticketId }, (db) =>
  db
    .selectDistinct({ ticketId: ticketTags.ticketId })
    .from(ticketTags)
    .innerJoin(tags, and(eq(tags.id, ticketTags.tagId), eq(tags.companyId, sql.placeholder('companyId')), eq(tags.kanban, 1)))
    .where(and(eq(ticketTags.companyId, sql.placeholder('companyId')), sql`${ticketTags.ticketId} = any(${sql.placeholder('ticketIds')}::integer[])`)),
);

// Which of these tickets sit in a kanban lane.
export const ticketsInLanes = async (db: DbOrTx, companyId: number, ticketIds: number[]) =>
  ticketIds.length === 0 ? [] : (await inLanes(db, { companyId, ticketIds })).map((row) => row.ticketId);

// Every inbound message asks it (a reply may move the ticket back a lane).
export const currentLane = async (db: DbOrTx, companyId: number, ticketId: number) => (await laneOfTicket(db, { companyId, ticketId }))[0];

export const clearLanes = (db: DbOrTx, companyId: number, ticketId: number) =>
  db
    .delete(ticketTags)
    .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, kanbanTagIds(db, companyId))));

// Links a tag to the ticket from `at`; a link already there keeps its time.
export const linkTicketTag = (db: DbOrTx, companyId: number, ticketId: number, tagId: number, at: Date) =>
  db.insert(ticketTags).values({ ticketId, tagId, companyId, createdAt: at }).onConflictDoNothing();
