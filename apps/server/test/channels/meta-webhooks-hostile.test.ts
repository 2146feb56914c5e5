// Correctly signed but hostile webhook bodies (issue 6 Bad input): arbitrary JSON and real
// deliveries with one part replaced by anything. Never a 5xx; a refused delivery stores nothing.
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, tickets } from '../../src/db/schema.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { deliverWebhook, startFakeGraph, type FakeGraph } from '../helpers/fake-graph.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SECRET = 'hostile-secret';
const RUNS = 60;

let t: TestApp;
let graph: FakeGraph;
let phoneNumberId = '';
let pageId = '';
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ meta: { graphUrl: graph.graphUrl, appSecret: SECRET, verifyToken: 'v' } });
  const a = await setupAttendance(t);
  phoneNumberId = '31000000001';
  graph.addPhoneNumber(phoneNumberId, '5511300000000');
  await t.request('POST', '/whatsappapi/connections', { token: a.adminSession.token, body: { name: 'Cloud', phoneNumberId, accessToken: 'cloud-token-1' } });
  pageId = '41000000001';
  graph.setPages([{ id: pageId, name: 'Page', access_token: 'page-token-1' }]);
  await t.request('POST', '/facebook', { token: a.adminSession.token, body: { facebookUserId: '51000000001', facebookUserToken: 'user-token-1' } });
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

const cloudDelivery = () => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'waba',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '5511300000000', phone_number_id: phoneNumberId },
            contacts: [{ profile: { name: 'Cliente' }, wa_id: '5511944440000' }],
            messages: [
              { from: '5511944440000', id: 'wamid.hostile-text', timestamp: '1700000000', type: 'text', text: { body: 'oi' } },
              { from: '5511944440000', id: 'wamid.hostile-image', timestamp: '1700000000', type: 'image', image: { id: 'missing-media', mime_type: 'image/png' } },
            ],
            statuses: [{ id: 'wamid.none', status: 'read', timestamp: '1700000000', recipient_id: '5511944440000' }],
          },
        },
      ],
    },
  ],
});

const pageDelivery = () => ({
  object: 'page',
  entry: [
    {
      id: pageId,
      time: 1700000000000,
      messaging: [
        { sender: { id: '6100000000001' }, recipient: { id: pageId }, timestamp: 1700000000000, message: { mid: 'm_hostile', text: 'oi', attachments: [{ type: 'image', payload: { url: graph.graphUrl.replace('/v20.0', '/cdn/missing.png') } }] } },
        { sender: { id: '6100000000001' }, recipient: { id: pageId }, timestamp: 1700000000000, delivery: { mids: ['m_none'], watermark: 1700000000000 } },
      ],
    },
  ],
});

// Every path of a JSON value, so one of them can be replaced.
const pathsOf = (value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> => {
  if (value === null || typeof value !== 'object') return [prefix];
  const keys = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
  return [prefix, ...keys.flatMap((key) => pathsOf((value as Record<string | number, unknown>)[key], [...prefix, key]))];
};

const replaceAt = (value: unknown, path: Array<string | number>, replacement: unknown): unknown => {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[path[path.length - 1]] = replacement;
  return copy;
};

const mutated = (base: () => unknown) =>
  fc
    .tuple(fc.nat(), fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 5000 }), fc.constantFrom(null, -1, 1e308, '', [], {})))
    .map(([choice, replacement]) => {
      const value = base();
      const paths = pathsOf(value);
      return replaceAt(value, paths[choice % paths.length], replacement);
    });

const stored = async () =>
  Promise.all([messages, tickets, contacts].map(async (table) => (await t.db.select({ value: count() }).from(table))[0].value));

describe('signed hostile webhook bodies (issue 6 Bad input)', () => {
  for (const [path, base] of [
    ['/webhooks/whatsappapi', cloudDelivery],
    ['/webhooks/facebook', pageDelivery],
  ] as const) {
    it(`${path}: no 5xx, and a refused delivery stores nothing (02-operations §7 Connections)`, async () => {
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(fc.oneof(mutated(base), fc.jsonValue({ maxDepth: 4 })), async (payload) => {
          const before = await stored();
          const answer = await deliverWebhook(t, path, payload, { secret: SECRET });
          statuses.add(answer.status);
          expect(answer.status, JSON.stringify(payload).slice(0, 500)).toBeLessThan(500);
          if (answer.status >= 400) expect(await stored()).toEqual(before);
        }),
        { numRuns: RUNS, seed: 20_261_122 },
      );
      expect([...statuses].sort()).toEqual([200, 400]);
    });
  }
});
