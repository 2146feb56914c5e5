// Turns user rows into the API's UserView, loading queues and connection names in two queries
// for the whole page (no per-user queries). The password hash never leaves this point.
import { permissionFlags } from '@atende/shared/permissions';
import type { UserView } from '@atende/shared/users';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../platform/storage.ts';
import { connectionNames } from '../connections/connections.repo.ts';
import { queuesOfUsers, type UserRow } from './users.repo.ts';

export const AVATAR_FOLDER = 'users';

export const toUserViews = async (db: DbOrTx, storage: Storage, companyId: number, rows: UserRow[]): Promise<UserView[]> => {
  const connectionIds = [...new Set(rows.map((row) => row.whatsappId).filter((id): id is number => id !== null))];
  const [queueRows, connectionRows] = await Promise.all([
    queuesOfUsers(db, companyId, rows.map((row) => row.id)),
    connectionNames(db, companyId, connectionIds),
  ]);
  const connectionById = new Map(connectionRows.map((connection) => [connection.id, connection]));
  return rows.map((row) => ({
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    email: row.email,
    profile: row.profile,
    super: row.super,
    profileImage: row.profileImage ? storage.urlOf(row.companyId, AVATAR_FOLDER, row.profileImage) : null,
    startWork: row.startWork,
    endWork: row.endWork,
    farewellMessage: row.farewellMessage,
    whatsappId: row.whatsappId,
    whatsapp: row.whatsappId === null ? null : (connectionById.get(row.whatsappId) ?? null),
    queues: queueRows.filter((queue) => queue.userId === row.id).map(({ id, name, color }) => ({ id, name, color })),
    defaultTheme: row.defaultTheme,
    defaultMenu: row.defaultMenu,
    defaultTicketsManagerWidth: row.defaultTicketsManagerWidth,
    color: row.color,
    online: row.online,
    createdAt: row.createdAt.toISOString(),
    ...(Object.fromEntries(permissionFlags.map((flag) => [flag, row[flag]])) as Pick<UserView, (typeof permissionFlags)[number]>),
  }));
};

export const toUserView = async (db: DbOrTx, storage: Storage, row: UserRow) =>
  (await toUserViews(db, storage, row.companyId, [row]))[0];
