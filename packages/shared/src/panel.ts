// The attendance panel (02-operations §2, §3 Panel ticket, §7 GET /usersMoments; 01-core §7 GET
// /dashboard/moments): the open and pending tickets of the period, by attendant.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { momentsQuery } from './dashboard.ts';

export const panelTicket = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    status: z.enum(['open', 'pending']),
    userId: z.number().int().nullable(),
    user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    contact: z.object({ id: z.number().int(), name: z.string(), number: z.string(), urlPicture: z.string().nullable() }),
    lastMessage: z.string(),
    whatsapp: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    queue: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
    unreadMessages: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PanelTicket' });
export type PanelTicket = z.infer<typeof panelTicket>;

// the same list under the two paths the spec names
const moments = (path: string, operationId: string) =>
  defineEndpoint({ method: 'GET', path, query: momentsQuery, response: z.array(panelTicket), operationId, summary: 'The open and pending tickets of the period, for the attendance panel' });

export const panelEndpoints = {
  moments: moments('/dashboard/moments', 'listMoments'),
  usersMoments: moments('/usersMoments', 'listUsersMoments'),
};
