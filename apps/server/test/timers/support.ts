// A company ready for attendance on a server whose clock the test moves by hand, with short
// helpers for the connection's fields, company settings, and what the customer received.
import { manualClock } from '../../src/platform/clock.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

export const MINUTE_MS = 60_000;

export const startClockedApp = async () => {
  const clock = manualClock('2026-03-02T12:00:00Z');
  const t = await startTestApp({}, { clock });
  return { t, clock };
};

export const attendanceWithTimers = async (t: TestApp, clock: ReturnType<typeof manualClock>, queues = 1) => {
  const a = await setupAttendance(t, { queues });
  const admin = a.adminSession.token;

  const setConnection = async (values: Record<string, unknown>) => {
    const answer = await t.request('PUT', `/whatsapp/${a.connection.id}`, { token: admin, body: values });
    if (answer.status !== 200) throw new Error(`connection update: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  const setSetting = async (column: string, data: string) => {
    const answer = await t.request('PUT', '/companySettings', { token: admin, body: { column, data } });
    if (answer.status !== 200) throw new Error(`setting ${column}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  // moves the clock and runs what became due, as the worker's polling would
  const passMinutes = async (minutes: number) => {
    clock.advance(minutes * MINUTE_MS);
    await t.app.jobs.runDue();
  };
  // the ticket's messages in order: [body, fromMe]
  const conversation = async (ticketId: number) =>
    ((await t.request('GET', `/messages/${ticketId}`, { token: admin })).body.messages as { body: string; fromMe: boolean }[]).map(
      (message) => [message.body, message.fromMe],
    );
  const sentToCustomer = async () =>
    ((await t.request('GET', `/sandbox/${a.connection.id}/outbox`, { token: admin })).body as { body: string }[]).map((message) => message.body);

  return { ...a, setConnection, setSetting, passMinutes, conversation, sentToCustomer };
};
