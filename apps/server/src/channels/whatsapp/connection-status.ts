// Writes a session's status (02-operations §4 Connection status), QR code and number on its
// connection row and tells the company's screens: the connections table (company-{id}-whatsapp)
// and the QR dialog (company-{id}-whatsappSession).
import type { ConnectionStatus, ConnectionStatusReason } from '@atende/shared/connections';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import { loadConnectionViews } from '../../modules/connections/connection-views.repo.ts';
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
    write: async (companyId: number, connectionId: number, change: StatusChange) =>
      announce(
        await updateConnection(deps.db, companyId, connectionId, {
          status: change.status,
          qrcode: change.qrcode ?? '',
          statusReason: change.reason?.kind ?? null,
          statusReasonCode: change.reason?.code ?? null,
          ...(change.number !== undefined && { number: change.number }),
        }),
      ),
    publish: async (companyId: number, connectionId: number) => announce(await findConnection(deps.db, companyId, connectionId)),
  };
};

export type StatusWriter = ReturnType<typeof createStatusWriter>;
