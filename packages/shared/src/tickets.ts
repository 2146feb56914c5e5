// Ticket entity (01-core §3 Ticket).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { ticketSlaView } from './sla-view.ts';
import { tagView } from './tags.ts';
import { boundedText, idParam, isoDatePrefix, pageNumberQuery } from './validation.ts';

export const ticketStatuses = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

// issue 40 point 5, lowest first: the list's priority sort reads this order backwards
export const ticketPriorities = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

const namedRef = z.object({ id: z.number().int(), name: z.string() });
const coloredRef = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

export const ticketView = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    companyId: z.number().int(),
    status: z.enum(ticketStatuses),
    priority: z.enum(ticketPriorities),
    userId: z.number().int().nullable(),
    user: coloredRef.nullable(),
    queueId: z.number().int().nullable(),
    queue: coloredRef.nullable(),
    whatsappId: z.number().int().nullable(),
    whatsapp: z.object({ id: z.number().int(), name: z.string(), channel: z.string(), groupAsTicket: z.enum(['enabled', 'disabled']) }).nullable(),
    channel: z.string(),
    isGroup: z.boolean(),
    isBot: z.boolean(),
    useIntegration: z.boolean(),
    isTransfered: z.boolean(),
    amountUsedBotQueues: z.number().int(),
    contactId: z.number().int(),
    contact: z.object({ id: z.number().int(), name: z.string(), urlPicture: z.string(), number: z.string(), isGroup: z.boolean() }),
    lastMessage: z.string(),
    unreadMessages: z.number().int(),
    tags: z.array(tagView),
    userRating: z.object({ rate: z.number() }).nullable(),
    // issue 40 point 3: the open SLA target nearest its due moment, null when none is open
    sla: ticketSlaView.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Ticket' });
export type TicketView = z.infer<typeof ticketView>;

// List filters arrive as JSON-encoded arrays in the query string (01-core §7 GET /tickets).
export const jsonIdList = z
  .string()
  .max(2000)
  .transform((text, ctx) => {
    try {
      const parsed: unknown = JSON.parse(text);
      const list = Array.isArray(parsed) ? parsed : [parsed];
      const ids = z.array(z.coerce.number().int().min(0).max(2_147_483_647)).max(500).parse(list);
      return ids;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidList' });
      return z.NEVER;
    }
  });
const jsonEnumList = <Values extends readonly [string, ...string[]]>(values: Values, maxText: number) =>
  z
    .string()
    .max(maxText)
    .transform((text, ctx) => {
      try {
        const parsed: unknown = JSON.parse(text);
        return z.array(z.enum(values)).max(values.length + 4).parse(Array.isArray(parsed) ? parsed : [parsed]);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'validation.invalidList' });
        return z.NEVER;
      }
    });
export const jsonStatusList = jsonEnumList(ticketStatuses, 500);
export const jsonPriorityList = jsonEnumList(ticketPriorities, 200);
export const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');
const isoDate = isoDatePrefix;

export const ticketsListQuery = z.strictObject({
  searchParam: z.string().max(200).default(''),
  pageNumber: pageNumberQuery,
  tags: jsonIdList.optional(),
  users: jsonIdList.optional(),
  status: z.enum(ticketStatuses).optional(),
  date: isoDate.optional(),
  updatedAt: isoDate.optional(),
  showAll: booleanText.optional(),
  queueIds: jsonIdList.optional(),
  withUnreadMessages: booleanText.optional(),
  whatsapps: jsonIdList.optional(),
  statusFilter: jsonStatusList.optional(),
  sortTickets: z.enum(['ASC', 'DESC']).default('DESC'),
  priorities: jsonPriorityList.optional(),
  // priority: the most urgent first, then the order sortTickets gives
  sortBy: z.enum(['updatedAt', 'priority']).default('updatedAt'),
  searchOnMessages: booleanText.optional(),
  isGroup: booleanText.optional(),
  // the infinite scroll's next page: the nextCursor of the page before (keyset, no OFFSET)
  // (sortBy=priority: p and the priority's rank first)
  cursor: z.string().regex(/^(p[1-5]_)?\d{1,20}_\d{1,10}$/, 'validation.invalidCursor').optional(),
}).refine((query) => query.cursor === undefined || query.cursor.startsWith('p') === (query.sortBy === 'priority'), {
  message: 'validation.invalidCursor',
  path: ['cursor'],
});
export type TicketsListQuery = z.infer<typeof ticketsListQuery>;
// the query as a caller writes it: the lists JSON-encoded, the flags as 'true'
export type TicketsListParams = z.input<typeof ticketsListQuery>;

