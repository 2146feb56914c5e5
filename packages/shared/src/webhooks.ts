// Event webhooks (issue 37 point 1): the events a company's endpoints may subscribe to, the body
// each delivery carries (one envelope, the data written with the same view schemas the API
// answers), and the calls of the /webhooks screen. The signing secret is answered only by the
// creation and the rotation; no other answer carries it (docs/webhooks.md).
import { z } from 'zod';
import { campaignView } from './campaigns.ts';
import { connectionChannels, connectionStatusReasons } from './connections.ts';
import { contactView } from './contacts.ts';
import { defineEndpoint } from './contract.ts';
import { messageView } from './messages.ts';
import { ticketView } from './tickets.ts';
import { idParam, validationMessages } from './validation.ts';

export const webhookEvents = [
  'message.created',
  'message.updated',
  'ticket.created',
  'ticket.updated',
  'ticket.closed',
  'contact.created',
  'contact.updated',
  'campaign.finished',
  'connection.status',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

// sent by "send test event" only; no endpoint subscribes to it
export const WEBHOOK_TEST_EVENT = 'webhook.test' as const;
// sent by an automation rule's or a macro's "send a webhook" action to the endpoint it names,
// whatever that endpoint subscribed to (docs/automation.md)
export const AUTOMATION_WEBHOOK_EVENT = 'automation.triggered' as const;
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT | typeof AUTOMATION_WEBHOOK_EVENT;

// The headers of every delivery; the signature is `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`
// under the endpoint's secret.
export const WEBHOOK_HEADERS = {
  event: 'X-Atende-Event',
  delivery: 'X-Atende-Delivery',
  timestamp: 'X-Atende-Timestamp',
  signature: 'X-Atende-Signature',
} as const;

export const webhookConnectionStatus = z
  .object({
    id: z.number().int(),
    name: z.string(),
    channel: z.enum(connectionChannels),
    status: z.string(),
    statusReason: z.enum(connectionStatusReasons).nullable(),
  })
  .meta({ id: 'WebhookConnection' });

// the rating a customer gave before the ticket closed, when one was given
export const webhookRating = z.object({ rate: z.number().int() }).nullable();

const dataOf = {
  'message.created': z.object({ message: messageView }),
  'message.updated': z.object({ message: messageView }),
  'ticket.created': z.object({ ticket: ticketView }),
  'ticket.updated': z.object({ ticket: ticketView }),
  'ticket.closed': z.object({ ticket: ticketView, rating: webhookRating }),
  'contact.created': z.object({ contact: contactView }),
  'contact.updated': z.object({ contact: contactView }),
  'campaign.finished': z.object({ campaign: campaignView }),
  'connection.status': z.object({ connection: webhookConnectionStatus }),
  [WEBHOOK_TEST_EVENT]: z.object({ endpointId: z.number().int(), message: z.string() }),
  // the rule or macro whose action sent it, and the ticket as it was then
  [AUTOMATION_WEBHOOK_EVENT]: z.object({ source: z.object({ kind: z.enum(['rule', 'macro']), id: z.number().int(), name: z.string() }), ticket: ticketView }),
} satisfies Record<WebhookDeliveryEvent, z.ZodType>;
export type WebhookData<E extends WebhookDeliveryEvent> = z.infer<(typeof dataOf)[E]>;

const componentName = (event: WebhookDeliveryEvent) =>
  `Webhook${event
    .split('.')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('')}`;

// The body of a delivery of this event: the envelope and its data.
const envelopeOf = <E extends WebhookDeliveryEvent>(event: E) =>
  z
    .object({
      // the event's id, the same on every attempt and resend: receivers refuse one they have seen
      id: z.string(),
      event: z.literal(event),
      createdAt: z.string(),
      companyId: z.number().int(),
      data: dataOf[event],
    })
    .meta({ id: componentName(event) });

// every event a delivery may carry: the subscribable ones and the two sent to a named endpoint
export const webhookDeliveryEvents: readonly WebhookDeliveryEvent[] = [...webhookEvents, WEBHOOK_TEST_EVENT, AUTOMATION_WEBHOOK_EVENT];
export const webhookBodies = Object.fromEntries(webhookDeliveryEvents.map((event) => [event, envelopeOf(event)])) as {
  [E in WebhookDeliveryEvent]: ReturnType<typeof envelopeOf<E>>;
};
export type WebhookBody<E extends WebhookDeliveryEvent = WebhookDeliveryEvent> = z.infer<(typeof webhookBodies)[E]>;

export const webhookDeliveryStates = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

export const webhookEndpointView = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(webhookEvents)),
    active: z.boolean(),
    // why the server switched it off (it failed for too long); null when an admin did, or it is on
    disabledReason: z.string().nullable(),
    failingSince: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

