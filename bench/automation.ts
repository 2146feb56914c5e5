// Automation rules (issue 40 point 1), on a fresh database of its own (the PostgreSQL server's
// `bench_automation`): what 50 active messageReceived rules in a company add to an inbound
// message. BENCH_AUTOMATION_MESSAGES (300) inbound messages are sent one at a time through
// POST /sandbox/{id}/messages with no rule, then as many with 50 rules (each message then enqueues
// one evaluation job in its transaction; the job runner evaluates the 50 rules meanwhile, none
// matching, so every rule's conditions are read); the mean and p99 of each, the difference and the
// drop of the ingestion rate (target: under 10%).
import { call, freshDatabase, heading, line, login, ms, startServer, summary, SUPER_EMAIL } from './lib/common.ts';
import { record } from './lib/figures.ts';
import { httpClient } from './lib/load.ts';

const MESSAGES = Number(process.env.BENCH_AUTOMATION_MESSAGES ?? 300);
const RULES = 50;

export const benchAutomation = async () => {
  heading(`Automation: the cost of ${RULES} active rules per inbound message (PostgreSQL, fresh database)`);
  const server = await startServer(await freshDatabase('bench_automation'));
  try {
    const { token } = await login(server.url, SUPER_EMAIL);
    const connection = await call<{ id: number }>(server.url, 'POST', '/sandbox/connections', token, { name: 'Bench automation' });
    const client = httpClient(server.url, token, 1);
    const sequential = async (label: string) => {
      const samples: number[] = [];
      for (let index = 0; index < MESSAGES; index += 1) {
        const from = `55318${String(10_000_000 + (index % 50)).slice(1)}`;
        const at = performance.now();
        const status = await client.send('POST', `/sandbox/${connection.id}/messages`, { from, name: `Bench ${index % 50}`, body: `${label} ${index}`, providerMessageId: `${label}-${index}` });
        samples.push(performance.now() - at);
        if (status !== 201) throw new Error(`inbound ${label} ${index}: ${status}`);
      }
      return { ...summary(samples), mean: samples.reduce((total, sample) => total + sample, 0) / samples.length };
    };

    const none = await sequential('none');
    for (let index = 0; index < RULES; index += 1) {
      await call(server.url, 'POST', '/automation-rules', token, {
        name: `Bench rule ${index + 1}`,
        trigger: 'messageReceived',
        position: index,
        conditions: { match: 'all', groups: [{ match: 'any', conditions: [{ kind: 'textContains', text: `refund-${index}` }, { kind: 'textMatches', pattern: `^order #${index}\\d+$` }] }] },
        actions: [{ kind: 'setPriority', priority: 'high' }],
      });
    }
    const fifty = await sequential('rules');
    client.close();

    const drop = 1 - none.mean / fifty.mean;
    record('automation: inbound message mean, no rule', none.mean, 'ms');
    record(`automation: inbound message mean, ${RULES} rules`, fifty.mean, 'ms');
    line('| inbound messages (one at a time) | active rules | mean | p50 | p99 |');
    line('|---|---|---|---|---|');
    line(`| ${MESSAGES} | 0 | ${ms(none.mean)} | ${ms(none.p50)} | ${ms(none.p99)} |`);
    line(`| ${MESSAGES} | ${RULES} | ${ms(fifty.mean)} | ${ms(fifty.p50)} | ${ms(fifty.p99)} |`);
    line(`\nadded per inbound message with ${RULES} rules: ${ms(fifty.mean - none.mean)} (mean), ${ms(fifty.p50 - none.p50)} (p50); ingestion rate ${(drop * 100).toFixed(1)}% lower (target: under 10%)\n`);
  } finally {
    await server.stop();
  }
};
