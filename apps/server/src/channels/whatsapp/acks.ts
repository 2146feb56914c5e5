// WhatsApp delivery states into the project's message ack (01-core §4 Messages: 0 pending,
// 1 sent, 2 delivered, 3 read, 4 played).
import type { MessageUserReceipt } from '@whiskeysockets/baileys';
import { waProto } from './baileys-proto.ts';

const Status = waProto.WebMessageInfo.Status;

const ackByStatus: Partial<Record<number, number>> = {
  [Status.PENDING]: 0,
  [Status.SERVER_ACK]: 1,
  [Status.DELIVERY_ACK]: 2,
  [Status.READ]: 3,
  [Status.PLAYED]: 4,
};

export const ackOfStatus = (status: number) => ackByStatus[status];

// Receipts of group members (message-receipt.update): the furthest state any member reached.
export const ackOfReceipt = (receipt: MessageUserReceipt) => {
  if (receipt.playedTimestamp) return 4;
  if (receipt.readTimestamp) return 3;
  if (receipt.receiptTimestamp) return 2;
  return undefined;
};
