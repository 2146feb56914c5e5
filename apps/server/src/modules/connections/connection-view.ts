// Connection rows as the API answers them: with their queues, without provider credentials.
import type { ConnectionView } from '@atende/shared/connections';
import type { DbOrTx } from '../../db/client.ts';
import { queuesOfConnections, type ConnectionRow } from './connections.repo.ts';

// Import dates are whole days (02-operations §5 Import dates), kept as UTC instants: the old day
// from its first moment, the recent day up to its last, so that day's messages are imported too.
export const importInstant = (day: string | null, end: 'start' | 'end') =>
  day ? new Date(`${day.slice(0, 10)}T${end === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`) : null;

export const dayOfImport = (instant: Date | null) => instant?.toISOString().slice(0, 10) ?? null;

export const toConnectionViews = async (db: DbOrTx, companyId: number, rows: ConnectionRow[]): Promise<ConnectionView[]> => {
  const queueRows = await queuesOfConnections(db, companyId, rows.map((row) => row.id));
  return rows.map(({ channelConfig: _secret, externalId: _account, createdAt: _created, ...row }) => ({
    ...row,
    importOldMessages: dayOfImport(row.importOldMessages),
    importRecentMessages: dayOfImport(row.importRecentMessages),
    updatedAt: row.updatedAt.toISOString(),
    queues: queueRows.filter((queue) => queue.connectionId === row.id).map(({ id, name, color }) => ({ id, name, color })),
  }));
};
