// One webhook delivery per job (issue 37 point 1, docs/webhooks.md): POSTed through the guarded
// outbound client, signed over "<timestamp>.<body>" with the endpoint's secret. A 2xx answer
// delivers it; a timeout, a connection that fails, a 5xx, 408 or 429 is tried again with backoff
// for about a day; any other answer, a refused address or an answer past the cap fails it at once.
// An endpoint that has failed without a success for WEBHOOK_DISABLE_AFTER_HOURS is switched off at
// its next failure, and the company's admins are told.
import { z } from 'zod';
import { WEBHOOK_HEADERS, type WebhookBody } from '@atende/shared/webhooks';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind, type JobInfo } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { OutboundError, type OutboundHttp } from '../../platform/outbound-http.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { webhookSignature } from '../integrations/webhook.client.ts';
import * as repo from './webhooks.repo.ts';
import { toWebhookEndpointView } from './webhooks.view.ts';

// 32 attempts, waiting 10 s, 20 s … 2560 s, then 3600 s 22 times: 84 310 s (23 h 25 min) from the
// first attempt to the last
export const webhookDeliveryJob = defineJobKind({
  name: 'webhook.deliver',
  payload: z.object({ companyId: z.number().int(), deliveryId: z.number().int() }),
  maxAttempts: 32,
  backoff: { baseSeconds: 10, maxSeconds: 3600 },
});
export type WebhookDeliveryPayload = z.infer<typeof webhookDeliveryJob.payload>;

export const WEBHOOK_TIMEOUT_MS = 10_000;
// a receiver answers with a status; its body is not read, so a large one only wastes the network
export const WEBHOOK_MAX_ANSWER_BYTES = 64 * 1024;
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
export const DISABLED_FOR_FAILURES = 'failing';

// One unfinished job per delivery: a resend of a delivery still being retried starts it afresh
// rather than sending it twice at once.
export const enqueueWebhookDelivery = (tx: DbOrTx, payload: WebhookDeliveryPayload, orderingKey?: string) =>
  enqueueJob(tx, webhookDeliveryJob, payload, { orderingKey, singletonKey: `webhook-delivery:${payload.deliveryId}` });

type Verdict = { state: 'delivered' | 'retry' | 'failed'; responseStatus: number | null; error: string | null };

const verdictOfStatus = (status: number): Verdict => {
  if (status >= 200 && status < 300) return { state: 'delivered', responseStatus: status, error: null };
  const retry = status >= 500 || status === 408 || status === 429;
  return { state: retry ? 'retry' : 'failed', responseStatus: status, error: `HTTP ${status}` };
};

const verdictOfError = (error: unknown): Verdict => {
  if (!(error instanceof OutboundError)) return { state: 'retry', responseStatus: null, error: 'unreachable' };
  if (error.reason === 'address refused') return { state: 'failed', responseStatus: null, error: 'ERR_OUTBOUND_ADDRESS_REFUSED' };
  if (error.reason === 'too large') return { state: 'failed', responseStatus: null, error: 'answer too large' };
  return { state: 'retry', responseStatus: null, error: error.reason };
};

// the envelope in its documented order (the stored jsonb keeps its keys in an order of its own)
const bodyOf = (payload: Record<string, unknown>) => {
  const envelope = payload as WebhookBody;
  return JSON.stringify({ id: envelope.id, event: envelope.event, createdAt: envelope.createdAt, companyId: envelope.companyId, data: envelope.data });
};

type Deps = { db: Db; bus: EventBus; clock: Clock; secrets: SecretBox; outbound: OutboundHttp };

export const registerWebhookDeliveryJob = (runner: Pick<JobRunner, 'register'>, { db, bus, clock, secrets, outbound }: Deps) => {
  const switchOff = async (companyId: number, endpointId: number) => {
    const endpoint = await repo.disableEndpoint(db, companyId, endpointId, DISABLED_FOR_FAILURES);
    if (!endpoint) return;
    const admins = await repo.adminIdsOf(db, companyId);
    bus.publish({ companyId, event: 'webhook', payload: { action: 'disabled', endpoint: toWebhookEndpointView(endpoint) }, audience: { userIds: admins } });
  };

  const attempt = async ({ companyId, deliveryId }: WebhookDeliveryPayload, job: JobInfo) => {
    const delivery = await repo.findDelivery(db, companyId, deliveryId);
    if (!delivery || delivery.state !== 'pending') return;
    const endpoint = await repo.findEndpoint(db, companyId, delivery.endpointId);
    if (!endpoint) return;
    if (!endpoint.active) {
      await repo.updateDelivery(db, companyId, deliveryId, { state: 'failed', lastError: 'endpoint disabled' });
      return;
    }
    const body = bodyOf(delivery.payload);
    const timestamp = String(Math.floor(clock.now().getTime() / 1000));
    const started = performance.now();
    let verdict: Verdict;
    try {
      const answer = await outbound.request(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Atende-Webhooks/1',
          [WEBHOOK_HEADERS.event]: delivery.event,
          [WEBHOOK_HEADERS.delivery]: delivery.eventId,
          [WEBHOOK_HEADERS.timestamp]: timestamp,
          [WEBHOOK_HEADERS.signature]: webhookSignature(secrets.open(endpoint.secret), timestamp, body),
        },
        body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: WEBHOOK_MAX_ANSWER_BYTES,
      });
      verdict = verdictOfStatus(answer.status);
    } catch (error) {
      verdict = verdictOfError(error);
    }
    const lastAttempt = job.attempts >= webhookDeliveryJob.maxAttempts;
    const state = verdict.state === 'retry' ? (lastAttempt ? 'failed' : 'pending') : verdict.state;
    await repo.recordAttempt(db, companyId, deliveryId, {
      state,
      responseStatus: verdict.responseStatus,
      durationMs: Math.round(performance.now() - started),
      lastError: verdict.error,
      lastAttemptAt: clock.now(),
    });
    if (verdict.state === 'delivered') return void (await repo.markEndpointSucceeded(db, companyId, endpoint.id));
    const failing = await repo.markEndpointFailing(db, companyId, endpoint.id, clock.now());
    const since = failing?.failingSince?.getTime() ?? Infinity;
    if (clock.now().getTime() - since >= WEBHOOK_DISABLE_AFTER_HOURS * 3600_000) await switchOff(companyId, endpoint.id);
    if (state === 'pending') throw new Error(verdict.error ?? 'failed');
  };

  runner.register(webhookDeliveryJob, {
    run: attempt,
    // the attempts' leases ran out (their process died each time): the delivery is over too
    gaveUp: async ({ companyId, deliveryId }, reason) => {
      const delivery = await repo.findDelivery(db, companyId, deliveryId);
      if (delivery?.state === 'pending') await repo.updateDelivery(db, companyId, deliveryId, { state: 'failed', lastError: delivery.lastError ?? reason });
    },
  });
};
