// A webhook endpoint and a delivery as the /webhooks screen reads them (never the secret).
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEvent } from '@atende/shared/webhooks';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.repo.ts';

export const toWebhookEndpointView = (row: WebhookEndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEvent[],
  active: row.active,
  disabledReason: row.disabledReason,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toWebhookDeliveryView = (row: WebhookDeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  eventId: row.eventId,
  event: row.event,
  state: row.state,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
});
