// A message changed by a channel (a receipt, the customer's edit or revoke, a send's outcome)
// outside any service's transaction: the change and its message.updated webhook event are written
// in one transaction (issue 37 point 1), so an endpoint hears of exactly the changes that stayed.
import type { DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { recordMessageEvent } from './message-webhooks.steps.ts';
import * as repo from './messages.repo.ts';

export const updateMessageAndTell = (db: DbOrTx, companyId: number, messageId: number, values: Partial<repo.NewMessage>) =>
  withTransaction(db, async (tx) => {
    const updated = await repo.updateMessage(tx, companyId, messageId, values);
    if (updated) await recordMessageEvent(tx, 'message.updated', updated);
    return updated;
  });

export const raiseAckAndTell = (db: DbOrTx, companyId: number, messageId: number, ack: number) =>
  withTransaction(db, async (tx) => {
    const raised = await repo.raiseAck(tx, companyId, messageId, ack);
    if (raised) await recordMessageEvent(tx, 'message.updated', raised);
    return raised;
  });

export const raiseAckSentUntilAndTell = (db: DbOrTx, receipt: Parameters<typeof repo.raiseAckSentUntil>[1]) =>
  withTransaction(db, async (tx) => {
    const raised = await repo.raiseAckSentUntil(tx, receipt);
    for (const message of raised) await recordMessageEvent(tx, 'message.updated', message);
    return raised;
  });
