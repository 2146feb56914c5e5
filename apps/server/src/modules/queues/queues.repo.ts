import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queues, userQueues } from '../../db/schema.ts';

const summary = { id: queues.id, name: queues.name, color: queues.color };

export const listQueues = (db: DbOrTx, companyId: number) =>
  db.select(summary).from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.name));

export const listQueuesOfUser = (db: DbOrTx, companyId: number, userId: number) =>
  db
    .select(summary)
    .from(userQueues)
    .innerJoin(queues, eq(queues.id, userQueues.queueId))
    .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId)))
    .orderBy(asc(queues.name));

export const existingQueueIds = async (db: DbOrTx, companyId: number, queueIds: number[]) => {
  if (queueIds.length === 0) return [];
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
  return rows.map((row) => row.id);
};
