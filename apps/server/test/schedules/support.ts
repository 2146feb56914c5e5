// A company with a sandbox connection on a server whose clock the test moves, and short helpers
// for the schedule calls and what the customer received.
import type { ManualClock } from '../../src/platform/clock.ts';
import { createContact } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import type { TestApp } from '../helpers/test-app.ts';

export const scheduleCompany = async (t: TestApp, clock: ManualClock) => {
  const a = await setupAttendance(t);
  const token = a.adminSession.token;
  const contact = await createContact(t.db, a.company.id, { name: 'Maria Cliente', whatsappId: a.connection.id });
  const create = (body: Record<string, unknown>) => t.request('POST', '/schedules', { token, body: { contactId: contact.id, ...body } });
  const show = async (id: number) => (await t.request('GET', `/schedules/${id}`, { token })).body;
  const outbox = async () =>
    ((await t.request('GET', `/sandbox/${a.connection.id}/outbox`, { token })).body as { body: string; mediaType: string; ticketId: number }[]);
  const sentBodies = async () => (await outbox()).map((message) => message.body);
  // moves the clock to `at` and runs what became due, as the runner's polling would
  const runAt = async (at: string) => {
    clock.set(at);
    await t.app.jobs.runDue();
  };
  return { ...a, token, contact, create, show, outbox, sentBodies, runAt };
};
