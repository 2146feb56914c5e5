// A transferred ticket's summary as a private note (issue 42 point 3), when the company turned it
// on: enqueued in the transfer's transaction, so the transfer never waits for the model and a
// summary is not lost when a process dies; the model is called outside any transaction and the
// note written once per transfer, however often the job runs.
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { companyPlanAllows } from '../../platform/access.repo.ts';
import { AppError } from '../../platform/errors.ts';
import { defineJobKind, JobFailure } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { writeOutboundMessage } from '../messages/outbound-message.service.ts';
import { findTicket, lockTicket, type TicketRow } from '../tickets/tickets.repo.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import * as repo from './copilot.repo.ts';
import { ModelFailure, type CopilotService } from './copilot.service.ts';

export const transferSummaryJob = defineJobKind({
  name: 'copilot.transferSummary',
  payload: z.object({
    companyId: z.number().int().positive(),
    // where the note goes, and whose conversation it sums up (closeTicketOnTransfer opens a new ticket)
    ticketId: z.number().int().positive(),
    fromTicketId: z.number().int().positive(),
    // names this transfer in the note, so a second run writes nothing
    transferKey: z.string().max(100),
  }),
  maxAttempts: 4,
  backoff: { baseSeconds: 5, maxSeconds: 60 },
});

export const NOTE_PREFIX = 'Resumo do copiloto';

// ticketEvents.onTransferred: only a company that turned it on and has a key
export const enqueueTransferSummary = async (tx: DbOrTx, transfer: { moved: TicketRow; from: TicketRow }, now: Date) => {
  const settings = await repo.readCopilotSettings(tx, transfer.moved.companyId);
  if (settings.transferSummary !== 'enabled' || !settings.apiKey) return;
  await enqueueJob(tx, transferSummaryJob, {
    companyId: transfer.moved.companyId,
    ticketId: transfer.moved.id,
    fromTicketId: transfer.from.id,
    transferKey: `${transfer.from.id}:${now.toISOString()}`,
  });
};

export const registerTransferSummaryJob = (runner: Pick<JobRunner, 'register'>, deps: { db: Db; copilot: CopilotService; tickets: TicketsService }) => {
  const { db } = deps;
  runner.register(transferSummaryJob, {
    run: async (job) => {
      if (await repo.hasSummaryNote(db, job.companyId, job.ticketId, job.transferKey)) return;
      // a plan without AI, a key removed, the month's tokens spent: no summary, nothing to retry
      if (!(await companyPlanAllows(db, job.companyId, 'useOpenAi'))) return;
      const summary = await deps.copilot.summarizeForTransfer(job.companyId, job.fromTicketId).catch((error: unknown) => {
        if (error instanceof AppError) return undefined;
        if (error instanceof ModelFailure && error.permanent) throw new JobFailure(`copilot summary: ${error.reason}`);
        throw new Error(`copilot summary: ${error instanceof ModelFailure ? error.reason : 'failed'}`);
      });
      if (!summary) return;
      const written = await withTransaction(db, async (tx) => {
        await lockTicket(tx, job.companyId, job.ticketId);
        const ticket = await findTicket(tx, job.companyId, job.ticketId);
        if (!ticket || (await repo.hasSummaryNote(tx, job.companyId, job.ticketId, job.transferKey))) return undefined;
        return writeOutboundMessage(tx, ticket, {
          body: `${NOTE_PREFIX}:\n${summary}`,
          userId: null,
          isPrivate: true,
          dataJson: { copilotTransferSummary: job.transferKey },
        });
      });
      if (written) await deps.tickets.publishMessage(written.ticket, written.message);
    },
  });
};