export const ticketCreateBody = z
  .strictObject({
    contactId: idParam,
    queueId: idParam.nullable().optional(),
    whatsappId: idParam.nullable().optional(),
    // sent by the web; the ticket always opens for the signed-in user and company
    userId: idParam.optional(),
    companyId: idParam.optional(),
    status: z.literal('open').optional(),
  })
  .meta({ id: 'TicketCreateBody' });
export type TicketCreateBody = z.infer<typeof ticketCreateBody>;

export const ticketUpdateBody = z.strictObject({
  status: z.enum(ticketStatuses).optional(),
  userId: idParam.nullable().optional(),
  queueId: idParam.nullable().optional(),
  whatsappId: idParam.nullable().optional(),
  msgTransfer: z.string().max(4000).optional(),
  isTransfered: z.boolean().optional(),
  sendFarewellMessage: z.boolean().optional(),
  amountUsedBotQueues: z.number().int().min(0).max(1000).optional(),
  useIntegration: z.boolean().optional(),
  priority: z.enum(ticketPriorities).optional(),
});
export type TicketUpdateBody = z.infer<typeof ticketUpdateBody>;

export const closeAllBody = z
  .strictObject({
    status: z.enum(['open', 'pending']),
    selectedQueueIds: z.array(idParam).max(500).default([]),
  })
  .meta({ id: 'TicketsCloseAllBody' });

// The conflict answer of 01-core §4 New ticket: the error is a JSON string naming the holder.
export type TicketConflict = {
  id: number;
  uuid: string;
  userId: number | null;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
};

// The list's count stops one past the cap (a count above it reads "10.000+"): counting every
// ticket of a large tenant on each request costs more than the page itself.
export const TICKETS_COUNT_CAP = 10_000;

export const ticketsPage = z
  .object({ tickets: z.array(ticketView), count: z.number().int(), hasMore: z.boolean(), nextCursor: z.string().nullable() })
  .meta({ id: 'TicketPage' });
export type TicketsPage = z.infer<typeof ticketsPage>;

export const ticketLogView = z
  .object({ id: z.number().int(), type: z.string(), createdAt: z.string(), user: namedRef.nullable(), queue: namedRef.nullable() })
  .meta({ id: 'TicketLogEntry' });
export type TicketLogView = z.infer<typeof ticketLogView>;

export const ticketNoteBody = z
  .strictObject({
    note: boundedText(2, 5000),
    ticketId: idParam,
    contactId: idParam,
  })
  .meta({ id: 'TicketNoteBody' });
export type TicketNoteBody = z.infer<typeof ticketNoteBody>;
export const ticketNotesQuery = z.strictObject({ ticketId: idParam, contactId: idParam });
export const ticketNoteView = z
  .object({
    id: z.number().int(),
    note: z.string(),
    ticketId: z.number().int(),
    contactId: z.number().int(),
    user: namedRef.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'TicketNote' });
export type TicketNoteView = z.infer<typeof ticketNoteView>;

