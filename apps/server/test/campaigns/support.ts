// A company with a sandbox connection and a contact list, on a server whose clock the test moves,
// and short helpers for the campaign calls and what each customer received.
import { and, eq, sql } from 'drizzle-orm';
import type { ManualClock } from '../../src/platform/clock.ts';
import { contactListItems, contactLists, contacts, messages } from '../../src/db/schema.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import type { TestApp } from '../helpers/test-app.ts';

let listSequence = 0;

export const campaignCompany = async (t: TestApp, clock: ManualClock) => {
  const a = await setupAttendance(t);
  const token = a.adminSession.token;
  const call = (method: string, path: string, body?: unknown) => t.request(method, path, { token, body });

  // a contact list of `size` members named Cliente 1…n with numbers 55119000000001…
  const contactList = async (size: number, prefix = `5511${String(++listSequence).padStart(3, '0')}`) => {
    const [list] = await t.db.insert(contactLists).values({ companyId: a.company.id, name: `Lista ${listSequence}` }).returning();
    const members = Array.from({ length: size }, (_, index) => ({
      companyId: a.company.id,
      contactListId: list.id,
      name: `Cliente ${index + 1} Silva`,
      number: `${prefix}${String(index + 1).padStart(6, '0')}`,
      email: `cliente${index + 1}@example.test`,
    }));
    for (let start = 0; start < members.length; start += 500) await t.db.insert(contactListItems).values(members.slice(start, start + 500));
    return { ...list, members };
  };

  const settings = (values: Record<string, unknown>) => call('POST', '/campaign-settings', { settings: values });
  // every hour of every day, no pause: the rules under test set what they need
  const alwaysOpen = () => settings({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, startHour: '00:00', endHour: '23:59', sabado: true, domingo: true });
  const create = (body: Record<string, unknown>) => call('POST', '/campaigns', { whatsappId: a.connection.id, ...body });
  const show = async (id: number) => (await call('GET', `/campaigns/${id}`)).body;

  // what each number received on this connection, oldest first
  const received = async () => {
    const rows = await t.db
      .select({ number: contacts.number, body: messages.body })
      .from(messages)
      .innerJoin(contacts, eq(contacts.id, messages.contactId))
      .where(and(eq(messages.companyId, a.company.id), eq(messages.fromMe, true)))
      .orderBy(messages.id);
    const byNumber = new Map<string, string[]>();
    for (const row of rows) byNumber.set(row.number, [...(byNumber.get(row.number) ?? []), row.body]);
    return byNumber;
  };
  const sentCount = async () =>
    (await t.db.select({ value: sql<number>`count(*)::int` }).from(messages).where(and(eq(messages.companyId, a.company.id), eq(messages.fromMe, true))))[0].value;

  // moves the clock to `at` and runs what became due, as the runner's polling would
  const runAt = async (at: string | Date) => {
    clock.set(at);
    await t.app.jobs.runDue();
  };
  return { ...a, token, call, contactList, settings, alwaysOpen, create, show, received, sentCount, runAt };
};
