// n8n and webhook integrations: every customer message is POSTed to the integration's URL as a
// versioned JSON event, signed with HMAC-SHA256 under the connection's token (docs/
// ai-integrations.md has the format). A 2xx answer may carry messages for the customer and a
// hand-over; an empty body sends nothing.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { OutboundHttp } from '../../platform/outbound-http.ts';
import { callIntegration, invalidAnswer } from './integration-call.ts';
import type { IntegrationOutcome } from './integration-outcome.ts';

export const WEBHOOK_EVENT_VERSION = 1;
export const SIGNATURE_HEADER = 'x-atende-signature';
export const TIMESTAMP_HEADER = 'x-atende-timestamp';

export type WebhookEvent = {
  version: typeof WEBHOOK_EVENT_VERSION;
  event: 'message.received';
  sentAt: string;
  integration: { id: number; type: string; name: string };
  company: { id: number; name: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null; connectionId: number | null };
  contact: { id: number; name: string; number: string };
  message: { id: number; body: string; mediaType: string; mediaUrl: string | null; createdAt: string };
};

const webhookAnswer = z.object({
  messages: z.array(z.object({ body: z.string().trim().min(1).max(4096) })).max(10).default([]),
  handOff: z.boolean().default(false),
});

// what the receiver recomputes: the hex HMAC-SHA256 of `<timestamp>.<raw body>`
export const webhookSignature = (key: string, timestamp: string, body: string) => `sha256=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;

// `http` is the guarded client: the URL is the company's own
export const postWebhookEvent = async (http: OutboundHttp, url: string, event: WebhookEvent, signingKey: string, timeoutMs: number): Promise<IntegrationOutcome> => {
  const body = JSON.stringify(event);
  const timestamp = String(Math.floor(new Date(event.sentAt).getTime() / 1000));
  const answer = await callIntegration(http, url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-atende-event': event.event,
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: webhookSignature(signingKey, timestamp, body),
    },
    body,
    timeoutMs,
  });
  if (answer === undefined) return { replies: [], handOff: false };
  const parsed = webhookAnswer.safeParse(answer);
  if (!parsed.success) throw invalidAnswer();
  return { replies: parsed.data.messages.map((message) => ({ body: message.body })), handOff: parsed.data.handOff };
};
