// A company whose sandbox connection is configured for the conversation flow through HTTP, a
// fake clock, and readers of what the bot sent (the sandbox outbox) and of the ticket.
import { expect } from 'vitest';
import { manualClock, type ManualClock } from '../../src/platform/clock.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import type { Json } from '../helpers/json.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// Service hours are read in this zone (UTC-3 all year), so UTC and local time differ in tests.
export const FLOW_TIME_ZONE = 'America/Sao_Paulo';
// Monday 2026-03-02, 10:00 in São Paulo
export const MONDAY_10H = '2026-03-02T13:00:00Z';

export const startFlowApp = async (): Promise<{ t: TestApp; clock: ManualClock }> => {
  const clock = manualClock(MONDAY_10H);
  const t = await startTestApp({ timeZone: FLOW_TIME_ZONE }, { clock });
  return { t, clock };
};

const ok = (answer: { status: number; body: unknown }, status: number, what: string) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Json;
};

export const setupFlow = async (t: TestApp) => {
  const a = await setupAttendance(t, { queues: 0 });
  const token = a.adminSession.token;

  const setting = async (column: string, data: string) =>
    ok(await t.request('PUT', '/companySettings', { token, body: { column, data } }), 200, `setting ${column}`);
  const configureConnection = async (body: Record<string, unknown>) =>
    ok(await t.request('PUT', `/whatsapp/${a.connection.id}`, { token, body }), 200, 'connection update');
  let colour = 0;
  const queue = async (body: Record<string, unknown>) =>
    ok(
      await t.request('POST', '/queue', { token, body: { color: `#10${String(colour++).padStart(4, '0')}`, ...body } }),
      201,
      'queue',
    ) as { id: number; name: string };
  const option = async (body: Record<string, unknown>) => ok(await t.request('POST', '/chatbot', { token, body }), 201, 'chatbot') as { id: number };

  // What the sandbox delivered on this ticket, oldest first.
  const outbox = async (ticketId: number) => {
    const sent = ok(await t.request('GET', `/sandbox/${a.connection.id}/outbox`, { token }), 200, 'outbox') as {
      ticketId: number;
      body: string;
    }[];
    return sent
      .filter((message) => message.ticketId === ticketId)
      .reverse()
      .map((message) => message.body);
  };
  // The bot's messages are committed with the customer's, so the ticket's history is exact at once
  // (a silence can be asserted); the outbox then shows they were handed to the channel.
  const written = async (ticketId: number) => {
    const answer = ok(await t.request('GET', `/messages/${ticketId}`, { token }), 200, 'messages') as {
      messages: { body: string; fromMe: boolean }[];
    };
    return answer.messages.filter((message) => message.fromMe).map((message) => message.body);
  };
  const botSaid = async (ticketId: number, expected: string[]) => {
    expect(await written(ticketId)).toEqual(expected);
    await expect.poll(() => outbox(ticketId)).toEqual(expected);
  };
  const ticketOf = (ticketId: number) => a.ticket(token, ticketId);

  return { ...a, token, setting, configureConnection, queue, option, outbox, botSaid, ticketOf };
};

export type FlowSetup = Awaited<ReturnType<typeof setupFlow>>;
