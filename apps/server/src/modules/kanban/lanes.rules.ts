// When a lane moves a ticket on by itself (02-operations §3 Tag / lane timeLane, nextLaneId): only
// tickets on the board (open or pending) move, and only out of a lane with hours and a next lane.
import type { TagRow } from '../tags/tags.repo.ts';

const HOUR_MS = 3_600_000;
const boardStatuses = new Set(['open', 'pending']);

export const isOnBoard = (ticket: { status: string }) => boardStatuses.has(ticket.status);

export const isTimedLane = (lane: TagRow) => lane.timeLane > 0 && lane.nextLaneId !== null;

export const laneDueAt = (enteredAt: Date, lane: TagRow) => new Date(enteredAt.getTime() + lane.timeLane * HOUR_MS);
