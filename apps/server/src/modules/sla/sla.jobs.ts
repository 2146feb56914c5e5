// The SLA's background work (issue 40 point 3, docs/automation.md), on the job runner after the
// change that causes it commits: setting a ticket's targets (their due moments need the service
// hours and the server's time zone), and one breach check per target at its due moment, which
// finds a target met in the meantime and does nothing.
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { fireAutomation } from '../automation-triggers/automation-triggers.steps.ts';
import { adminIdsOf } from '../webhooks/webhooks.repo.ts';
import { slaDueAt } from './sla-hours.rules.ts';
import * as repo from './sla.repo.ts';
import { toTicketSlaView } from './sla.view.ts';

export const slaTargetsJob = defineJobKind({
  name: 'sla.targets',
  // nextResponseFrom: a customer's message after an attendant's reply, from which the next answer is due
  payload: z.object({ companyId: z.number().int(), ticketId: z.number().int(), nextResponseFrom: z.iso.datetime().optional() }),
});
export type SlaTargetsPayload = z.infer<typeof slaTargetsJob.payload>;

export const slaBreachJob = defineJobKind({
  name: 'sla.breach',
  payload: z.object({ companyId: z.number().int(), targetId: z.number().int() }),
});

// one unfinished job per ticket: the changes of one transaction set its targets once
export const enqueueSlaTargets = (tx: DbOrTx, payload: SlaTargetsPayload) =>
  enqueueJob(tx, slaTargetsJob, payload, { singletonKey: `sla-targets:${payload.ticketId}:${payload.nextResponseFrom ?? 'ticket'}` });

const responseKinds = ['firstResponse', 'nextResponse'] as const;

type Deps = { bus: EventBus; clock: Clock; timeZone: string };

export const registerSlaJobs = (runner: Pick<JobRunner, 'register'>, { bus, clock, timeZone }: Deps) => {
  runner.register(slaTargetsJob, {
    runInTransaction: async (tx, { companyId, ticketId, nextResponseFrom }) => {
      const ticket = await repo.findTicketForSla(tx, companyId, ticketId);
      if (!ticket || ticket.status === 'closed' || ticket.status === 'nps') return;
      const policy = await repo.policyFor(tx, companyId, ticket.queueId, ticket.priority);
      if (!policy) return;
      const existing = await repo.targetsOfTicket(tx, ticketId);
      const hours = policy.hoursMode === 'service' ? await repo.serviceHoursOf(tx, companyId, ticket) : [];
      const target = (kind: repo.NewSlaTarget['kind'], from: Date, minutes: number) => ({
        companyId,
        ticketId,
        policyId: policy.id,
        kind,
        dueAt: slaDueAt(policy.hoursMode, hours, from, minutes, timeZone),
        createdAt: from,
      });
      const wanted: repo.NewSlaTarget[] = [];
      if (nextResponseFrom) {
        const waiting = existing.some((row) => responseKinds.includes(row.kind as (typeof responseKinds)[number]) && row.metAt === null);
        if (policy.nextResponseMinutes !== null && !waiting && (await repo.hasAttendantReply(tx, ticketId))) {
          wanted.push(target('nextResponse', new Date(nextResponseFrom), policy.nextResponseMinutes));
        }
      } else {
        const has = (kind: repo.NewSlaTarget['kind']) => existing.some((row) => row.kind === kind);
        if (policy.firstResponseMinutes !== null && !has('firstResponse') && !(await repo.hasAttendantReply(tx, ticketId))) {
          wanted.push(target('firstResponse', ticket.createdAt, policy.firstResponseMinutes));
        }
        if (policy.resolutionMinutes !== null && !has('resolution')) wanted.push(target('resolution', ticket.createdAt, policy.resolutionMinutes));
      }
      const inserted = await repo.insertTargets(tx, wanted);
      for (const row of inserted) {
        await enqueueJob(tx, slaBreachJob, { companyId, targetId: row.id }, { runAt: row.dueAt, singletonKey: `sla-breach:${row.id}` });
      }
      if (inserted.length === 0) return;
      // the ticket's chip starts counting for whoever sees the ticket
      const nearest = (await repo.targetsOfTicket(tx, ticketId)).find((row) => row.metAt === null);
      if (!nearest) return;
      const payload = { action: 'started' as const, ticketId, sla: toTicketSlaView(nearest) };
      return async () => bus.publish({ companyId, event: 'sla', payload, audience: { ticket } });
    },
  });

  runner.register(slaBreachJob, {
    runInTransaction: async (tx, { companyId, targetId }) => {
      const breach = await repo.breachTarget(tx, companyId, targetId, clock.now());
      if (!breach) return;
      await fireAutomation(tx, { companyId, id: breach.ticketId }, { trigger: 'slaBreached', eventKey: `sla:${targetId}:breached` });
      const admins = await adminIdsOf(tx, companyId);
      const userIds = [...new Set([...admins, ...(breach.ownerId === null ? [] : [breach.ownerId])])];
      const payload = { action: 'breached' as const, ticketId: breach.ticketId, kind: breach.kind, dueAt: breach.dueAt.toISOString() };
      return async () => bus.publish({ companyId, event: 'sla', payload, audience: { userIds } });
    },
  });
};
