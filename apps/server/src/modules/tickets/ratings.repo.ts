import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userRatings } from '../../db/schema.ts';

export const insertRating = (db: DbOrTx, values: { companyId: number; ticketId: number; userId: number | null; rate: number; createdAt: Date }) =>
  db.insert(userRatings).values(values).onConflictDoNothing({ target: userRatings.ticketId });

export const ratingsOfTickets = async (db: DbOrTx, companyId: number, ticketIds: number[]) => {
  if (ticketIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ ticketId: userRatings.ticketId, rate: userRatings.rate })
    .from(userRatings)
    .where(and(eq(userRatings.companyId, companyId), inArray(userRatings.ticketId, ticketIds)));
  return new Map(rows.map((row) => [row.ticketId, row.rate]));
};

export const hasRating = async (db: DbOrTx, companyId: number, ticketId: number) =>
  (await db.select({ id: userRatings.id }).from(userRatings).where(and(eq(userRatings.companyId, companyId), eq(userRatings.ticketId, ticketId))).limit(1)).length > 0;
