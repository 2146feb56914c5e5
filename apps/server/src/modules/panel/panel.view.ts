import type { PanelTicket } from '@atende/shared/panel';
import type { PanelRow } from './panel.repo.ts';

export const toPanelTicket = (row: PanelRow): PanelTicket => ({
  id: row.id,
  uuid: row.uuid,
  status: row.status === 'open' ? 'open' : 'pending',
  userId: row.userId,
  user: row.userId === null ? null : { id: row.userId, name: row.userName ?? '' },
  contact: { id: row.contactId, name: row.contactName, number: row.contactNumber, urlPicture: row.contactPicture || null },
  lastMessage: row.lastMessage,
  whatsapp: row.whatsappId === null ? null : { id: row.whatsappId, name: row.whatsappName ?? '' },
  queue: row.queueId === null ? null : { id: row.queueId, name: row.queueName ?? '', color: row.queueColor ?? '' },
  unreadMessages: row.unreadMessages,
  updatedAt: row.updatedAt.toISOString(),
});
