// TicketView from the rows tickets.repo.ts selects with their contact, user, queue, connection
// and tags. Numbers are masked for profile users when lgpdHideNumber is on.
import { maskNumber } from '@atende/shared/phone';
import type { TicketView } from '@atende/shared/tickets';
import type { Db, DbOrTx } from '../../db/client.ts';
import { coalescingRows } from '../../platform/coalesce.ts';
import { findTicketViewRows, type TicketRow, type TicketViewRow } from './tickets.repo.ts';

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
    userRating: row.userRating,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
  };
};

// Views of rows already in hand (just changed and committed): one statement for their relations.
export const toTicketViews = async (db: DbOrTx, companyId: number, rows: TicketRow[], options: { maskNumbers: boolean }) => {
  if (rows.length === 0) return [];
  const related = await findTicketViewRows(db, companyId, rows.map((row) => row.id));
  const byId = new Map(related.map((row) => [row.ticket.id, row]));
  return rows.flatMap((ticket) => {
    const found = byId.get(ticket.id);
    return found ? [toTicketView({ ...found, ticket }, options)] : [];
  });
};

// The relations of tickets whose events go out in the same turn (the messages of one group-commit
// batch), read after their commit by one statement per company.
const viewKey = ({ companyId, ticketId }: { companyId: number; ticketId: number }) => `${companyId}:${ticketId}`;

export const eventViewRows = (db: Db) =>
  coalescingRows(
    viewKey,
    async (keys: { companyId: number; ticketId: number }[]) => {
      const rows: TicketViewRow[] = [];
      for (const companyId of new Set(keys.map((key) => key.companyId))) {
        rows.push(...(await findTicketViewRows(db, companyId, keys.filter((key) => key.companyId === companyId).map((key) => key.ticketId))));
      }
      return rows;
    },
    (row) => viewKey({ companyId: row.ticket.companyId, ticketId: row.ticket.id }),
  );
