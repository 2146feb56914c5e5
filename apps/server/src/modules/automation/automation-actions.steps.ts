// The actions of rules and macros (issue 40 points 1 and 2), one executor for both, run in the
// caller's transaction with the ticket locked. An action whose queue, user, tag, quick message or
// webhook endpoint is gone is skipped with a log line; the others still run and the ticket's
// change stands.
import type { AutomationAction } from '@atende/shared/automation';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { addContactTags } from '../contact-import/contact-import.repo.ts';
import { moveToLane } from '../kanban/lanes.steps.ts';
import { writeAutomaticMessage } from '../messages/automatic-message.steps.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import { findQueue } from '../queues/queues.repo.ts';
import { findQuickMessage } from '../quick-messages/quick-messages.repo.ts';
import { findTag, removeContactTag } from '../tags/tags.repo.ts';
import { insertNote } from '../ticket-notes/ticket-notes.repo.ts';
import { recordTicketEvent } from '../tickets/ticket-webhooks.steps.ts';
import type { TicketOutcome } from '../tickets/tickets.events.ts';
import { updateTicket, type TicketRow } from '../tickets/tickets.repo.ts';
import { findUser } from '../users/users.repo.ts';
import { closeAsAttendant } from './automation-close.steps.ts';
import { sendAutomationEmail, sendAutomationWebhook, type ActionSource } from './automation-outbound.steps.ts';
import { leastBusyUserOf } from './automation.repo.ts';

export type ActionRun = {
  now: Date;
  timeZone: string;
  // the attendant running a macro (its notes and its close are theirs); null for a rule
  userId: number | null;
  source: ActionSource;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

type Step = { ticket: TicketRow; messages: MessageRow[]; changed: boolean };

// the ticket's new values (or the ticket the action changed itself) and the messages it wrote;
// undefined when the action's target is gone
type ActionEffect = Promise<{ set?: Partial<TicketRow>; changed?: TicketRow; messages?: MessageRow[] } | undefined>;

const ownerChange = (ticket: TicketRow, userId: number): Partial<TicketRow> => ({ userId, status: ticket.status === 'pending' ? 'open' : ticket.status });

const effectOf = async (tx: Tx, ticket: TicketRow, action: AutomationAction, run: ActionRun): ActionEffect => {
  const { companyId } = ticket;
  switch (action.kind) {
    case 'assignQueue':
      return (await findQueue(tx, companyId, action.queueId)) ? { set: { queueId: action.queueId } } : undefined;
    case 'assignUser':
      return (await findUser(tx, companyId, action.userId)) ? { set: ownerChange(ticket, action.userId) } : undefined;
    case 'assignLeastBusy': {
      if (!(await findQueue(tx, companyId, action.queueId))) return undefined;
      const userId = await leastBusyUserOf(tx, companyId, action.queueId);
      return userId === undefined ? undefined : { set: { ...ownerChange(ticket, userId), queueId: action.queueId } };
    }
    case 'addTag':
      if (!(await findTag(tx, companyId, action.tagId))) return undefined;
      await addContactTags(tx, companyId, [{ contactId: ticket.contactId, tagId: action.tagId }]);
      return {};
    case 'removeTag':
      if (!(await findTag(tx, companyId, action.tagId))) return undefined;
      await removeContactTag(tx, companyId, action.tagId, ticket.contactId);
      return {};
    case 'addLane': {
      const lane = await findTag(tx, companyId, action.tagId);
      if (!lane || lane.kanban !== 1) return undefined;
      await moveToLane(tx, ticket, lane, run.now);
      return {};
    }
    case 'removeLane':
      await moveToLane(tx, ticket, undefined, run.now);
      return {};
    case 'setPriority':
      return { set: { priority: action.priority } };
    case 'sendMessage':
      return { messages: [(await writeAutomaticMessage(tx, ticket, action.text, run.now, run.timeZone)).message] };
    case 'sendQuickMessage': {
      const quick = await findQuickMessage(tx, companyId, action.quickMessageId);
      return quick ? { messages: [(await writeAutomaticMessage(tx, ticket, quick.message, run.now, run.timeZone)).message] } : undefined;
    }
    case 'addNote':
      await insertNote(tx, { companyId, ticketId: ticket.id, contactId: ticket.contactId, userId: run.userId, note: action.text });
      return {};
    case 'close': {
      // already closed, or waiting for its rating: closing again would send the farewell twice
      if (ticket.status === 'closed' || ticket.status === 'nps') return {};
      const closed = await closeAsAttendant(tx, ticket, run);
      return { changed: closed.row, messages: closed.messages };
    }
    case 'sendWebhook':
      return (await sendAutomationWebhook(tx, ticket, action.endpointId, run.source)) ? {} : undefined;
    case 'sendEmail':
      return (await sendAutomationEmail(tx, ticket, action, run.source)) ? {} : undefined;
  }
};

export const runActions = async (tx: Tx, ticket: TicketRow, actions: AutomationAction[], run: ActionRun) => {
  const step: Step = { ticket, messages: [], changed: false };
  const ran: { kind: AutomationAction['kind']; skipped: boolean }[] = [];
  for (const action of actions) {
    const effect = await effectOf(tx, step.ticket, action, run);
    ran.push({ kind: action.kind, skipped: effect === undefined });
    if (!effect) {
      run.log.warn({ ticketId: ticket.id, action: action.kind }, 'automation action skipped: what it names no longer exists');
      continue;
    }
    step.messages.push(...(effect.messages ?? []));
    const changed = effect.set ? await updateTicket(tx, ticket.companyId, ticket.id, effect.set) : effect.changed;
    if (changed) {
      step.ticket = changed;
      step.changed = true;
    }
  }
  if (step.changed) await recordTicketEvent(tx, 'changed', step.ticket);
  const outcome: TicketOutcome = { row: step.ticket, messages: step.messages };
  return { outcome, ran };
};
