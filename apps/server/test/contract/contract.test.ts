// The spec's §7 calls accepted the way the product family's clients send them (issue 13; the
// spec: "implement them as written, so that integrations written against it keep working").
// Every call the route table serves is sent as such a client sends it — the path with and
// without its trailing slash, an unknown query parameter and body field, loose types, records
// read back from a GET — and must not be refused; its answer must carry what the spec's
// "Answer use" column names.
import { afterAll, describe, expect, it } from 'vitest';
import { EFI_CLIENT_ID, EFI_CLIENT_SECRET, EFI_PIX_KEY, startFakeEfiPix } from '../helpers/fake-efi-pix.ts';
import { startFakeGraph } from '../helpers/fake-graph.ts';
import { startFakeDialogflow } from '../helpers/fake-integrations.ts';
import { startTestApp } from '../helpers/test-app.ts';
import { sendRaw } from '../sweeps/support/answers.ts';
import { createWorld, FAMILY_SERVICE_ACCOUNT, familyRequests, type FamilyCall, type FamilyRequest } from './family-requests.ts';
import { sameCall, specCalls, specPath, type SpecCall } from './spec-calls.ts';

const graph = await startFakeGraph();
const efi = await startFakeEfiPix();
const dialogflow = await startFakeDialogflow(FAMILY_SERVICE_ACCOUNT.publicKey);
const t = await startTestApp({
  integrations: { dialogflowUrl: dialogflow.url, timeoutMs: 5000 },
  meta: { graphUrl: graph.graphUrl },
  pix: { baseUrl: efi.baseUrl, clientId: EFI_CLIENT_ID, clientSecret: EFI_CLIENT_SECRET, key: EFI_PIX_KEY, chargeExpirationSeconds: 3600, timeoutMs: 5000 },
});
const world = await createWorld(t, graph);
const requests = familyRequests(world);

afterAll(async () => {
  await t.close();
  await graph.close();
  await efi.close();
  await dialogflow.close();
});

const withoutSlash = (call: string) => call.replace(/\/$/, '');
// one entry per call: the three spec files repeat some, with or without the slash; the first stays
const uniqueCalls = specCalls.filter((entry, index) => specCalls.findIndex((other) => withoutSlash(other.call) === withoutSlash(entry.call)) === index);
const served = uniqueCalls.filter((entry) => t.app.routeTable.some((route) => sameCall(entry.call, route.method, route.url)));
const requestFor = (entry: SpecCall) => requests[entry.call] ?? requests[`${entry.call}/`] ?? requests[withoutSlash(entry.call)];
// calls that remove or close what others use run last
const destructive = (entry: SpecCall) => entry.call.startsWith('DELETE ') || entry.call.includes('closeAll');
const walk = [...served].sort((x, y) => Number(destructive(x)) - Number(destructive(y)));

const valueAt = (body: unknown, keyPath: string) =>
  keyPath.split('.').reduce<unknown>((value, key) => (value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key]), body);

// The path as the spec writes it, or with the trailing slash toggled, plus a parameter nobody knows.
const pathOf = (entry: SpecCall, request: FamilyRequest, toggleSlash: boolean) => {
  const written = specPath(entry.call, request.values);
  const path = toggleSlash ? (written.endsWith('/') ? written.slice(0, -1) : `${written}/`) : written;
  const query = new URLSearchParams(Object.entries({ ...request.query, language: 'pt' }).map(([key, value]) => [key, String(value)]));
  return `${path}?${query}`;
};

const send = async (entry: SpecCall, call: FamilyCall, toggleSlash: boolean) => {
  const request = await call.send();
  const method = entry.call.split(' ')[0];
  const path = pathOf(entry, request, toggleSlash);
  const token = 'token' in request ? request.token : world.admin;
  const body = request.form ? request.form() : request.body ? JSON.stringify({ ...request.body, language: 'pt' }) : undefined;
  const contentType = request.body ? 'application/json' : undefined;
  const answer = await sendRaw(t.url, method, path, { token, cookie: request.cookie, body, contentType });
  const parsed: unknown = answer.text ? JSON.parse(answer.text) : undefined;
  return { path, sent: body, status: answer.status, body: parsed };
};

describe('the spec’s calls as the product family sends them (issue 13; 01-core, 02-operations, 03-saas §7)', () => {
  it('the walk has the family’s request for every §7 call the route table serves', () => {
    expect(served.length).toBeGreaterThan(70);
    expect(served.filter((entry) => !requestFor(entry)).map((entry) => entry.call)).toEqual([]);
    // and every request written names a served call, as the spec writes it
    const servedCalls = new Set(served.map((entry) => withoutSlash(entry.call)));
    expect(Object.keys(requests).filter((call) => !servedCalls.has(withoutSlash(call)))).toEqual([]);
  });

  for (const entry of walk) {
    it(`${entry.call}, with and without its trailing slash (${entry.spec})`, async () => {
      const call = requestFor(entry);
      for (const toggleSlash of [false, true]) {
        const answer = await send(entry, call, toggleSlash);
        const explained = `${entry.call} as ${answer.path} with ${typeof answer.sent === 'string' ? answer.sent.slice(0, 400) : answer.sent ? 'a form' : 'no body'} -> ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 400)}`;
        const accepted = answer.status < 300 || (call.alsoFine ?? []).includes(answer.status);
        expect(accepted, explained).toBe(true);
        for (const key of call.answer ?? []) {
          if (key === '[]') expect(Array.isArray(answer.body), `${explained}: a list`).toBe(true);
          else expect(valueAt(answer.body, key), `${explained}: ${key}`).toBeDefined();
        }
      }
    });
  }
});

describe('empty and null values the family sends (issue 13)', () => {
  it("'' on an optional id leaves the stored value; null on a nullable one clears it", async () => {
    const { a, admin, get } = world;
    const userId = (await world.post('/users', { name: 'Rita Family', email: `rita-${world.number()}@family.test`, password: 'secret-1' })).id;
    const save = async (whatsappId: unknown) => {
      const answer = await t.request('PUT', `/users/${userId}`, { token: admin, body: { ...(await get(`/users/${userId}`)), password: '', whatsappId } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.whatsappId;
    };
    expect(await save(String(a.connection.id))).toBe(a.connection.id);
    expect(await save('')).toBe(a.connection.id);
    expect(await save(null)).toBeNull();
  });
});
