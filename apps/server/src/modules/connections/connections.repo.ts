import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';

export type ConnectionChannel = (typeof connections.$inferSelect)['channel'];

const summary = {
  id: connections.id,
  name: connections.name,
  channel: connections.channel,
  status: connections.status,
  isDefault: connections.isDefault,
};

export const listConnections = (db: DbOrTx, companyId: number) =>
  db.select(summary).from(connections).where(eq(connections.companyId, companyId)).orderBy(asc(connections.name));

export const findConnection = async (db: DbOrTx, companyId: number, connectionId: number) => {
  const [row] = await db
    .select(summary)
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)))
    .limit(1);
  return row;
};

export const findConnectionOfChannel = async (db: DbOrTx, companyId: number, connectionId: number, channel: ConnectionChannel) => {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId), eq(connections.channel, channel)))
    .limit(1);
  return row;
};

// The company's first connection becomes its default one.
export const insertConnection = async (
  db: DbOrTx,
  companyId: number,
  values: { name: string; channel: ConnectionChannel; status: string },
) => {
  const [existing] = await db.select({ value: count() }).from(connections).where(eq(connections.companyId, companyId));
  const [row] = await db
    .insert(connections)
    .values({ ...values, companyId, isDefault: (existing?.value ?? 0) === 0 })
    .returning();
  return row;
};
