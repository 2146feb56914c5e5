// The transitions of 01-core §4 Ticket lifecycle, one function per use case. Each runs inside the
// transaction the tickets service opens and answers the changed ticket with the messages it wrote.
import { can } from '@atende/shared/permissions';
import { renderPlaceholders } from '@atende/shared/placeholders';
import type { CompanySettings } from '@atende/shared/settings';
import type { TicketConflict, TicketUpdateBody } from '@atende/shared/tickets';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { findConnection } from '../connections/connections.repo.ts';
import { countContactTags, findContact } from '../contacts/contacts.repo.ts';
import { writeAutomaticMessage } from '../messages/automatic-message.steps.ts';
import type { MessageRow } from '../messages/messages.repo.ts';
import { writeOutboundMessage } from '../messages/outbound-message.service.ts';
import { countQueues, findQueue } from '../queues/queues.repo.ts';
import { findUser } from '../users/users.repo.ts';
import type { TicketEvents, TicketOutcome } from './tickets.events.ts';
import { writeTicketLog, type TicketLogType } from './ticket-logs.repo.ts';
import { allTicketTimerJobs, cancelTicketTimers } from './ticket-timers.jobs.ts';
import * as repo from './tickets.repo.ts';
import type { TicketRow } from './tickets.repo.ts';

// Used when sendMsgTransfTicket is on and the company left transferMessage empty.
export const DEFAULT_TRANSFER_MESSAGE = 'Seu atendimento foi transferido para {{queue}}. Aguarde, já vamos te atender!';

export const on = (value: string) => value === 'enabled';

export type TransitionStep = {
  tx: Tx;
  tenant: TenantContext;
  current: TicketRow;
  body: TicketUpdateBody;
  settings: CompanySettings;
  clock: Clock;
  timeZone: string;
  events: TicketEvents;
};

const liveStatusFor = (row: TicketRow): 'group' | 'open' => (row.isGroup ? 'group' : 'open');

export const logTicket = (tx: DbOrTx, row: TicketRow, type: TicketLogType, userId: number | null, queueId = row.queueId) =>
  writeTicketLog(tx, { companyId: row.companyId, ticketId: row.id, type, userId, queueId });

// The 409 that names who holds the contact's live ticket (01-core §4 New ticket, Reopen).
export const conflictWith = async (tx: DbOrTx, holder: TicketRow): Promise<AppError> => {
  const user = holder.userId ? await findUser(tx, holder.companyId, holder.userId) : undefined;
  const queue = holder.queueId ? await findQueue(tx, holder.companyId, holder.queueId) : undefined;
  const conflict: TicketConflict = {
    id: holder.id,
    uuid: holder.uuid,
    userId: holder.userId,
    user: user ? { id: user.id, name: user.name } : null,
    queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
  };
  return new AppError('ERR_OTHER_OPEN_TICKET', 409, { error: JSON.stringify(conflict), code: 'ERR_OTHER_OPEN_TICKET' });
};

export const assertQueueExists = async (tx: DbOrTx, companyId: number, queueId: number) => {
  if (!(await findQueue(tx, companyId, queueId))) throw notFound('ERR_NOT_FOUND');
};

// The values of the attendant's texts (placeholderSets.attendant): the contact, the ticket, its
// queue and the attendant who sends them (issue 35 point 1: {{user}} in the accept greeting).
const attendantValues = async (tx: DbOrTx, row: TicketRow, userName: string, now: Date, timeZone: string) => ({
  name: (await findContact(tx, row.companyId, row.contactId))?.name ?? '',
  protocol: String(row.id),
  queue: (row.queueId ? await findQueue(tx, row.companyId, row.queueId) : undefined)?.name ?? '',
  user: userName,
  now,
  timeZone,
});

// The per-ticket settings any PUT may carry along with its transition (priority: issue 40 point 5).
const settingsOf = (body: TicketUpdateBody) => ({
  ...(body.priority !== undefined && { priority: body.priority }),
  ...(body.useIntegration !== undefined && { useIntegration: body.useIntegration }),
  ...(body.amountUsedBotQueues !== undefined && { amountUsedBotQueues: body.amountUsedBotQueues }),
});

