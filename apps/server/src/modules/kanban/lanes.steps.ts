// Lane moves and their automation (02-operations §3 Tag / lane, §4 Kanban move), inside the
// caller's transaction with the ticket locked. A move drops the ticket's lane link and links the
// target lane (none: the untagged lane); a lane with timeLane hours and a nextLaneId starts the
// ticket's lane timer. When the timer is due and the ticket is still in that lane, it moves to
// nextLaneId and the lane's greetingMessageLane goes to the customer through the outbound path;
// a customer reply on a ticket whose lane has a rollbackLaneId moves it there.
import type { DbOrTx } from '../../db/client.ts';
import { writeAutomaticMessage } from '../messages/automatic-message.steps.ts';
import { findTag, type TagRow } from '../tags/tags.repo.ts';
import { recordTicketEvent } from '../tickets/ticket-webhooks.steps.ts';
import type { TicketOutcome } from '../tickets/tickets.events.ts';
import { findTicket, type TicketRow } from '../tickets/tickets.repo.ts';
import * as repo from './kanban.repo.ts';
import { cancelLaneTimer, scheduleLaneTimer, type LaneTimer } from './lane-timer.jobs.ts';
import { isOnBoard, isTimedLane, laneDueAt } from './lanes.rules.ts';

export const moveToLane = async (tx: DbOrTx, ticket: { companyId: number; id: number }, lane: TagRow | undefined, now: Date) => {
  await repo.clearLanes(tx, ticket.companyId, ticket.id);
  if (!lane) {
    await cancelLaneTimer(tx, ticket.id);
    return;
  }
  await repo.linkTicketTag(tx, ticket.companyId, ticket.id, lane.id, now);
  if (isTimedLane(lane)) await scheduleLaneTimer(tx, { companyId: ticket.companyId, ticketId: ticket.id, tagId: lane.id }, laneDueAt(now, lane));
  else await cancelLaneTimer(tx, ticket.id);
};

const kanbanLane = async (tx: DbOrTx, companyId: number, laneId: number | null) => {
  if (laneId === null) return undefined;
  const lane = await findTag(tx, companyId, laneId);
  return lane?.kanban === 1 ? lane : undefined;
};

export const advanceLane = async (tx: DbOrTx, timer: LaneTimer, now: Date, timeZone: string): Promise<TicketOutcome | undefined> => {
  const ticket = await findTicket(tx, timer.companyId, timer.ticketId);
  if (!ticket || !isOnBoard(ticket)) return undefined;
  const current = await repo.currentLane(tx, timer.companyId, timer.ticketId);
  if (!current || current.lane.id !== timer.tagId || !isTimedLane(current.lane)) return undefined;
  // the lane's hours may have grown since the timer was set: wait for the new time
  const due = laneDueAt(current.enteredAt, current.lane);
  if (due > now) {
    await scheduleLaneTimer(tx, timer, due);
    return undefined;
  }
  const next = await kanbanLane(tx, timer.companyId, current.lane.nextLaneId);
  if (!next) return undefined;
  await moveToLane(tx, ticket, next, now);
  await recordTicketEvent(tx, 'changed', ticket);
  const greeting = current.lane.greetingMessageLane.trim();
  if (!greeting || ticket.whatsappId === null) return { row: ticket, messages: [] };
  const sent = await writeAutomaticMessage(tx, ticket, greeting, now, timeZone);
  return { row: sent.ticket, messages: [sent.message] };
};

// inLane: whether the ticket sits in a lane, when the caller knows (false: no lane, nothing to read)
export const rollbackLaneOnReply = async (tx: DbOrTx, ticket: TicketRow, now: Date, inLane?: boolean) => {
  if (inLane === false) return false;
  const current = await repo.currentLane(tx, ticket.companyId, ticket.id);
  const target = current ? await kanbanLane(tx, ticket.companyId, current.lane.rollbackLaneId) : undefined;
  if (!target) return false;
  await moveToLane(tx, ticket, target, now);
  return true;
};
