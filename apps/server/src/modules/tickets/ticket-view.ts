// Builds TicketView rows with their contact, user, queue, connection and tags in one query each
// for the whole page. Numbers are masked for profile users when lgpdHideNumber is on.
import { eq, inArray } from 'drizzle-orm';
import { maskNumber } from '@atende/shared/phone';
import type { TicketView } from '@atende/shared/tickets';
import type { DbOrTx } from '../../db/client.ts';
import { connections, contacts, queues, tags, ticketTags, users } from '../../db/schema.ts';
import { ratingsOfTickets } from '../ratings/ratings.repo.ts';
import type { TicketRow } from './tickets.repo.ts';

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
const ids = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];

export const toTicketViews = async (db: DbOrTx, rows: TicketRow[], options: { maskNumbers: boolean }): Promise<TicketView[]> => {
  if (rows.length === 0) return [];
  const contactIds = ids(rows.map((row) => row.contactId));
  const userIds = ids(rows.map((row) => row.userId));
  const queueIds = ids(rows.map((row) => row.queueId));
  const connectionIds = ids(rows.map((row) => row.whatsappId));
  const ticketIds = rows.map((row) => row.id);
  const [contactRows, userRows, queueRows, connectionRows, tagRows, rates] = await Promise.all([
    db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number, urlPicture: contacts.urlPicture, isGroup: contacts.isGroup })
      .from(contacts)
      .where(inArray(contacts.id, contactIds)),
    userIds.length ? db.select({ id: users.id, name: users.name, color: users.color }).from(users).where(inArray(users.id, userIds)) : [],
    queueIds.length
      ? db.select({ id: queues.id, name: queues.name, color: queues.color }).from(queues).where(inArray(queues.id, queueIds))
      : [],
    connectionIds.length
      ? db
          .select({ id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket })
          .from(connections)
          .where(inArray(connections.id, connectionIds))
      : [],
    db
      .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
      .from(ticketTags)
      .innerJoin(tags, eq(tags.id, ticketTags.tagId))
      .where(inArray(ticketTags.ticketId, ticketIds)),
    ratingsOfTickets(db, rows[0].companyId, ticketIds),
  ]);
  const contactById = byId(contactRows);
  const userById = byId(userRows);
  const queueById = byId(queueRows);
  const connectionById = byId(connectionRows);
  return rows.map((row) => {
    const contact = contactById.get(row.contactId) ?? { id: row.contactId, name: '', number: '', urlPicture: '', isGroup: false };
    return {
      id: row.id,
      uuid: row.uuid,
      companyId: row.companyId,
      status: row.status,
      userId: row.userId,
      user: row.userId === null ? null : (userById.get(row.userId) ?? null),
      queueId: row.queueId,
      queue: row.queueId === null ? null : (queueById.get(row.queueId) ?? null),
      whatsappId: row.whatsappId,
      whatsapp: row.whatsappId === null ? null : (connectionById.get(row.whatsappId) ?? null),
      channel: row.channel,
      isGroup: row.isGroup,
      isBot: row.isBot,
      useIntegration: row.useIntegration,
      isTransfered: row.isTransfered,
      amountUsedBotQueues: row.amountUsedBotQueues,
      contactId: row.contactId,
      contact: { ...contact, number: options.maskNumbers && !contact.isGroup ? maskNumber(contact.number) : contact.number },
      lastMessage: row.lastMessage,
      unreadMessages: row.unreadMessages,
      tags: tagRows.filter((tag) => tag.ticketId === row.id).map(({ id, name, color, kanban }) => ({ id, name, color, kanban })),
      userRating: rates.has(row.id) ? { rate: rates.get(row.id) ?? 0 } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
};
