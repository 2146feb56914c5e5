// The 24 h rule checked again when a message actually leaves: a reply queued inside the window
// but sent (after an outage) outside it is refused here rather than by Meta.
import { isInsideServiceWindow } from '@atende/shared/service-window';
import type { Db } from '../../db/client.ts';
import { findMessage, lastCustomerMessageAt } from '../../modules/messages/messages.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { ProviderRejection, type OutboundPayload } from '../provider.ts';

export const assertInsideServiceWindow = async (db: Db, clock: Clock, payload: OutboundPayload) => {
  const message = await findMessage(db, payload.companyId, payload.messageId);
  const last = message?.contactId ? await lastCustomerMessageAt(db, payload.companyId, message.contactId, payload.connectionId) : null;
  if (!isInsideServiceWindow(last, clock.now())) {
    throw new ProviderRejection('ERR_OUTSIDE_24H_WINDOW', 'more than 24 hours since the customer last wrote');
  }
};
