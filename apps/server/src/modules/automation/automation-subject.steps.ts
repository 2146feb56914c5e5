// What a rule's conditions read about a ticket (conditions.rules.ts), loaded in one place for the
// engine and the test button. Service hours are the company's (03-saas §3 scheduleType aside): the
// hours a rule speaks of are the company's opening hours.
import type { DbOrTx } from '../../db/client.ts';
import { isWithinHours } from '../../platform/service-hours.ts';
import { findCompanySummary } from '../companies/companies.repo.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { findMessage } from '../messages/messages.repo.ts';
import type { TicketRow } from '../tickets/tickets.repo.ts';
import { contactSubject, countCustomerMessages, latestCustomerText } from './automation.repo.ts';
import type { ConditionSubject } from './conditions.rules.ts';

// messageId: the message of the event; without it, the ticket's latest customer message
export const loadConditionSubject = async (db: DbOrTx, ticket: TicketRow, at: { now: Date; timeZone: string; messageId?: number | null }): Promise<ConditionSubject> => {
  const { companyId } = ticket;
  const connection = ticket.whatsappId === null ? undefined : await findConnection(db, companyId, ticket.whatsappId);
  const message = at.messageId ? await findMessage(db, companyId, at.messageId) : undefined;
  const company = await findCompanySummary(db, companyId);
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
    withinServiceHours: isWithinHours(company?.schedules ?? [], at.now, at.timeZone),
  };
};
