import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags, ticketTags } from '../../db/schema.ts';

const kanbanTagIds = (db: DbOrTx, companyId: number) =>
  db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)));

// The lane a ticket sits in, with when it entered it (the newest kanban link, should there be two).
export const currentLane = async (db: DbOrTx, companyId: number, ticketId: number) => {
  const [row] = await db
    .select({ enteredAt: ticketTags.createdAt, lane: tags })
    .from(ticketTags)
    .innerJoin(tags, and(eq(tags.id, ticketTags.tagId), eq(tags.companyId, companyId), eq(tags.kanban, 1)))
    .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId)))
    .orderBy(desc(ticketTags.createdAt))
    .limit(1);
  return row;
};

export const clearLanes = (db: DbOrTx, companyId: number, ticketId: number) =>
  db
    .delete(ticketTags)
    .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, kanbanTagIds(db, companyId))));

// Links a tag to the ticket from `at`; a link already there keeps its time.
export const linkTicketTag = (db: DbOrTx, companyId: number, ticketId: number, tagId: number, at: Date) =>
  db.insert(ticketTags).values({ ticketId, tagId, companyId, createdAt: at }).onConflictDoNothing();
