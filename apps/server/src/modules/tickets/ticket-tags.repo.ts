import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags, ticketTags } from '../../db/schema.ts';

export const findTag = async (db: DbOrTx, companyId: number, tagId: number) => {
  const [row] = await db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), eq(tags.id, tagId)));
  return row;
};

export const addTicketTag = (db: DbOrTx, companyId: number, ticketId: number, tagId: number) =>
  db.insert(ticketTags).values({ ticketId, tagId, companyId }).onConflictDoNothing();

export const clearKanbanTags = (db: DbOrTx, companyId: number, ticketId: number) =>
  db.delete(ticketTags).where(
    and(
      eq(ticketTags.companyId, companyId),
      eq(ticketTags.ticketId, ticketId),
      inArray(ticketTags.tagId, db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))),
    ),
  );
