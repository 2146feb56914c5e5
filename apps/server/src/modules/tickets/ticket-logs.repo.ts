import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queues, ticketLogs, users } from '../../db/schema.ts';

export type TicketLogType = (typeof ticketLogs.$inferInsert)['type'];

type TicketLogEntry = { companyId: number; ticketId: number; type: TicketLogType; userId?: number | null; queueId?: number | null };

export const writeTicketLog = (db: DbOrTx, entry: TicketLogEntry) => db.insert(ticketLogs).values(entry);

export const listTicketLogs = async (db: DbOrTx, companyId: number, ticketId: number) => {
  const rows = await db
    .select({
      id: ticketLogs.id,
      type: ticketLogs.type,
      createdAt: ticketLogs.createdAt,
      userId: users.id,
      userName: users.name,
      queueId: queues.id,
      queueName: queues.name,
    })
    .from(ticketLogs)
    .leftJoin(users, eq(users.id, ticketLogs.userId))
    .leftJoin(queues, eq(queues.id, ticketLogs.queueId))
    .where(and(eq(ticketLogs.companyId, companyId), eq(ticketLogs.ticketId, ticketId)))
    .orderBy(asc(ticketLogs.createdAt), asc(ticketLogs.id));
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
    queue: row.queueId === null ? null : { id: row.queueId, name: row.queueName ?? '' },
  }));
};
