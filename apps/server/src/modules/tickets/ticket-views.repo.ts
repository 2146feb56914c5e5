// Ticket views read for rows in hand: their relations (contact, user, queue, connection, tags) in
// one statement, then tickets.view.ts.
import type { Db, DbOrTx } from '../../db/client.ts';
import { coalescingRows } from '../../platform/coalesce.ts';
import { findTicketViewRows, type TicketRow, type TicketViewRow } from './tickets.repo.ts';
import { toTicketView } from './tickets.view.ts';

// Views of rows already in hand (just changed and committed): one statement for their relations.
export const loadTicketViews = async (db: DbOrTx, companyId: number, rows: TicketRow[], options: { maskNumbers: boolean }) => {
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
