import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections } from '../../db/schema.ts';

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
