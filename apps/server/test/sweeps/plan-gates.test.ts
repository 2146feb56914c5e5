// Issue 15 point 2: every feature flag of a plan gates its routes on the server, not only its menu
// (03-saas §1, §3 Plan, §6; 02-operations §2, §6). The sweep works on whatever routes the route
// table holds: (a) every route that names a plan flag refuses an admin whose plan has every flag
// off, changing nothing; (b) every route under a flagged area's path names that area's flag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFlags, type PlanFlag } from '@atende/shared/plans';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { companyFingerprint, settle } from './support/snapshot.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

// The flagged areas' paths as 02-operations §7 and 03-saas §7 write them, and their flag.
const flaggedAreas: { prefix: string; flag: PlanFlag; spec: string }[] = [
  { prefix: '/campaigns', flag: 'useCampaigns', spec: '02-operations §7 Campaigns' },
  { prefix: '/campaign-settings', flag: 'useCampaigns', spec: '02-operations §7 Campaigns' },
  { prefix: '/contact-lists', flag: 'useCampaigns', spec: '02-operations §7 Contact lists' },
  { prefix: '/contact-list-items', flag: 'useCampaigns', spec: '02-operations §7 Contact lists' },
  { prefix: '/schedules', flag: 'useSchedules', spec: '02-operations §7 Schedules' },
  { prefix: '/chats', flag: 'useInternalChat', spec: '02-operations §7 Internal chat' },
  { prefix: '/prompt', flag: 'useOpenAi', spec: '02-operations §7 AI prompts' },
  { prefix: '/knowledge', flag: 'useOpenAi', spec: 'issue 42 point 1 Knowledge' },
  { prefix: '/copilot', flag: 'useOpenAi', spec: 'issue 42 points 2-5 Copilot' },
  { prefix: '/queueIntegration', flag: 'useIntegrations', spec: '02-operations §7 Queue integrations' },
  { prefix: '/webhook-endpoints', flag: 'useIntegrations', spec: 'issue 37 point 1 Event webhooks' },
  { prefix: '/automation-rules', flag: 'useAutomation', spec: 'issue 40 point 1 Automation rules' },
  { prefix: '/macros', flag: 'useAutomation', spec: 'issue 40 point 2 Macros' },
  { prefix: '/sla-policies', flag: 'useAutomation', spec: 'issue 40 point 3 SLA policies' },
  { prefix: '/dashboard/sla', flag: 'useAutomation', spec: 'issue 40 point 3 SLA figures' },
  { prefix: '/telegram/connections', flag: 'useTelegram', spec: 'issue 41 point 4 Telegram connections' },
  { prefix: '/webchat/connections', flag: 'useWebchat', spec: 'issue 41 point 4 Web chat connections' },
  { prefix: '/email/connections', flag: 'useEmail', spec: 'issue 41 point 2 Email connections' },
  { prefix: '/tag/kanban', flag: 'useKanban', spec: '02-operations §7 Tags and kanban' },
  { prefix: '/ticket/kanban', flag: 'useKanban', spec: '02-operations §7 Tags and kanban' },
  { prefix: '/ticket-tags', flag: 'useKanban', spec: '02-operations §7 Tags and kanban (01-core §7: sets kanban stage)' },
];

// A path segment boundary: /prompt covers /prompt and /prompt/:id, not /prompts-of-something.
const under = (url: string, prefix: string) => url.toLowerCase() === prefix.toLowerCase() || url.toLowerCase().startsWith(`${prefix.toLowerCase()}/`);

const concretePath = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('plan-gate sweep over the route table (03-saas §3 Plan, §6; 02-operations §6)', () => {
  it('every route of a flagged area names its flag', () => {
    const missing = t.app.routeTable.flatMap((route) =>
      flaggedAreas
        .filter((area) => under(route.url, area.prefix) && route.planFlag !== area.flag)
        .map((area) => `${route.method} ${route.url} (${area.spec}) needs planFlag ${area.flag}, has ${route.planFlag ?? 'none'}`),
    );
    expect(missing).toEqual([]);
  });

  it('the catalogue names only real plan flags and every flag but the channel and API ones has an area', () => {
    for (const area of flaggedAreas) expect(planFlags).toContain(area.flag);
    const gated = new Set(flaggedAreas.map((area) => area.flag));
    expect(['useCampaigns', 'useSchedules', 'useInternalChat', 'useOpenAi', 'useIntegrations', 'useKanban'].every((flag) => gated.has(flag as PlanFlag))).toBe(true);
  });

  it('an admin whose plan has every flag off gets 403 ERR_NO_PERMISSION from every flagged route, and nothing changes', async () => {
    const allOff = Object.fromEntries(planFlags.map((flag) => [flag, false]));
    const { company, admin } = await createCompany(t.db, { planFlags: allOff });
    const token = (await t.login(admin.email, TEST_PASSWORD)).token;
    await settle(t.db);
    const before = await companyFingerprint(t.db, company.id);
    const failures: string[] = [];
    for (const route of t.app.routeTable.filter((entry) => entry.planFlag)) {
      const path = concretePath(route.url);
      const answer = await t.request(route.method, path, { token, body: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined });
      if (answer.status !== 403 || (answer.body as { error?: string })?.error !== 'ERR_NO_PERMISSION') {
        failures.push(`${route.method} ${path} (${route.planFlag}) -> ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await companyFingerprint(t.db, company.id)).toEqual(before);
  });
});
