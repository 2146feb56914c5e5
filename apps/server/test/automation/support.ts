// A company with a sandbox connection on a server whose clock the test moves, and short helpers to
// write rules and read what they did.
import { and, eq } from 'drizzle-orm';
import { contactTags, ticketNotes, tickets } from '../../src/db/schema.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { attendanceWithTimers } from '../timers/support.ts';

export const automationCompany = async (t: TestApp, clock: ManualClock, queues = 1) => {
  const a = await attendanceWithTimers(t, clock, queues);
  const admin = a.adminSession.token;
  const addRule = async (rule: Record<string, unknown>) => {
    const answer = await t.request('POST', '/automation-rules', { token: admin, body: { name: 'Rule', ...rule } });
    if (answer.status !== 201) throw new Error(`rule: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number };
  };
  const priorityOf = async (ticketId: number) => (await t.db.select({ priority: tickets.priority }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.priority;
  const tagIdsOf = async (contactId: number) =>
    (await t.db.select({ tagId: contactTags.tagId }).from(contactTags).where(and(eq(contactTags.companyId, a.company.id), eq(contactTags.contactId, contactId)))).map((row) => row.tagId);
  const notesOf = async (ticketId: number) => (await t.db.select({ note: ticketNotes.note }).from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).map((row) => row.note);
  const runJobs = () => t.app.jobs.runDue();
  return { ...a, admin, addRule, priorityOf, tagIdsOf, notesOf, runJobs };
};

export const when = (conditions: Record<string, unknown>[], match: 'all' | 'any' = 'all') => ({ match: 'all', groups: [{ match, conditions }] });
