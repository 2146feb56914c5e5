// connection.status (issue 37 point 1, docs/webhooks.md): a connection's new status, recorded in
// the transaction that wrote it, whatever the channel; one connection's events reach each
// endpoint in order.
import type { DbOrTx } from '../../db/client.ts';
import { recordWebhookEvent } from '../webhooks/webhooks.steps.ts';
import type { ConnectionRow } from './connections.repo.ts';

export const recordConnectionStatus = (tx: DbOrTx, row: ConnectionRow) => {
  const connection = { id: row.id, name: row.name, channel: row.channel, status: row.status, statusReason: row.statusReason };
  return recordWebhookEvent(tx, { companyId: row.companyId, event: 'connection.status', orderingKey: `connection:${row.id}`, data: async () => ({ connection }) });
};
