// Ticket entity (01-core §3 Ticket).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import type { TagView } from './tags.ts';
import { boundedText, idParam, isoDatePrefix, pageNumberQuery } from './validation.ts';

export const ticketStatuses = ['pending', 'open', 'closed', 'group', 'lgpd', 'nps'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export type TicketView = {
  id: number;
  uuid: string;
  companyId: number;
  status: TicketStatus;
  userId: number | null;
  user: { id: number; name: string; color: string } | null;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: 'enabled' | 'disabled' } | null;
  channel: string;
  isGroup: boolean;
  isBot: boolean;
  useIntegration: boolean;
  isTransfered: boolean;
  amountUsedBotQueues: number;
  contactId: number;
  contact: { id: number; name: string; urlPicture: string; number: string; isGroup: boolean };
  lastMessage: string;
  unreadMessages: number;
  tags: TagView[];
  userRating: { rate: number } | null;
  createdAt: string;
  updatedAt: string;
};


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
export const jsonStatusList = z
  .string()
  .max(500)
  .transform((text, ctx) => {
    try {
      const parsed: unknown = JSON.parse(text);
      return z.array(z.enum(ticketStatuses)).max(10).parse(Array.isArray(parsed) ? parsed : [parsed]);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidList' });
      return z.NEVER;
    }
  });
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
  searchOnMessages: booleanText.optional(),
  isGroup: booleanText.optional(),
  // the infinite scroll's next page: the nextCursor of the page before (keyset, no OFFSET)
  cursor: z.string().regex(/^\d{1,20}_\d{1,10}$/, 'validation.invalidCursor').optional(),
});
export type TicketsListQuery = z.infer<typeof ticketsListQuery>;

export const ticketCreateBody = z.strictObject({
  contactId: idParam,
  queueId: idParam.nullable().optional(),
  whatsappId: idParam.nullable().optional(),
  // sent by the web; the ticket always opens for the signed-in user and company
  userId: idParam.optional(),
  companyId: idParam.optional(),
  status: z.literal('open').optional(),
});
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
});
export type TicketUpdateBody = z.infer<typeof ticketUpdateBody>;

export const closeAllBody = z.strictObject({
  status: z.enum(['open', 'pending']),
  selectedQueueIds: z.array(idParam).max(500).default([]),
});

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

export type TicketsPage = { tickets: TicketView[]; count: number; hasMore: boolean; nextCursor: string | null };

export type TicketLogView = {
  id: number;
  type: string;
  createdAt: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
};

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
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
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
