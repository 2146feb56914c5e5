import type { ContactUpdateBody, ContactView } from '@atende/shared/contacts';
import type { KanbanLanesAnswer, KanbanTicketsAnswer } from '@atende/shared/kanban';
import type { TicketView } from '@atende/shared/tickets';
import { api } from '../../lib/api-client.ts';

export type BoardRange = { queueIds: number[]; startDate: string; endDate: string };

export const kanbanApi = {
  lanes: () => api.get<KanbanLanesAnswer>('/tag/kanban'),
  reorderLanes: (laneIds: number[]) => api.put<KanbanLanesAnswer>('/tag/kanban/order', { laneIds }),
  tickets: (range: BoardRange) =>
    api.get<KanbanTicketsAnswer>('/ticket/kanban', { queueIds: JSON.stringify(range.queueIds), startDate: range.startDate, endDate: range.endDate }),
  // 02-operations §4 Kanban move: a lane's tag replaces the old one; the untagged lane only removes it
  moveTo: (ticketId: number, tagId: number) => api.put<TicketView>(`/ticket-tags/${ticketId}/${tagId}`),
  clearLane: (ticketId: number) => api.delete<void>(`/ticket-tags/${ticketId}`),
  saveExtraInfo: (contactId: number, extraInfo: NonNullable<ContactUpdateBody['extraInfo']>) =>
    api.put<ContactView>(`/contacts/${contactId}`, { extraInfo }),
};

export const kanbanQueryKeys = {
  all: ['kanban'] as const,
  lanes: ['kanban', 'lanes'] as const,
  tickets: (range: BoardRange) => ['kanban', 'tickets', range] as const,
};
