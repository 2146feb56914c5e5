// Issue 17: a bulk campaign whose server process is killed with SIGKILL part-way and started
// again on the same data goes on where it stopped, and each member gets the message exactly once.
// The real server as a child process over real HTTP, on the sandbox channel (the campaign tests'
// channel: the stored outbound message is what was sent, its provider id the channel's receipt).
// PGlite under the data folder by default; the PostgreSQL server when TEST_DATABASE_URL is set.
// CRASH_CAMPAIGN_CONTACTS sets the audience's size (300 by default).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, serverProcess, type ServerProcess } from './support/server-process.ts';
import { callServer, waitFor as waitForWithin } from './support/http.ts';
import { databaseUnderTest, type DatabaseUnderTest } from './support/stored-state.ts';

const CONTACTS = Number(process.env.CRASH_CAMPAIGN_CONTACTS ?? 300);
// SIGKILL once this share of the audience is marked delivered (the campaign still running)
const KILL_AT = [0.2, 0.55];
// short leases: the step and the outbound jobs the killed process held are run again soon after
// the restart rather than a minute later
const LEASE_SECONDS = 5;
const CAMPAIGN_KINDS = ['campaign.start', 'campaign.step', 'message.outbound'];

let dataDir: string;
let database: DatabaseUnderTest;
let server: ServerProcess;
let token: string;

type CampaignReport = {
  status: string;
  completedAt: string | null;
  counts: { contacts: number; delivered: number; failed: number; confirmationRequested: number };
  shipping: { number: string; deliveredAt: string | null; failedAt: string | null }[];
};

const call = (method: string, path: string, body?: unknown) => callServer(server.url, method, path, token, body);

const waitFor = <T>(what: string, probe: () => Promise<T | undefined>) => waitForWithin(what, probe, 240_000);

// The job runner's gauges on /metrics (loopback): the unfinished jobs of these kinds.
const unfinishedJobs = async (kinds: string[]) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^jobs_(waiting|running)\{kind="([^"]+)"\} (\d+)/.exec(line);
    if (match && kinds.includes(match[2])) total += Number(match[3]);
  }
  return total;
};

const memberNumber = (index: number) => `55119${String(80_000_000 + index)}`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'atende-campaign-crash-'));
  database = await databaseUnderTest(dataDir);
  server = serverProcess({
    dataDir,
    port: await freePort(),
    databaseUrl: database.databaseUrl,
    env: { JOBS_LEASE_SECONDS: String(LEASE_SECONDS) },
  });
  await server.start();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a campaign survives a killed server (02-operations §3 Campaign, §4 Campaign status; issue 17)', () => {
  it(`${CONTACTS} members, SIGKILL and restart while sending: EM_ANDAMENTO goes on to FINALIZADA, each member sent to exactly once, the report counts match`, async () => {
    const login = await call('POST', '/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    token = login.body.token;
    const connection = await call('POST', '/sandbox/connections', { name: 'Campaign crash sandbox' });
    expect(connection.status).toBe(201);
    const connectionId: number = connection.body.id;

    // every hour of every day, no pause between messages: a step sends a whole batch
    const settings = await call('POST', '/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, startHour: '00:00', endHour: '23:59', sabado: true, domingo: true },
    });
    expect(settings.status).toBe(200);
    const list = await call('POST', '/contact-lists', { name: 'Crash audience' });
    expect(list.status).toBe(201);
    const numbers = Array.from({ length: CONTACTS }, (_, index) => memberNumber(index));
    for (const [index, number] of numbers.entries()) {
      const item = await call('POST', '/contact-list-items', { contactListId: list.body.id, name: `Member ${index}`, number });
      expect(item.status).toBe(201);
    }

    const created = await call('POST', '/campaigns', {
      name: 'Crash campaign',
      message1: 'Offer for {{name}}',
      contactListId: list.body.id,
      whatsappId: connectionId,
      scheduledAt: new Date().toISOString(),
    });
    expect(created.status).toBe(201);
    const campaignId: number = created.body.id;
    const report = async () => {
      const answer = await call('GET', `/campaigns/${campaignId}`);
      expect(answer.status).toBe(200);
      return answer.body as CampaignReport;
    };

    const deliveredAtKill: number[] = [];
    for (const share of KILL_AT) {
      const seen = await waitFor(`${share} of the campaign delivered`, async () => {
        const current = await report();
        return current.status === 'FINALIZADA' || current.counts.delivered >= Math.ceil(CONTACTS * share) ? current : undefined;
      });
      // the kill must land while the campaign still has members to send to
      expect(seen.status).toBe('EM_ANDAMENTO');
      expect(seen.counts.delivered).toBeLessThan(CONTACTS);
      await server.kill();
      deliveredAtKill.push(seen.counts.delivered);
      await server.start();
      // what was committed before the kill is still there; the campaign is still running
      const after = await report();
      expect(after.counts.delivered).toBeGreaterThanOrEqual(seen.counts.delivered);
      expect(['EM_ANDAMENTO', 'FINALIZADA']).toContain(after.status);
    }

    const finished = await waitFor('FINALIZADA', async () => {
      const current = await report();
      return current.status === 'FINALIZADA' ? current : undefined;
    });
    // the report: every member delivered, none failed, each row marked once
    expect(finished.counts).toMatchObject({ contacts: CONTACTS, delivered: CONTACTS, failed: 0, confirmationRequested: 0 });
    expect(finished.completedAt).not.toBeNull();
    expect(finished.shipping.map((row) => row.number).sort()).toEqual([...numbers].sort());
    expect(finished.shipping.every((row) => row.deliveredAt !== null && row.failedAt === null)).toBe(true);
    // the sends the steps queued have all been handed to the channel
    await waitFor('the outbound jobs', async () => ((await unfinishedJobs(CAMPAIGN_KINDS)) === 0 ? true : undefined));
    console.info(
      `campaign crash on ${database.kind}: ${CONTACTS} members, SIGKILLs at ${deliveredAtKill.join(' and ')} delivered, ${server.outputs.length} starts`,
    );

    await server.stop();
    expect(server.outputs).toHaveLength(1 + KILL_AT.length);
    const stored = await database.readCampaign(campaignId, connectionId);

    // one shipping row per member, delivered, none failed
    expect(stored.shipping).toHaveLength(CONTACTS);
    expect(stored.shipping.map((row) => row.number).sort()).toEqual([...numbers].sort());
    expect(stored.shipping.every((row) => row.deliveredAt !== null && row.failedAt === null && row.contactId !== null)).toBe(true);

    // exactly once: one outbound message per member, its own text, sent (the channel's receipt
    // stored on it), none refused
    const byNumber = new Map<string, string[]>();
    for (const send of stored.sends) byNumber.set(send.number, [...(byNumber.get(send.number) ?? []), send.body]);
    expect(stored.sends).toHaveLength(CONTACTS);
    expect([...byNumber.keys()].sort()).toEqual([...numbers].sort());
    for (const [index, number] of numbers.entries()) expect(byNumber.get(number)).toEqual([`Offer for Member ${index}`]);
    expect(stored.sends.filter((send) => send.providerMessageId === null || send.sendError !== null)).toEqual([]);
    expect(new Set(stored.sends.map((send) => send.providerMessageId)).size).toBe(CONTACTS);
    expect(stored.failedJobs).toEqual([]);
  }, 480_000);
});
