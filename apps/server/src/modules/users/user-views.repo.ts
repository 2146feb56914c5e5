// Users as the API answers them: queues and connection names in two queries for the whole page
// (no per-user queries), then users.view.ts.
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { connectionNames } from '../connections/connections.repo.ts';
import { queuesOfUsers, type UserRow } from './users.repo.ts';
import { toUserViews } from './users.view.ts';

export const loadUserViews = async (db: DbOrTx, storage: Storage, companyId: number, rows: UserRow[]) => {
  const connectionIds = [...new Set(rows.map((row) => row.whatsappId).filter((id): id is number => id !== null))];
  const [queues, connections] = await Promise.all([
    queuesOfUsers(db, companyId, rows.map((row) => row.id)),
    connectionNames(db, companyId, connectionIds),
  ]);
  return toUserViews(storage, rows, { queues, connections });
};

export const loadUserView = async (db: DbOrTx, storage: Storage, row: UserRow) => (await loadUserViews(db, storage, row.companyId, [row]))[0];
