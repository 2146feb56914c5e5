// Meta's channels take free-form messages only within 24 h of the customer's last message
// (01-core §2 chat notice); after that only a Cloud API template may go out.
import { channelCan } from '@atende/shared/channel-capabilities';
import type { MessageTemplate } from '@atende/shared/messages';
import { hasServiceWindow, isInsideServiceWindow } from '@atende/shared/service-window';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import type { TicketRow } from '../../db/schema.ts';
import { lastCustomerMessageAt } from './messages.repo.ts';

export type ServiceWindowTarget = Pick<TicketRow, 'channel' | 'companyId' | 'contactId' | 'whatsappId'>;

export const assertServiceWindow = async (db: DbOrTx, now: Date, to: ServiceWindowTarget, template: MessageTemplate | undefined) => {
  if (template && !channelCan(to.channel, 'templates')) throw invalidField('body.template', 'validation.templateNeedsCloudApi');
  if (template || !hasServiceWindow(to.channel) || to.whatsappId === null) return;
  const last = await lastCustomerMessageAt(db, to.companyId, to.contactId, to.whatsappId);
  if (!isInsideServiceWindow(last, now)) throw new AppError('ERR_OUTSIDE_24H_WINDOW', 400);
};
