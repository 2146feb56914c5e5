// The job that hands a company's message to its channel (send, edit or delete), enqueued in the
// transaction that writes the message; channels/outbound-message-handler.jobs.ts runs it.
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { defineJobKind, type JobPriority } from '../../platform/jobs/job-kind.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import type { MessageRow } from './messages.repo.ts';

export const outboundActions = ['send', 'edit', 'delete'] as const;
export type OutboundAction = (typeof outboundActions)[number];

export const outboundMessageJob = defineJobKind({
  name: 'message.outbound',
  payload: z.object({
    companyId: z.number().int().positive(),
    messageId: z.number().int().positive(),
    // the connection that sends: a WhatsApp session's jobs go to the process holding its socket
    connectionId: z.number().int().positive().nullable(),
    action: z.enum(outboundActions),
  }),
  priority: 'interactive',
  // passing failures (provider outage, a session reconnecting) get about an hour and a half
  maxAttempts: 25,
  backoff: { baseSeconds: 2, maxSeconds: 300 },
});

export type OutboundMessage = z.infer<typeof outboundMessageJob.payload>;

// Messages to one contact through one connection go out in the order they were written, and an
// edit or delete after the send it changes. Campaigns and schedules pass the 'bulk' priority.
export const enqueueOutbound = (tx: DbOrTx, message: MessageRow, action: OutboundAction, priority: JobPriority = 'interactive') =>
  enqueueJob(
    tx,
    outboundMessageJob,
    { companyId: message.companyId, messageId: message.id, connectionId: message.whatsappId, action },
    { priority, orderingKey: `outbound:${message.whatsappId ?? '-'}:${message.contactId ?? '-'}` },
  );
