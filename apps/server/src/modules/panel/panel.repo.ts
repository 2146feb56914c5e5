// The attendance panel's tickets (02-operations §2 Attendance panel, §3 Panel ticket): open and
// waiting tickets touched in the period, newest first.
import { and, desc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections, contacts, queues, tickets, users } from '../../db/schema.ts';

export type PanelFilter = { statuses: Array<'open' | 'pending'>; queueIds?: number[]; userId?: number; from: Date; to: Date; limit: number };

// queue 0 is the 'without queue' choice, as in the report's selector
const queueChoice = (queueIds: number[]) => or(queueIds.includes(0) ? isNull(tickets.queueId) : undefined, inArray(tickets.queueId, queueIds));

export const panelTickets = (db: DbOrTx, companyId: number, filter: PanelFilter) =>
  db
    .select({
      id: tickets.id,
      uuid: tickets.uuid,
      status: tickets.status,
      userId: tickets.userId,
      userName: users.name,
      contactId: contacts.id,
      contactName: contacts.name,
      contactNumber: contacts.number,
      contactPicture: contacts.urlPicture,
      lastMessage: tickets.lastMessage,
      whatsappId: connections.id,
      whatsappName: connections.name,
      queueId: queues.id,
      queueName: queues.name,
      queueColor: queues.color,
      unreadMessages: tickets.unreadMessages,
      updatedAt: tickets.updatedAt,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(
      and(
        eq(tickets.companyId, companyId),
        inArray(tickets.status, filter.statuses),
        eq(tickets.isGroup, false),
        gte(tickets.updatedAt, filter.from),
        lt(tickets.updatedAt, filter.to),
        filter.queueIds?.length ? queueChoice(filter.queueIds) : undefined,
        filter.userId ? eq(tickets.userId, filter.userId) : undefined,
      ),
    )
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(filter.limit);

export type PanelRow = Awaited<ReturnType<typeof panelTickets>>[number];
