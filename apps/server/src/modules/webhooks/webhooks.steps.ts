// A change's webhook deliveries, recorded in the change's own transaction (issue 37 point 1): a
// change that rolls back sends nothing, and a process that dies after the commit loses nothing,
// since each delivery is a row and a job of the runner. The data is built only when an endpoint
// wants the event, so a company without endpoints pays one indexed read per event.
import { randomUUID } from 'node:crypto';
import type { WebhookData, WebhookDeliveryEvent, WebhookEvent } from '@atende/shared/webhooks';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueWebhookDelivery } from './webhook-delivery.jobs.ts';
import { findEndpoint, insertDeliveries, subscribedEndpoints } from './webhooks.repo.ts';

export type WebhookEventRecord<E extends WebhookDeliveryEvent> = {
  companyId: number;
  event: E;
  data: () => Promise<WebhookData<E>>;
  // what the event's deliveries to one endpoint are kept in order by (`ticket:<id>`): a ticket's
  // events reach each endpoint in the order they happened
  orderingKey?: string;
};

// A delivery's body; its id is the event's, the same for every endpoint, attempt and resend.
export const webhookEnvelope = <E extends WebhookDeliveryEvent>(companyId: number, event: E, data: WebhookData<E>) => ({
  id: randomUUID(),
  event,
  createdAt: new Date().toISOString(),
  companyId,
  data,
});

type SubscribedEndpoint = Awaited<ReturnType<typeof subscribedEndpoints>>[number];

export const recordWebhookEvent = async <E extends WebhookEvent>(tx: DbOrTx, record: WebhookEventRecord<E>) => {
  const endpoints = await subscribedEndpoints(tx, record.companyId, record.event);
  if (endpoints.length > 0) await deliverTo(tx, endpoints, record);
};

// One event for each of many changes of a company (the contacts an import created): the endpoints
// are read once for all of them.
export const recordWebhookEventEach = async <E extends WebhookEvent>(
  tx: DbOrTx,
  companyId: number,
  event: E,
  records: Omit<WebhookEventRecord<E>, 'companyId' | 'event'>[],
) => {
  if (records.length === 0) return;
  const endpoints = await subscribedEndpoints(tx, companyId, event);
  if (endpoints.length === 0) return;
  for (const record of records) await deliverTo(tx, endpoints, { ...record, companyId, event });
};

// One event to the endpoint its sender names, whatever it subscribed to (an automation action);
// false when the company has no such endpoint. A switched-off endpoint gets nothing, as from events.
export const recordWebhookEventTo = async <E extends WebhookDeliveryEvent>(tx: DbOrTx, endpointId: number, record: WebhookEventRecord<E>) => {
  const endpoint = await findEndpoint(tx, record.companyId, endpointId);
  if (endpoint?.active) await deliverTo(tx, [endpoint], record);
  return endpoint !== undefined;
};

const deliverTo = async <E extends WebhookDeliveryEvent>(tx: DbOrTx, endpoints: SubscribedEndpoint[], record: WebhookEventRecord<E>) => {
  const envelope = webhookEnvelope(record.companyId, record.event, await record.data());
  const deliveries = await insertDeliveries(
    tx,
    endpoints.map((endpoint) => ({ companyId: record.companyId, endpointId: endpoint.id, eventId: envelope.id, event: record.event, payload: envelope })),
  );
  for (const delivery of deliveries) {
    await enqueueWebhookDelivery(tx, { companyId: record.companyId, deliveryId: delivery.id }, record.orderingKey && `webhook:${delivery.endpointId}:${record.orderingKey}`);
  }
};
