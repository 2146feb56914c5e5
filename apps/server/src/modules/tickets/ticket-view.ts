// Builds TicketView rows with their contact, user, queue, connection and tags in one statement:
// the list and every ticket event need them, and one round trip per page beats one per relation.
// Numbers are masked for profile users when lgpdHideNumber is on.
import { eq, inArray, sql } from 'drizzle-orm';
import { maskNumber } from '@atende/shared/phone';
import type { TagView } from '@atende/shared/tags';
import type { TicketView } from '@atende/shared/tickets';
import type { DbOrTx } from '../../db/client.ts';
import { connections, contacts, queues, tags, ticketTags, tickets, users } from '../../db/schema.ts';
import type { TicketRow } from './tickets.repo.ts';

const tagsOfTicket = sql<TagView[]>`coalesce((
  select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}, 'kanban', ${tags.kanban}) order by ${tags.id})
  from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId}
  where ${ticketTags.ticketId} = ${tickets.id}), '[]'::json)`;

const viewColumns = {
  ticket: tickets,
  contact: { id: contacts.id, name: contacts.name, number: contacts.number, urlPicture: contacts.urlPicture, isGroup: contacts.isGroup },
  user: { id: users.id, name: users.name, color: users.color },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  whatsapp: { id: connections.id, name: connections.name, channel: connections.channel, groupAsTicket: connections.groupAsTicket },
  tags: tagsOfTicket,
};

// A dynamic select: callers add where, order, limit and offset.
export const selectTicketViewRows = (db: DbOrTx) =>
  db
    .select(viewColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .$dynamic();

export type TicketViewRow = Awaited<ReturnType<ReturnType<typeof selectTicketViewRows>['execute']>>[number];

export const toTicketView = (row: TicketViewRow, options: { maskNumbers: boolean }): TicketView => {
  const { ticket, contact } = row;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    companyId: ticket.companyId,
    status: ticket.status,
    userId: ticket.userId,
    user: row.user,
    queueId: ticket.queueId,
    queue: row.queue,
    whatsappId: ticket.whatsappId,
    whatsapp: row.whatsapp,
    channel: ticket.channel,
    isGroup: ticket.isGroup,
    isBot: ticket.isBot,
    useIntegration: ticket.useIntegration,
    isTransfered: ticket.isTransfered,
    amountUsedBotQueues: ticket.amountUsedBotQueues,
    contactId: ticket.contactId,
    contact: { ...contact, number: options.maskNumbers && !contact.isGroup ? maskNumber(contact.number) : contact.number },
    lastMessage: ticket.lastMessage,
    unreadMessages: ticket.unreadMessages,
    tags: row.tags,
    userRating: null,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
};

// Views of rows already in hand (just changed and committed): one statement for their relations.
export const toTicketViews = async (db: DbOrTx, rows: TicketRow[], options: { maskNumbers: boolean }) => {
  if (rows.length === 0) return [];
  const related = await selectTicketViewRows(db).where(inArray(tickets.id, rows.map((row) => row.id)));
  const byId = new Map(related.map((row) => [row.ticket.id, row]));
  return rows.flatMap((ticket) => {
    const found = byId.get(ticket.id);
    return found ? [toTicketView({ ...found, ticket }, options)] : [];
  });
};
