import { kanbanEndpoints } from '@atende/shared/kanban';
import { callEndpoint } from '../../lib/endpoint-client.ts';

export type BoardRange = { queueIds: number[]; startDate: string; endDate: string };

export const kanbanApi = {
  lanes: () => callEndpoint(kanbanEndpoints.lanes),
  reorderLanes: (laneIds: number[]) => callEndpoint(kanbanEndpoints.reorderLanes, { body: { laneIds } }),
  tickets: (range: BoardRange) =>
    callEndpoint(kanbanEndpoints.tickets, { query: { queueIds: JSON.stringify(range.queueIds), startDate: range.startDate, endDate: range.endDate } }),
  // 02-operations §4 Kanban move: a lane's tag replaces the old one; the untagged lane only removes
  // it. The one wrapper of /ticket-tags: the contact drawer's stage select calls these too.
  moveToLane: (ticketId: number, tagId: number) => callEndpoint(kanbanEndpoints.moveToLane, { params: { ticketId, tagId } }),
  removeFromLane: (ticketId: number) => callEndpoint(kanbanEndpoints.removeFromLane, { params: { ticketId } }),
};

export const kanbanQueryKeys = {
  all: ['kanban'] as const,
  lanes: ['kanban', 'lanes'] as const,
  tickets: (range: BoardRange) => ['kanban', 'tickets', range] as const,
};