// 01-core §7 ticket-notes calls: a note is reached only through a ticket the user may see
const ticketNotFound = ['ERR_NO_TICKET_FOUND'] as const;
export const ticketNotesEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/ticket-notes',
    body: ticketNoteBody,
    response: ticketNoteView,
    status: 201,
    operationId: 'createTicketNote',
    summary: "Adds a note to a ticket and its contact, signed by the user",
    errors: { 404: [...ticketNotFound, 'ERR_NO_CONTACT_FOUND'] },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/ticket-notes/list',
    query: ticketNotesQuery,
    response: z.array(ticketNoteView),
    operationId: 'listTicketNotes',
    summary: "A ticket's notes about its contact, newest first",
    errors: { 404: ticketNotFound },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/ticket-notes/:noteId',
    params: z.strictObject({ noteId: idParam }),
    response: null,
    status: 204,
    operationId: 'deleteTicketNote',
    summary: 'Removes a note (its author or an admin)',
    errors: { 403: ['ERR_NO_PERMISSION'], 404: ['ERR_NO_NOTE_FOUND'] },
  }),
};

const ticketIdParams = z.strictObject({ ticketId: idParam });
// a ticket of another company, or one the user may not see, is not found
const notFound = { 404: ticketNotFound } as const;

// 01-core §7 tickets calls and GET /tickets-log/{ticketId}
export const ticketsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/tickets',
    query: ticketsListQuery,
    response: ticketsPage,
    operationId: 'listTickets',
    summary: 'A page of the tickets the user sees, filtered; the next page by nextCursor',
  }),
  showByUuid: defineEndpoint({
    method: 'GET',
    path: '/tickets/u/:uuid',
    params: z.strictObject({ uuid: z.uuid() }),
    response: ticketView,
    operationId: 'showTicketByUuid',
    summary: "A ticket by its uuid (the chat's address); logs the user's access",
    errors: notFound,
  }),
  show: defineEndpoint({ method: 'GET', path: '/tickets/:ticketId', params: ticketIdParams, response: ticketView, operationId: 'showTicket', summary: 'One ticket', errors: notFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/tickets',
    body: ticketCreateBody,
    response: ticketView,
    status: 201,
    operationId: 'createTicket',
    summary: "Opens a ticket for a contact, attended by the user; 409 names the contact's live ticket",
    errors: { 404: ['ERR_NO_CONTACT_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NOT_FOUND'], 409: ['ERR_OTHER_OPEN_TICKET'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/tickets/:ticketId',
    params: ticketIdParams,
    body: ticketUpdateBody,
    response: ticketView,
    operationId: 'updateTicket',
    summary: 'Accepts, transfers, closes, reopens or returns a ticket (01-core §4 Ticket lifecycle)',
    errors: {
      400: ['ERR_INVALID_TRANSITION', 'ERR_QUEUE_REQUIRED', 'ERR_REQUIRED_TAG'],
      403: ['ERR_NO_PERMISSION'],
      404: [...ticketNotFound, 'ERR_NO_USER_FOUND', 'ERR_NOT_FOUND'],
      409: ['ERR_OTHER_OPEN_TICKET', 'ERR_INVALID_TRANSITION'],
    },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/tickets/:ticketId',
    params: ticketIdParams,
    response: null,
    status: 204,
    operationId: 'deleteTicket',
    summary: 'Removes a ticket that is not closed, with its messages',
    errors: { 400: ['ERR_DELETE_CLOSED_TICKET'], ...notFound },
  }),
  closeAll: defineEndpoint({
    method: 'POST',
    path: '/tickets/closeAll',
    body: closeAllBody,
    response: z.object({ closed: z.number().int() }),
    operationId: 'closeAllTickets',
    summary: "Closes every open or waiting ticket of the queues named (all when none); answers how many",
  }),
  logs: defineEndpoint({
    method: 'GET',
    path: '/tickets-log/:ticketId',
    params: ticketIdParams,
    response: z.array(ticketLogView),
    operationId: 'listTicketLogs',
    summary: "A ticket's log, oldest first",
    errors: notFound,
  }),
};
