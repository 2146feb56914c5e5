// The durable timers a ticket can carry (NPS expiry, inactivity, queue redirect, rotation): jobs
// of the runner (platform/jobs), one per kind and ticket, so scheduling again only moves it. They
// are written in the transaction of the change that causes them and are due when the injected
// clock reaches their time; modules/chatbot/ticket-timer-handlers.jobs.ts says what each does.
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { defineJobKind, type JobKind } from '../../platform/jobs/job-kind.ts';
import { cancelJobs, enqueueJob, findUnfinishedJob } from '../../platform/jobs/jobs.repo.ts';

const ticketTimerPayload = z.object({ companyId: z.number().int().positive(), ticketId: z.number().int().positive() });
export type TicketTimer = z.infer<typeof ticketTimerPayload>;
export type TicketTimerKind = JobKind<TicketTimer>;

const timerKind = (name: string): TicketTimerKind => defineJobKind({ name: `ticket.${name}`, payload: ticketTimerPayload, priority: 'normal' });

export const ticketTimerJobs = {
  npsExpiry: timerKind('npsExpiry'),
  inactivityWarning: timerKind('inactivityWarning'),
  inactivityClose: timerKind('inactivityClose'),
  queueRedirect: timerKind('queueRedirect'),
  queueRotation: timerKind('queueRotation'),
};

export const allTicketTimerJobs = Object.values(ticketTimerJobs);

export const scheduleTicketTimer = (db: DbOrTx, kind: TicketTimerKind, ticket: { companyId: number; id: number }, dueAt: Date) =>
  enqueueJob(db, kind, { companyId: ticket.companyId, ticketId: ticket.id }, { runAt: dueAt, singletonKey: String(ticket.id) });

export const cancelTicketTimers = (db: DbOrTx, ticketId: number, kinds: readonly TicketTimerKind[]) =>
  cancelJobs(
    db,
    kinds.map((kind) => kind.name),
    String(ticketId),
  );

export const findTicketTimer = (db: DbOrTx, kind: TicketTimerKind, ticketId: number) => findUnfinishedJob(db, kind.name, String(ticketId));
