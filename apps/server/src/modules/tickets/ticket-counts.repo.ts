// The kept ticket counts (db/schema/ticket-counts.ts): a tab's count read from them, and the fold
// of the changes the tickets' triggers appended.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { TICKETS_COUNT_CAP } from '@atende/shared/tickets';
import type { DbOrTx } from '../../db/client.ts';
import { companies, ticketCountChanges, ticketCounts } from '../../db/schema.ts';

// The columns a ticket is counted by, of any of the three tables that hold them.
export type TicketDimensions = Record<'companyId' | 'status' | 'queueId' | 'userId' | 'whatsappId' | 'isGroup', AnyColumn>;

// How many tickets match `where` (a condition on the dimensions it is given), past the cap
// stopping at the cap and one, as a count of the tickets themselves would (tickets-list.repo.ts).
export const keptTicketCount = (where: (dimensions: TicketDimensions) => SQL | undefined) =>
  sql<number>`least(
    (select coalesce(sum(${ticketCounts.total}), 0) from ${ticketCounts} where ${where(ticketCounts)})
      + (select coalesce(sum(${ticketCountChanges.delta}), 0) from ${ticketCountChanges} where ${where(ticketCountChanges)}),
    ${sql.raw(String(TICKETS_COUNT_CAP + 1))})::integer`;

const dimensionNames = sql.raw('company_id, status, queue_id, user_id, whatsapp_id, is_group');

// Moves every committed change into the counts, in one statement; changes appended meanwhile
// wait for the next fold. Those of companies deleted since are dropped.
export const foldTicketCountChanges = (db: DbOrTx) =>
  db.execute(sql`
    with taken as (delete from ${ticketCountChanges} returning ${dimensionNames}, delta)
    insert into ${ticketCounts} (${dimensionNames}, total)
      select ${dimensionNames}, sum(delta)::integer from taken
       where company_id in (select ${companies.id} from ${companies})
       group by ${dimensionNames}
    on conflict (${dimensionNames}) do update set total = ${ticketCounts.total} + excluded.total`);

// A combination no ticket holds any more counts nothing; its row goes.
export const dropEmptyTicketCounts = (db: DbOrTx) => db.delete(ticketCounts).where(sql`${ticketCounts.total} = 0`);
