// Automation rules (issue 40 point 1), on a fresh database of its own (the PostgreSQL server's
// `bench_automation`): what 50 active messageReceived rules in a company add to an inbound message.
// Three companies on the super admin's plan, one per case: no rule; 50 rules whose conditions read
// the message's text (none matching: the hook rules them all out in the process and enqueues
// nothing); 50 rules whose conditions read the ticket (none matching either, but each message then
// enqueues one evaluation job, which reads the ticket and evaluates the 50 rules meanwhile).
// BENCH_AUTOMATION_MESSAGES (300) inbound messages per case are sent one at a time through
// POST /sandbox/{id}/messages to tickets that already exist, a case with rules taking turns message
// by message with the company without rules, so a load that changes during the run (the machine is
// shared) weighs on both alike; the mean and p99 of each, the difference and the drop of the
// ingestion rate (target: under 10%). The ticket case has its own phase: its jobs run while the
// next messages are sent, of either company, so the figure beside it is the cost shared by both.
import { call, freshDatabase, heading, line, login, ms, PASSWORD, startServer, summary, SUPER_EMAIL } from './lib/common.ts';
import { record } from './lib/figures.ts';
import { httpClient } from './lib/load.ts';

const MESSAGES = Number(process.env.BENCH_AUTOMATION_MESSAGES ?? 300);
const RULES = 50;
const CONTACTS = 50;

const cases = ['none', 'text', 'ticket'] as const;
type Case = (typeof cases)[number];
type Tenant = { which: Case; connection: { id: number }; client: ReturnType<typeof httpClient>; samples: number[] };

const conditionsOf = (kind: Exclude<Case, 'none'>, index: number) =>
  kind === 'text'
    ? { match: 'all', groups: [{ match: 'any', conditions: [{ kind: 'textContains', text: `refund-${index}` }, { kind: 'textMatches', pattern: `^order #${index}\\d+$` }] }] }
    : { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'status', statuses: ['closed'] }, { kind: 'priority', priorities: ['urgent'] }] }] };

export const benchAutomation = async () => {
  heading(`Automation: the cost of ${RULES} active rules per inbound message (PostgreSQL, fresh database)`);
  const server = await startServer(await freshDatabase('bench_automation'));
  try {
    const superSession = await login(server.url, SUPER_EMAIL);
    const [{ planId }] = await call<{ planId: number }[]>(server.url, 'GET', '/companies', superSession.token);
    const tenants: Tenant[] = [];
    for (const which of cases) {
      const email = `automation-${which}@bench.test`;
      await call(server.url, 'POST', '/companies', superSession.token, { name: `Bench automation ${which}`, email, planId, password: PASSWORD });
      const { token } = await login(server.url, email);
      const connection = await call<{ id: number }>(server.url, 'POST', '/sandbox/connections', token, { name: `Bench ${which}` });
      if (which !== 'none') {
        for (let index = 0; index < RULES; index += 1) {
          const rule = { name: `Bench rule ${index + 1}`, trigger: 'messageReceived', position: index, conditions: conditionsOf(which, index), actions: [{ kind: 'setPriority', priority: 'high' }] };
          await call(server.url, 'POST', '/automation-rules', token, rule);
        }
      }
      tenants.push({ which, connection, client: httpClient(server.url, token, 1), samples: [] });
    }
    let sent = 0;
    const send = async (tenant: Tenant, index: number) => {
      const at = performance.now();
      const status = await tenant.client.send('POST', `/sandbox/${tenant.connection.id}/messages`, {
        from: `55318${String(10_000_000 + (index % CONTACTS)).slice(1)}`,
        name: `Bench ${index % CONTACTS}`,
        body: `${tenant.which} ${index}`,
        providerMessageId: `${tenant.which}-${sent++}`,
      });
      if (status !== 201) throw new Error(`inbound ${tenant.which} ${index}: ${status}`);
      return performance.now() - at;
    };
    // every contact's ticket exists before anything is measured
    for (let index = 0; index < CONTACTS; index += 1) for (const tenant of tenants) await send(tenant, index);
    // the target's case first, without any job: the two companies alternate; then the ticket case
    // against the same company without rules, in a phase of its own, since its jobs run during the
    // next messages, whichever company they are for
    const alternate = async (pair: Tenant[], count: number) => {
      for (let index = 0; index < count; index += 1) for (const tenant of index % 2 ? [...pair].reverse() : pair) tenant.samples.push(await send(tenant, index));
    };
    const [none, text, ticket] = tenants;
    await alternate([none, text], MESSAGES);
    const noneBefore = none.samples.length;
    await alternate([none, ticket], MESSAGES);
    for (const tenant of tenants) tenant.client.close();

    const figuresOf = (samples: number[]) => ({ ...summary(samples), mean: samples.reduce((total, sample) => total + sample, 0) / samples.length });
    const figures: Record<Case | 'noneBesideTicket', ReturnType<typeof figuresOf>> = {
      none: figuresOf(none.samples.slice(0, noneBefore)),
      text: figuresOf(text.samples),
      noneBesideTicket: figuresOf(none.samples.slice(noneBefore)),
      ticket: figuresOf(ticket.samples),
    };
    const drop = (base: Case | 'noneBesideTicket', which: Case) => ((1 - figures[base].mean / figures[which].mean) * 100).toFixed(1);
    // the median is the steadier figure on a shared machine, whose other work makes rare long outliers
    const dropOfMedian = (base: Case | 'noneBesideTicket', which: Case) => ((1 - figures[base].p50 / figures[which].p50) * 100).toFixed(1);
    record('automation: inbound message mean, no rule', figures.none.mean, 'ms');
    record(`automation: inbound message mean, ${RULES} rules`, figures.text.mean, 'ms');
    record(`automation: inbound message mean, ${RULES} rules reading the ticket`, figures.ticket.mean, 'ms');
    line('| inbound messages (one at a time) | active rules | mean | p50 | p99 |');
    line('|---|---|---|---|---|');
    const row = (which: Case | 'noneBesideTicket', rules: string) => line(`| ${MESSAGES} | ${rules} | ${ms(figures[which].mean)} | ${ms(figures[which].p50)} | ${ms(figures[which].p99)} |`);
    row('none', '0');
    row('text', `${RULES} on the message's text`);
    row('noneBesideTicket', '0 (beside the next case)');
    row('ticket', `${RULES} on the ticket`);
    line(`\nadded per inbound message with ${RULES} rules on the text: ${ms(figures.text.mean - figures.none.mean)} (mean), ${ms(figures.text.p50 - figures.none.p50)} (p50); ingestion rate ${drop('none', 'text')}% lower by the mean, ${dropOfMedian('none', 'text')}% by the median (target: under 10%)`);
    line(`added per inbound message with ${RULES} rules on the ticket (one evaluation job each): ${ms(figures.ticket.mean - figures.noneBesideTicket.mean)} (mean), ${ms(figures.ticket.p50 - figures.noneBesideTicket.p50)} (p50); ingestion rate ${drop('noneBesideTicket', 'ticket')}% lower by the mean, ${dropOfMedian('noneBesideTicket', 'ticket')}% by the median\n`);
  } finally {
    await server.stop();
  }
};