// Updates only from the state the caller saw; someone who moved the ticket first wins.
const guarded = async (step: TransitionStep, values: Partial<TicketRow>) => {
  const { tx, tenant, current, body } = step;
  const updated = await repo.updateTicketFrom(tx, tenant.companyId, current, { ...settingsOf(body), ...values });
  if (updated) return updated;
  const now = await repo.findTicket(tx, tenant.companyId, current.id);
  if (now && now.userId !== null && now.userId !== tenant.userId) throw await conflictWith(tx, now);
  throw new AppError('ERR_INVALID_TRANSITION', 409);
};

// The queue the ticket ends up in: the one asked for, else its own; required once the company has queues.
const queueFor = async ({ tx, tenant, current, body }: TransitionStep) => {
  const queueId = body.queueId ?? current.queueId;
  if (queueId !== null) await assertQueueExists(tx, tenant.companyId, queueId);
  if (queueId === null && (await countQueues(tx, tenant.companyId)) > 0) throw new AppError('ERR_QUEUE_REQUIRED', 400);
  return queueId;
};

const closeAndCancelTimers = async (step: TransitionStep) => {
  const row = await guarded(step, { status: 'closed', closedAt: step.clock.now(), amountUsedBotQueues: 0 });
  await cancelTicketTimers(step.tx, row.id, allTicketTimerJobs);
  return row;
};

// sendFarewellWaitingTicket: closing a waiting ticket sends the connection's completion message.
export const farewellToWaiting = async (tx: DbOrTx, row: TicketRow, settings: CompanySettings, now: Date, timeZone: string): Promise<TicketOutcome> => {
  if (!on(settings.sendFarewellWaitingTicket) || row.whatsappId === null || row.isGroup) return { row, messages: [] };
  const connection = await findConnection(tx, row.companyId, row.whatsappId);
  if (!connection?.complationMessage.trim()) return { row, messages: [] };
  const sent = await writeAutomaticMessage(tx, row, connection.complationMessage, now, timeZone);
  return { row: sent.ticket, messages: [sent.message] };
};

// Sends the accept greeting once (01-core §4 Greeting on accept).
const greetOnAccept = async ({ tx, tenant, settings, clock, timeZone }: TransitionStep, row: TicketRow): Promise<TicketOutcome> => {
  const template = settings.greetingAcceptedMessage.trim();
  if (!on(settings.sendGreetingAccepted) || !template || row.greetingSentAt) return { row, messages: [] };
  if (row.isGroup) {
    const connection = row.whatsappId ? await findConnection(tx, row.companyId, row.whatsappId) : undefined;
    if (connection?.groupAsTicket !== 'enabled') return { row, messages: [] };
  }
  const me = await findUser(tx, tenant.companyId, tenant.userId);
  const body = renderPlaceholders(template, await attendantValues(tx, row, me?.name ?? '', clock.now(), timeZone));
  const sent = await writeOutboundMessage(tx, row, { body, userId: tenant.userId, isPrivate: false });
  const marked = await repo.updateTicket(tx, row.companyId, row.id, { greetingSentAt: new Date() });
  return { row: marked ?? sent.ticket, messages: [sent.message] };
};

export const accept = async (step: TransitionStep): Promise<TicketOutcome> => {
  const { tx, tenant, current, events, clock } = step;
  const me = tenant.userId;
  if (current.userId !== null && current.userId !== me) throw await conflictWith(tx, current);
  const queueId = await queueFor(step);
  const accepted = await guarded(step, { status: liveStatusFor(current), userId: me, queueId, isTransfered: false });
  await logTicket(tx, accepted, 'open', me);
  const greeted = await greetOnAccept(step, accepted);
  await events.handled(tx, greeted.row, clock.now());
  return greeted;
};

