// A ticket's SLA state as its chip reads it (issue 40 point 3): the open target nearest its due
// moment. Its own file so that the ticket's schema (tickets.ts) can carry it while the policies'
// schema (sla.ts) reads the ticket priorities, without an import cycle.
import { z } from 'zod';

export const slaTargetKinds = ['firstResponse', 'nextResponse', 'resolution'] as const;
export type SlaTargetKind = (typeof slaTargetKinds)[number];

// breached: its due moment passed unanswered (recorded by the breach job, so it may lag the clock)
export const ticketSlaView = z
  .object({ kind: z.enum(slaTargetKinds), dueAt: z.string(), startedAt: z.string(), breached: z.boolean() })
  .meta({ id: 'TicketSla' });
export type TicketSlaView = z.infer<typeof ticketSlaView>;
