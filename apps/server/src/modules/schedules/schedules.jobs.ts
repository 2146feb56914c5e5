// The due occurrence of a scheduled message (02-operations §3 Schedule). One job per schedule
// (singleton key), enqueued in the transaction that sets the occurrence; it runs in the
// transaction that marks it done and moves the schedule to its next occurrence, so each
// occurrence goes out once across restarts and processes. The payload names the occurrence: a job
// left over from before an edit finds another occurrence due and does nothing.
import { z } from 'zod';
import { signedBody } from '@atende/shared/messages';
import { renderPlaceholders } from '@atende/shared/placeholders';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { ScheduleRow } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind, type JobHandler } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { cancelJobs, enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { findConnection, findDefaultConnection } from '../connections/connections.repo.ts';
import { findContact } from '../contacts/contacts.repo.ts';
import { attachedMedia, sendBulkMessage } from '../tickets/bulk-message.service.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { findUser } from '../users/users.repo.ts';
import { lockSchedule, updateSchedule } from './schedules.repo.ts';
import { occurrenceAt } from './schedules.rules.ts';
import { loadScheduleViews } from './schedule-views.repo.ts';

export const scheduleSendJob = defineJobKind({
  name: 'schedule.send',
  payload: z.object({
    companyId: z.number().int().positive(),
    scheduleId: z.number().int().positive(),
    // which occurrence (0 = the first) this job sends
    occurrence: z.number().int().min(0),
  }),
  priority: 'bulk',
});

type ScheduleSend = z.infer<typeof scheduleSendJob.payload>;

const singletonOf = (scheduleId: number) => `schedule:${scheduleId}`;

// Arms (or re-arms, replacing the one waiting) the job of the schedule's next occurrence.
export const armSchedule = (tx: DbOrTx, schedule: Pick<ScheduleRow, 'companyId' | 'id' | 'sentCount' | 'nextSendAt'>) =>
  schedule.nextSendAt
    ? enqueueJob(
        tx,
        scheduleSendJob,
        { companyId: schedule.companyId, scheduleId: schedule.id, occurrence: schedule.sentCount },
        { singletonKey: singletonOf(schedule.id), runAt: schedule.nextSendAt },
      )
    : disarmSchedule(tx, schedule.id);

export const disarmSchedule = async (tx: DbOrTx, scheduleId: number) => {
  await cancelJobs(tx, [scheduleSendJob.name], singletonOf(scheduleId));
};

export const recurrenceOf = (row: Pick<ScheduleRow, 'sendAt' | 'intervalo' | 'valorIntervalo' | 'enviarQuantasVezes' | 'tipoDias'>) => ({
  sendAt: row.sendAt,
  intervalo: row.intervalo as 1 | 2 | 3 | 4,
  valorIntervalo: row.valorIntervalo,
  enviarQuantasVezes: row.enviarQuantasVezes,
  tipoDias: row.tipoDias as 4 | 5 | 6,
});

type Deps = { clock: Clock; timeZone: string; bus: EventBus; tickets: TicketsService };

// Why an occurrence cannot go: an error code the screen translates, kept on the schedule (ERRO).
class ScheduleError extends Error {}

const sendOccurrence = async (tx: Tx, schedule: ScheduleRow, now: Date, timeZone: string) => {
  const { companyId } = schedule;
  const contact = await findContact(tx, companyId, schedule.contactId);
  if (!contact) throw new ScheduleError('ERR_NO_CONTACT_FOUND');
  const connection =
    (schedule.whatsappId ? await findConnection(tx, companyId, schedule.whatsappId) : undefined) ??
    (contact.whatsappId ? await findConnection(tx, companyId, contact.whatsappId) : undefined) ??
    (await findDefaultConnection(tx, companyId));
  if (!connection) throw new ScheduleError('ERR_NO_DEF_WAPP_FOUND');
  const author = schedule.userId ? await findUser(tx, companyId, schedule.userId) : undefined;
  // placeholderSets.schedule: "Olá {{name}}" arrives with the contact's name (issue 35 point 1)
  const body = renderPlaceholders(schedule.body, { name: contact.name, user: author?.name ?? '', now, timeZone });
  const text = schedule.assinar && author ? signedBody(body, author.name) : body;
  try {
    return await sendBulkMessage(
      tx,
      {
        contact,
        connection,
        text,
        medias: attachedMedia(schedule.mediaPath, schedule.mediaType),
        authorId: schedule.userId,
        ticket: {
          openTicket: schedule.openTicket === 'enabled',
          userId: schedule.ticketUserId,
          queueId: schedule.queueId,
          keepOpen: schedule.statusTicket === 'open',
        },
      },
      now,
    );
  } catch (error) {
    if (error instanceof AppError) throw new ScheduleError(error.code);
    throw error;
  }
};

export const registerScheduleSendJob = (runner: Pick<JobRunner, 'register'>, deps: Deps) => {
  const handler: JobHandler<ScheduleSend> = {
    lockFirst: (tx, job) => lockSchedule(tx, job.companyId, job.scheduleId),
    runInTransaction: async (tx, job) => {
      const schedule = await lockSchedule(tx, job.companyId, job.scheduleId);
      if (!schedule || schedule.status !== 'PENDENTE' || schedule.sentCount !== job.occurrence) return undefined;
      const now = deps.clock.now();
      let sent: Awaited<ReturnType<typeof sendOccurrence>> | undefined;
      let updated: ScheduleRow;
      try {
        // a savepoint: a refused occurrence leaves no ticket or message behind, only its reason
        sent = await withTransaction(tx, (inner) => sendOccurrence(inner, schedule, now, deps.timeZone));
        const next = occurrenceAt(recurrenceOf(schedule), schedule.sentCount + 1, deps.timeZone);
        updated = await updateSchedule(tx, schedule.companyId, schedule.id, {
          sentAt: now,
          sentCount: schedule.sentCount + 1,
          nextSendAt: next ?? null,
          status: next ? 'PENDENTE' : 'ENVIADA',
          errorMessage: null,
        });
        await armSchedule(tx, updated);
      } catch (error) {
        if (!(error instanceof ScheduleError)) throw error;
        updated = await updateSchedule(tx, schedule.companyId, schedule.id, { status: 'ERRO', errorMessage: error.message, nextSendAt: null });
      }
      const [view] = await loadScheduleViews(tx, schedule.companyId, [updated]);
      return async () => {
        if (sent) {
          for (const row of sent.rows) await deps.tickets.publishMessage(sent.ticket, row);
          if (sent.ticket.status === 'closed') await deps.tickets.publishTicket(sent.ticket);
        }
        deps.bus.publish({ companyId: schedule.companyId, event: 'schedule', payload: { action: 'update', schedule: view } });
      };
    },
  };
  runner.register(scheduleSendJob, handler);
};