export const reopen = async (step: TransitionStep): Promise<TicketOutcome> => {
  const { tx, tenant, current, events, clock } = step;
  const me = tenant.userId;
  const queueId = await queueFor(step);
  try {
    const row = await withTransaction(tx, async (inner) => {
      const updated = await repo.updateTicketFrom(inner, tenant.companyId, current, {
        ...settingsOf(step.body),
        status: liveStatusFor(current),
        userId: me,
        queueId,
        closedAt: null,
      });
      if (!updated) throw new AppError('ERR_INVALID_TRANSITION', 409);
      return updated;
    });
    await logTicket(tx, row, 'reopen', me);
    await events.handled(tx, row, clock.now());
    return { row, messages: [] };
  } catch (error) {
    if (!isUniqueViolation(error, 'tickets_one_live_per_contact_key')) throw error;
    const holder = await repo.findLiveTicket(tx, tenant.companyId, current.contactId, current.whatsappId);
    throw holder ? await conflictWith(tx, holder) : error;
  }
};

export const returnToQueue = async (step: TransitionStep): Promise<TicketOutcome> => {
  const { tx, tenant, current, events, clock } = step;
  if (current.userId !== tenant.userId && tenant.actor.profile !== 'admin') throw forbidden();
  const row = await guarded(step, { status: 'pending', userId: null });
  await logTicket(tx, row, 'pending', tenant.userId);
  await events.handled(tx, row, clock.now());
  return { row, messages: [] };
};

// The attendant's own farewell, else the connection's completion message, which a rated ticket
// sends after the answer instead.
const farewellOnResolve = async ({ tx, tenant, clock, timeZone }: TransitionStep, row: TicketRow, rated: boolean) => {
  const owner = await findUser(tx, tenant.companyId, tenant.userId);
  const connection = row.whatsappId ? await findConnection(tx, row.companyId, row.whatsappId) : undefined;
  const farewell = owner?.farewellMessage.trim() || (rated ? '' : (connection?.complationMessage.trim() ?? ''));
  if (!farewell) return undefined;
  const text = renderPlaceholders(farewell, await attendantValues(tx, row, owner?.name ?? '', clock.now(), timeZone));
  return writeOutboundMessage(tx, row, { body: text, userId: tenant.userId, isPrivate: false });
};

export const resolve = async (step: TransitionStep): Promise<TicketOutcome> => {
  const { tx, tenant, current, settings, events, clock } = step;
  const me = tenant.userId;
  if (current.userId !== me && tenant.actor.profile !== 'admin' && !on(tenant.actor.allUserChat)) throw forbidden();
  if (on(settings.requiredTag) && (await countContactTags(tx, tenant.companyId, current.contactId)) === 0) {
    throw new AppError('ERR_REQUIRED_TAG', 400);
  }
  // with ratings on, the ticket first waits for the customer's rating (status nps)
  const question = await events.ratingQuestionFor(tx, current, settings);
  let row = await guarded(
    step,
    question ? { status: 'nps', amountUsedBotQueues: 0, amountUsedBotQueuesNPS: 0 } : { status: 'closed', closedAt: clock.now(), amountUsedBotQueues: 0 },
  );
  if (!question) await logTicket(tx, row, 'closed', me);
  await cancelTicketTimers(tx, row.id, allTicketTimerJobs);
  const messages: MessageRow[] = [];
  const farewell = step.body.sendFarewellMessage ? await farewellOnResolve(step, row, Boolean(question)) : undefined;
  if (farewell) {
    row = farewell.ticket;
    messages.push(farewell.message);
  }
  if (question) {
    const asked = await events.askForRating(tx, row, question, clock.now(), step.timeZone);
    row = asked.ticket;
    messages.push(asked.message);
  }
  return { row, messages };
};

export const ignore = async (step: TransitionStep): Promise<TicketOutcome> => {
  const { tx, tenant, current, settings, clock, timeZone } = step;
  if (!can(tenant.actor, 'tickets:ignorePending')) throw forbidden();
  const row = await closeAndCancelTimers(step);
  await logTicket(tx, row, 'closed', tenant.userId);
  return current.status === 'pending' ? farewellToWaiting(tx, row, settings, clock.now(), timeZone) : { row, messages: [] };
};

