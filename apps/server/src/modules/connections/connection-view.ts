// Connection rows as the API answers them: with their queues, without provider credentials.
import type { ConnectionView } from '@atende/shared/connections';
import type { DbOrTx } from '../../db/client.ts';
import { queuesOfConnections, type ConnectionRow } from './connections.repo.ts';

export const toConnectionViews = async (db: DbOrTx, companyId: number, rows: ConnectionRow[]): Promise<ConnectionView[]> => {
  const queueRows = await queuesOfConnections(db, companyId, rows.map((row) => row.id));
  return rows.map(({ channelConfig: _secret, externalId: _account, createdAt: _created, importOldMessages: _old, importRecentMessages: _recent, ...row }) => ({
    ...row,
    updatedAt: row.updatedAt.toISOString(),
    queues: queueRows.filter((queue) => queue.connectionId === row.id).map(({ id, name, color }) => ({ id, name, color })),
  }));
};
