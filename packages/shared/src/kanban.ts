// The kanban board (02-operations §2 /Kanban, §3 Kanban ticket, §9 sort options).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { tagRecordView } from './tags.ts';
import { jsonIdList, ticketView } from './tickets.ts';
import { idParam, isoDatePrefix } from './validation.ts';

// The opportunity value lives in the contact's extra info under this name (02-operations §3).
export const KANBAN_VALUE_FIELD = 'valor';
export const KANBAN_CARD_NAME_MAX = 10;
export const KANBAN_CARD_MESSAGE_MAX = 20;
export const KANBAN_LANE_WIDTH = 272;
// The board answers at most this many tickets; a wider date range shows the first ones by number.
export const KANBAN_TICKETS_MAX = 5000;

export const kanbanSortOrders = ['ticketNumber', 'lastMessageTime', 'valorDesc'] as const;
export type KanbanSortOrder = (typeof kanbanSortOrders)[number];

// GET /ticket/kanban: the web sends the user's queues as JSON and a day range (YYYY-MM-DD).
export const kanbanTicketsQuery = z.strictObject({
  queueIds: jsonIdList.optional(),
  startDate: isoDatePrefix.optional(),
  endDate: isoDatePrefix.optional(),
  companyId: z.unknown().optional(),
});
export type KanbanTicketsQuery = z.infer<typeof kanbanTicketsQuery>;

// A card: the ticket with its contact's extra info, where the opportunity value lives.
export const kanbanTicketView = ticketView
  .extend({ contact: ticketView.shape.contact.extend({ extraInfo: z.array(z.object({ name: z.string(), value: z.string() })) }) })
  .meta({ id: 'KanbanTicket' });
export type KanbanTicketView = z.infer<typeof kanbanTicketView>;
export const kanbanTicketsAnswer = z.object({ tickets: z.array(kanbanTicketView) }).meta({ id: 'KanbanTickets' });
export type KanbanTicketsAnswer = z.infer<typeof kanbanTicketsAnswer>;
export const kanbanLanesAnswer = z.object({ lista: z.array(tagRecordView) }).meta({ id: 'KanbanLanes' });
export type KanbanLanesAnswer = z.infer<typeof kanbanLanesAnswer>;

// PUT /tag/kanban/order (issue 35 point 11): the lanes in the board order the admin chose, all
// positions rewritten at once. Lanes it does not name (one made meanwhile) follow in their order.
export const KANBAN_LANES_MAX = 500;
export const kanbanLanesOrderBody = z.strictObject({
  laneIds: z
    .array(idParam)
    .min(1)
    .max(KANBAN_LANES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'validation.repeatedLane'),
  companyId: z.unknown().optional(),
}).meta({ id: 'KanbanLanesOrderBody' });
export type KanbanLanesOrderBody = z.infer<typeof kanbanLanesOrderBody>;

const ticketParams = z.strictObject({ ticketId: idParam });
const ticketNotFound = { 404: ['ERR_NO_TICKET_FOUND'] } as const;

// 02-operations §7 Tags and kanban: the board's calls, all behind plan flag useKanban; a ticket's
// lane (01-core §7 ticket-tags, "sets kanban stage"), also the contact drawer's stage select.
export const kanbanEndpoints = {
  lanes: defineEndpoint({
    method: 'GET',
    path: '/tag/kanban',
    response: kanbanLanesAnswer,
    operationId: 'listKanbanLanes',
    summary: "The board's lanes (the company's kanban tags) in the order the admin set",
  }),
  reorderLanes: defineEndpoint({
    method: 'PUT',
    path: '/tag/kanban/order',
    body: kanbanLanesOrderBody,
    response: kanbanLanesAnswer,
    operationId: 'reorderKanbanLanes',
    summary: 'Puts the lanes in the order given (lanes left out follow in theirs) and answers them in it',
  }),
  tickets: defineEndpoint({
    method: 'GET',
    path: '/ticket/kanban',
    query: kanbanTicketsQuery,
    response: kanbanTicketsAnswer,
    operationId: 'listKanbanTickets',
    summary: "The open and pending tickets of the user's queues changed within the days asked, as cards",
  }),
  removeFromLane: defineEndpoint({
    method: 'DELETE',
    path: '/ticket-tags/:ticketId',
    params: ticketParams,
    response: null,
    status: 204,
    operationId: 'clearTicketStage',
    summary: "Takes the ticket out of its lane, to the board's untagged lane; its other tags stay",
    errors: ticketNotFound,
  }),
  moveToLane: defineEndpoint({
    method: 'PUT',
    path: '/ticket-tags/:ticketId/:tagId',
    params: z.strictObject({ ticketId: idParam, tagId: idParam }),
    response: ticketView,
    operationId: 'setTicketStage',
    summary: 'Moves the ticket to the lane of a kanban tag (out of its old one); any other tag is added',
    errors: { 404: ['ERR_NO_TICKET_FOUND', 'ERR_NOT_FOUND'] },
  }),
};

// The card's value: the contact's 'valor' extra info read as a number (a comma is a decimal
// separator); anything else counts as 0.
export const opportunityValue = (extraInfo: Array<{ name: string; value: string }>) => {
  const raw = extraInfo.find((entry) => entry.name === KANBAN_VALUE_FIELD)?.value.trim().replace(',', '.') ?? '';
  const value = Number(raw);
  return raw !== '' && Number.isFinite(value) ? value : 0;
};
