// Turns user rows into the API's UserView, with the page's queues and connection names
// (user-views.repo.ts reads them). The password hash never leaves this point.
import { permissionFlags } from '@atende/shared/permissions';
import type { UserView } from '@atende/shared/users';
import type { Storage } from '../../platform/storage.ts';
import type { connectionNames } from '../connections/connections.repo.ts';
import type { queuesOfUsers, UserRow } from './users.repo.ts';

export type UserRelations = {
  queues: Awaited<ReturnType<typeof queuesOfUsers>>;
  connections: Awaited<ReturnType<typeof connectionNames>>;
};

export const AVATAR_FOLDER = 'users';

export const toUserViews = (storage: Storage, rows: UserRow[], related: UserRelations): UserView[] => {
  const connectionById = new Map(related.connections.map((connection) => [connection.id, connection]));
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
    capacity: row.capacity,
    whatsappId: row.whatsappId,
    whatsapp: row.whatsappId === null ? null : (connectionById.get(row.whatsappId) ?? null),
    queues: related.queues.filter((queue) => queue.userId === row.id).map(({ id, name, color }) => ({ id, name, color })),
    defaultTheme: row.defaultTheme,
    defaultMenu: row.defaultMenu,
    defaultTicketsManagerWidth: row.defaultTicketsManagerWidth,
    color: row.color,
    online: row.online,
    twoFactorEnabled: row.totpEnabledAt !== null,
    invitedAt: row.invitedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    ...(Object.fromEntries(permissionFlags.map((flag) => [flag, row[flag]])) as Pick<UserView, (typeof permissionFlags)[number]>),
  }));
};
