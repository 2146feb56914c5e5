// Writes a session's status (02-operations §4 Connection status), QR code and number on its
// connection row and tells the company's screens: the connections table (company-{id}-whatsapp)
// and the QR dialog (company-{id}-whatsappSession).
import type { ConnectionStatus, ConnectionStatusReason } from '@atende/shared/connections';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { EventBus } from '../../platform/events.ts';
import { loadConnectionViews } from '../../modules/connections/connection-views.repo.ts';
import { recordConnectionStatus } from '../../modules/connections/connection-webhooks.steps.ts';
import { publishConnection } from '../../modules/connections/publish-connection.ts';
import { findConnection, updateConnection, type ConnectionRow } from '../../modules/connections/connections.repo.ts';

// A change without a reason clears the last one: the reason belongs to the status it came with.
export type StatusChange = { status: ConnectionStatus; qrcode?: string; number?: string; reason?: { kind: ConnectionStatusReason; code?: number } };

export const createStatusWriter = (deps: { db: Db; bus: EventBus }) => {
  const announce = async (row: ConnectionRow | undefined) => {
    // the connection was deleted meanwhile
    if (!row) return;
    const [view] = await loadConnectionViews(deps.db, row.companyId, [row]);
    publishConnection(deps.bus, view, { session: true });
  };
  return {
    // a new status (not a new QR code of the same one) is a connection.status webhook event,
    // recorded with the change (issue 37 point 1)
    write: async (companyId: number, connectionId: number, change: StatusChange) =>
      announce(
        await withTransaction(deps.db, async (tx) => {
          const before = await findConnection(tx, companyId, connectionId);
          const row = await updateConnection(tx, companyId, connectionId, {
            status: change.status,
            qrcode: change.qrcode ?? '',
            statusReason: change.reason?.kind ?? null,
            statusReasonCode: change.reason?.code ?? null,
            ...(change.number !== undefined && { number: change.number }),
          });
          if (row && before?.status !== row.status) await recordConnectionStatus(tx, row);
          return row;
        }),
      ),
    publish: async (companyId: number, connectionId: number) => announce(await findConnection(deps.db, companyId, connectionId)),
  };
};

export type StatusWriter = ReturnType<typeof createStatusWriter>;