// closeTicketOnTransfer: moving to another queue closes this ticket and opens a new one there.
const reopenElsewhere = async (step: TransitionStep, queueId: number, targetUserId: number | null, status: TicketRow['status']) => {
  const { tx, tenant, current } = step;
  const closedBefore = await closeAndCancelTimers(step);
  await logTicket(tx, closedBefore, 'transfered', tenant.userId, current.queueId);
  await logTicket(tx, closedBefore, 'closed', tenant.userId, current.queueId);
  const row = await repo.insertTicket(tx, {
    companyId: current.companyId,
    contactId: current.contactId,
    whatsappId: current.whatsappId,
    channel: current.channel,
    isGroup: current.isGroup,
    queueId,
    userId: targetUserId,
    status,
    isTransfered: true,
    lastMessage: current.lastMessage,
  });
  await logTicket(tx, row, 'create', tenant.userId, queueId);
  return { row, closedBefore };
};

// The private note and the customer's notice (sendMsgTransfTicket) a transfer writes.
const transferMessages = async ({ tx, tenant, body, settings, clock, timeZone }: TransitionStep, moved: TicketRow, queueId: number, targetUserId: number | null) => {
  let row = moved;
  const messages: MessageRow[] = [];
  const note = body.msgTransfer?.trim();
  if (note) {
    const sent = await writeOutboundMessage(tx, row, { body: note, userId: tenant.userId, isPrivate: true });
    row = sent.ticket;
    messages.push(sent.message);
  }
  if (on(settings.sendMsgTransfTicket) && !row.isGroup) {
    const queue = await findQueue(tx, tenant.companyId, queueId);
    const user = targetUserId ? await findUser(tx, tenant.companyId, targetUserId) : undefined;
    const template = settings.transferMessage.trim() || DEFAULT_TRANSFER_MESSAGE;
    const sent = await writeAutomaticMessage(tx, row, template, clock.now(), timeZone, { queue: queue?.name ?? '', user: user?.name ?? '' });
    row = sent.ticket;
    messages.push(sent.message);
  }
  return { row, messages };
};

export const transfer = async (step: TransitionStep): Promise<TicketOutcome> => {
  const { tx, tenant, current, body, settings, events, clock } = step;
  const queueId = body.queueId;
  if (queueId === undefined || queueId === null) throw new AppError('ERR_QUEUE_REQUIRED', 400);
  await assertQueueExists(tx, tenant.companyId, queueId);
  const targetUserId = body.userId ?? null;
  if (targetUserId !== null && !(await findUser(tx, tenant.companyId, targetUserId))) throw notFound('ERR_NO_USER_FOUND');
  const status = targetUserId === null ? 'pending' : liveStatusFor(current);
  const closesOld = on(settings.closeTicketOnTransfer) && current.queueId !== null && queueId !== current.queueId;
  let moved: { row: TicketRow; closedBefore?: TicketRow };
  if (closesOld) {
    moved = await reopenElsewhere(step, queueId, targetUserId, status);
  } else {
    moved = { row: await guarded(step, { status, userId: targetUserId, queueId, isTransfered: true }) };
    await logTicket(tx, moved.row, 'transfered', tenant.userId, current.queueId);
  }
  await logTicket(tx, moved.row, 'receivedTransfer', targetUserId, queueId);
  const written = await transferMessages(step, moved.row, queueId, targetUserId);
  await events.handled(tx, written.row, clock.now());
  await events.transferred(tx, { moved: written.row, from: moved.closedBefore ?? current }, clock.now());
  return { ...written, closedBefore: moved.closedBefore };
};

export const changeQueue = async (step: TransitionStep): Promise<TicketOutcome> => {
  const { tx, tenant, current, events, clock } = step;
  const queueId = await queueFor(step);
  const row = await guarded(step, { queueId });
  if (queueId !== current.queueId) {
    await logTicket(tx, row, 'queue', tenant.userId);
    await events.handled(tx, row, clock.now());
  }
  return { row, messages: [] };
};

// Only the per-ticket settings of the body (useIntegration, amountUsedBotQueues, priority).
export const updateSettings = async (step: TransitionStep): Promise<TicketOutcome> => ({ row: await guarded(step, {}), messages: [] });
