// What a rule's conditions read about a ticket (conditions.rules.ts), loaded in one place for the
// engine and the test button. Service hours are the ones that apply to the ticket, as the bot
// decides "out of hours" (closures.steps.ts): its connection's collective vacation, then the hours
// the company's scheduleType chooses (the company's, the connection's or the queue's; none when
// service hours are off), the same the SLA policies count in.
import type { DbOrTx } from '../../db/client.ts';
import { isWithinHours, vacationAt } from '../../platform/service-hours.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { findMessage } from '../messages/messages.repo.ts';
import { serviceHoursOf } from '../sla/sla.repo.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';
import { contactSubject, countCustomerMessages, latestCustomerText } from './automation.repo.ts';
import type { ConditionSubject } from '../automation-triggers/conditions.rules.ts';

// messageId: the message of the event; without it, the ticket's latest customer message
export const loadConditionSubject = async (db: DbOrTx, ticket: TicketRow, at: { now: Date; timeZone: string; messageId?: number | null }): Promise<ConditionSubject> => {
  const { companyId } = ticket;
  const connection = ticket.whatsappId === null ? undefined : await findConnection(db, companyId, ticket.whatsappId);
  const message = at.messageId ? await findMessage(db, companyId, at.messageId) : undefined;
  const vacation =
    connection && vacationAt({ start: connection.collectiveVacationStart, end: connection.collectiveVacationEnd, message: connection.collectiveVacationMessage }, at.now, at.timeZone);
  return {
    channel: connection?.channel ?? null,
    connectionId: ticket.whatsappId,
    queueId: ticket.queueId,
    userId: ticket.userId,
    status: ticket.status,
    priority: ticket.priority,
    contact: await contactSubject(db, companyId, ticket.contactId),
    text: message ? message.body : await latestCustomerText(db, companyId, ticket.id),
    customerMessages: await countCustomerMessages(db, companyId, ticket.id),
    withinServiceHours: !vacation && isWithinHours(await serviceHoursOf(db, companyId, ticket), at.now, at.timeZone),
  };
};
