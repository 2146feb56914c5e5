// A 10,000-contact campaign's scheduling overhead (issue 17), on a fresh database of its own
// (the PostgreSQL server's `bench_campaigns`; the shared `bench` database is not touched): the
// list is imported from a CSV, the pacing set to no pause inside an always-open window, and the
// campaign scheduled to start now. Figures: the time until every contact has its shipping row
// (the audience expanded), until the campaign is FINALIZADA (each message written, its delivery
// queued, its row marked), and that time per contact. The sandbox channel delivers meanwhile.
// BENCH_CAMPAIGN_CONTACTS (10000) narrows the run.
import { loadavg } from 'node:os';
import { call, freshDatabase, heading, line, login, ms, startServer, SUPER_EMAIL } from './lib/common.ts';

const CONTACTS = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 10_000);
const POLL_MS = 200;

type CampaignRecord = { id: number; status: string; counts: { contacts: number; delivered: number; failed: number } };

const pause = (duration: number) => new Promise((done) => setTimeout(done, duration));

export const benchCampaigns = async () => {
  heading(`Campaigns: a ${CONTACTS.toLocaleString('en')}-contact campaign's scheduling overhead (PostgreSQL, fresh database)`);
  const server = await startServer(await freshDatabase('bench_campaigns'));
  try {
    const { token } = await login(server.url, SUPER_EMAIL);
    const connection = await call<{ id: number }>(server.url, 'POST', '/sandbox/connections', token, { name: 'Bench campaigns' });
    const list = await call<{ id: number }>(server.url, 'POST', '/contact-lists', token, { name: 'Bench audience' });
    const rows = Array.from({ length: CONTACTS }, (_, index) => `Cliente ${index + 1};55119${String(index + 1).padStart(8, '0')};`);
    const form = new FormData();
    form.append('file', new Blob([`nome;numero;email\n${rows.join('\n')}\n`]), 'audience.csv');
    const upload = await fetch(`${server.url}/contact-lists/${list.id}/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    while ((await call<{ contactsCount: number }>(server.url, 'GET', `/contact-lists/${list.id}`, token)).contactsCount < CONTACTS) await pause(POLL_MS);
    await call(server.url, 'POST', '/campaign-settings', token, {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, startHour: '00:00', endHour: '23:59', sabado: true, domingo: true },
    });
    const campaign = await call<CampaignRecord>(server.url, 'POST', '/campaigns', token, { name: 'Bench campaign', message1: 'Olá {{firstName}}', contactListId: list.id, whatsappId: connection.id });

    const started = performance.now();
    await call(server.url, 'PUT', `/campaigns/${campaign.id}`, token, { scheduledAt: new Date().toISOString() });
    const read = async () => (await call<{ records: CampaignRecord[] }>(server.url, 'GET', '/campaigns?searchParam=Bench', token)).records[0];
    let expandedAt: number | undefined;
    let current = await read();
    while (current.status !== 'FINALIZADA') {
      if (expandedAt === undefined && current.counts.contacts === CONTACTS) expandedAt = performance.now();
      await pause(POLL_MS);
      current = await read();
    }
    const finishedAt = performance.now();
    expandedAt ??= finishedAt;
    const [load1, load5] = loadavg();
    line('| contacts | audience expanded (shipping rows) | campaign FINALIZADA | per contact | delivered | failed | load average (1, 5 min) |');
    line('|---|---|---|---|---|---|---|');
    line(
      `| ${CONTACTS} | ${ms(expandedAt - started)} | ${ms(finishedAt - started)} | ${ms((finishedAt - started) / CONTACTS)} | ${current.counts.delivered} | ${current.counts.failed} | ${load1.toFixed(1)}, ${load5.toFixed(1)} |`,
    );
  } finally {
    await server.stop();
  }
};
