// The close action of rules and macros: the close an attendant makes (01-core §4 Resolve,
// transitions.service.ts), not a bare status change. With the company's userRating on and the
// connection's ratingMessage set, the ticket first waits for the customer's rating (status nps, the
// question sent, its expiry timer started); otherwise it closes. The farewell goes out as an
// attendant's close sends it: the closer's own farewell (the attendant running the macro, or for a
// rule the ticket's owner), else the connection's completion message, which a rated ticket sends
// after the answer instead. The ticket's timers are cancelled and the close is logged.
import type { DbOrTx } from '../../db/client.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { writeAutomaticMessage } from '../messages/automatic-message.steps.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import { findQueue } from '../queues/queues.repo.ts';
import { readCompanySettings } from '../settings/company-settings.repo.ts';
import { ratingSteps } from '../tickets/rating.steps.ts';
import { writeTicketLog } from '../tickets/ticket-logs.repo.ts';
import { allTicketTimerJobs, cancelTicketTimers } from '../tickets/ticket-timers.jobs.ts';
import { updateTicket, type TicketRow } from '../tickets/tickets.repo.ts';
import { findUser } from '../users/users.repo.ts';

type Closing = { now: Date; timeZone: string; userId: number | null };

const farewellOf = async (tx: DbOrTx, ticket: TicketRow, closerId: number | null, rated: boolean) => {
  const closer = closerId === null ? undefined : await findUser(tx, ticket.companyId, closerId);
  const connection = ticket.whatsappId === null ? undefined : await findConnection(tx, ticket.companyId, ticket.whatsappId);
  const text = closer?.farewellMessage.trim() || (rated ? '' : (connection?.complationMessage.trim() ?? ''));
  return { text, closerName: closer?.name ?? '' };
};

export const closeAsAttendant = async (tx: DbOrTx, ticket: TicketRow, closing: Closing) => {
  const { now, timeZone } = closing;
  const question = await ratingSteps.questionFor(tx, ticket, await readCompanySettings(tx, ticket.companyId));
  const values: Partial<TicketRow> = question ? { status: 'nps', amountUsedBotQueues: 0, amountUsedBotQueuesNPS: 0 } : { status: 'closed', closedAt: now, amountUsedBotQueues: 0 };
  let row = (await updateTicket(tx, ticket.companyId, ticket.id, values)) ?? ticket;
  const closerId = closing.userId ?? ticket.userId;
  if (!question) await writeTicketLog(tx, { companyId: row.companyId, ticketId: row.id, type: 'closed', userId: closerId, queueId: row.queueId });
  await cancelTicketTimers(tx, row.id, allTicketTimerJobs);
  const messages: MessageRow[] = [];
  const farewell = await farewellOf(tx, row, closerId, Boolean(question));
  if (farewell?.text) {
    const queue = row.queueId === null ? undefined : await findQueue(tx, row.companyId, row.queueId);
    const sent = await writeAutomaticMessage(tx, row, farewell.text, now, timeZone, { user: farewell.closerName, queue: queue?.name ?? '' });
    row = sent.ticket;
    messages.push(sent.message);
  }
  if (question) {
    const asked = await ratingSteps.ask(tx, row, question, now, timeZone);
    row = asked.ticket;
    messages.push(asked.message);
  }
  return { row, messages };
};
