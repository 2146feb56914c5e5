// Delivered and failed webhook deliveries are kept WEBHOOK_DELIVERY_RETENTION_DAYS (issue 37): a
// daily sweep on the job runner (platform/jobs/daily-prune.ts) deletes those made before; pending
// deliveries stay.
import { defineDailyPrune } from '../../platform/jobs/daily-prune.ts';
import { deleteFinishedDeliveriesBefore } from './webhooks.repo.ts';

const webhookPrune = defineDailyPrune('webhook.prune', deleteFinishedDeliveriesBefore);

export const webhookPruneJob = webhookPrune.job;
export const scheduleWebhookPrune = webhookPrune.schedule;
export const registerWebhookPruneJob = webhookPrune.register;