export const webhookDeliveryView = z
  .object({
    id: z.number().int(),
    eventId: z.string(),
    event: z.string(),
    state: z.enum(webhookDeliveryStates),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

// the secret, answered once (creation, rotation)
export const webhookEndpointWithSecret = z.object({ endpoint: webhookEndpointView, secret: z.string() }).meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

const webhookUrl = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .max(2000, validationMessages.tooLong)
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), 'webhooks.invalidUrl');

const webhookFields = {
  url: webhookUrl,
  description: z.string().trim().max(200, validationMessages.tooLong),
  events: z.array(z.enum(webhookEvents)).min(1, 'webhooks.eventsRequired').max(webhookEvents.length),
  active: z.boolean(),
};

export const webhookEndpointBody = z
  .object({ ...webhookFields, description: webhookFields.description.default(''), active: webhookFields.active.default(true) })
  .meta({ id: 'WebhookEndpointBody' });
export type WebhookEndpointBody = z.input<typeof webhookEndpointBody>;
export type WebhookEndpointInput = z.infer<typeof webhookEndpointBody>;

export const webhookEndpointUpdateBody = z.object(webhookFields).partial().meta({ id: 'WebhookEndpointUpdateBody' });
export type WebhookEndpointUpdateBody = z.infer<typeof webhookEndpointUpdateBody>;

export const webhookEndpointParams = z.strictObject({ endpointId: idParam });
export const webhookDeliveryParams = z.strictObject({ endpointId: idParam, deliveryId: idParam });

export const webhookEndpointsAnswer = z.object({ endpoints: z.array(webhookEndpointView) }).meta({ id: 'WebhookEndpoints' });
export const webhookDeliveriesAnswer = z.object({ deliveries: z.array(webhookDeliveryView) }).meta({ id: 'WebhookDeliveries' });

// how many of an endpoint's latest deliveries the screen lists
export const RECENT_WEBHOOK_DELIVERIES = 50;

const notFound = { 404: ['ERR_NOT_FOUND'] } as const;
// a URL that is not https outside development (ERR_VALIDATION on body.url) or reaches a refused address
const refusedUrl = { 400: ['ERR_OUTBOUND_ADDRESS_REFUSED'] } as const;

export const webhooksEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/webhook-endpoints', response: webhookEndpointsAnswer, operationId: 'listWebhookEndpoints', summary: "The company's webhook endpoints" }),
  create: defineEndpoint({
    method: 'POST',
    path: '/webhook-endpoints',
    body: webhookEndpointBody,
    response: webhookEndpointWithSecret,
    status: 201,
    operationId: 'createWebhookEndpoint',
    summary: 'Adds a webhook endpoint; its signing secret is answered this once',
    errors: refusedUrl,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/webhook-endpoints/:endpointId',
    params: webhookEndpointParams,
    body: webhookEndpointUpdateBody,
    response: webhookEndpointView,
    operationId: 'updateWebhookEndpoint',
    summary: 'Changes a webhook endpoint; turning it on again clears why it was switched off',
    errors: { ...notFound, ...refusedUrl },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/webhook-endpoints/:endpointId',
    params: webhookEndpointParams,
    response: z.object({ message: z.string() }),
    operationId: 'deleteWebhookEndpoint',
    summary: 'Removes a webhook endpoint and its deliveries',
    errors: notFound,
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/webhook-endpoints/:endpointId/secret',
    params: webhookEndpointParams,
    response: webhookEndpointWithSecret,
    operationId: 'rotateWebhookSecret',
    summary: 'Replaces the signing secret of a webhook endpoint and answers the new one this once',
    errors: notFound,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/webhook-endpoints/:endpointId/deliveries',
    params: webhookEndpointParams,
    response: webhookDeliveriesAnswer,
    operationId: 'listWebhookDeliveries',
    summary: 'The latest deliveries to a webhook endpoint, newest first',
    errors: notFound,
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/webhook-endpoints/:endpointId/deliveries/:deliveryId/resend',
    params: webhookDeliveryParams,
    response: webhookDeliveryView,
    operationId: 'resendWebhookDelivery',
    summary: 'Sends a delivery again, with the same event id, its attempts counted afresh',
    errors: notFound,
  }),
  sendTest: defineEndpoint({
    method: 'POST',
    path: '/webhook-endpoints/:endpointId/test',
    params: webhookEndpointParams,
    response: webhookDeliveryView,
    status: 201,
    operationId: 'sendWebhookTestEvent',
    summary: 'Queues a webhook.test event to the endpoint',
    errors: notFound,
  }),
};
