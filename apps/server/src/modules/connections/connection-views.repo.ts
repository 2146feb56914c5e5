// Connections as the API answers them: the queues of the whole page in one query, then
// connections.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import { queuesOfConnections, type ConnectionRow } from './connections.repo.ts';
import { toConnectionViews } from './connections.view.ts';

export const loadConnectionViews = async (db: DbOrTx, companyId: number, rows: ConnectionRow[]) =>
  toConnectionViews(rows, await queuesOfConnections(db, companyId, rows.map((row) => row.id)));
