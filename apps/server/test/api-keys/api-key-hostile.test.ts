// Issue 37 "Bad input": forged, cut, padded and oversized keys, and the keys of a deleted user,
// on every route that takes a caller: each answers 401, none a server error, and nothing changes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { companyFingerprint, settle } from '../sweeps/support/snapshot.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    rateLimit: { windowSeconds: 60, maxPerIp: 1_000_000, refreshMaxPerIp: 1000, messagesApiMaxPerToken: 1000, signupMaxPerIp: 1000, apiKeyMax: 1_000_000 },
  });
});
afterAll(() => t?.close());

const concretePath = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('hostile API keys (issue 37 Bad input)', () => {
  it('issue 37 point 2: a forged, cut, padded, oversized or orphaned key answers 401 on every route that takes a caller, and changes nothing', async () => {
    const a = await setupAttendance(t);
    const created = await t.request<{ key: string; prefix: string }>('POST', '/api-keys', { token: a.adminSession.token, body: { name: 'Real', scopes: ['tickets:write'] } });
    const real = created.body.key;
    const leaver = await createUser(t.db, a.company.id, { profile: 'admin' });
    const leaverSession = await t.login(leaver.email, TEST_PASSWORD);
    const orphan = (await t.request<{ key: string }>('POST', '/api-keys', { token: leaverSession.token, body: { name: 'Orphan', scopes: ['tickets:write'] } })).body.key;
    await t.db.delete(users).where(eq(users.id, leaver.id));

    const hostile = {
      'secret changed': `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
      'secret cut': real.slice(0, -10),
      // only the mark stays: a bearer token without it is read as a sign-in's token (403, refresh)
      'upper-cased': `atk_${real.slice(4).toUpperCase()}`,
      'padded inside': real.replace('_', '__'),
      'prefix only': `atk_${created.body.prefix}_`,
      oversized: `atk_${'a'.repeat(8_000)}`,
      'of a deleted user': orphan,
      'sql in it': "atk_x' or '1'='1",
    };
    await settle(t.db);
    const before = await companyFingerprint(t.db, a.company.id);
    const routes = t.app.routeTable.filter((route) => route.access !== 'public');
    const failures: string[] = [];
    for (const route of routes) {
      for (const [kind, key] of Object.entries(hostile)) {
        const answer = await t.request(route.method, concretePath(route.url), { token: key, body: ['POST', 'PUT'].includes(route.method) ? {} : undefined });
        if (answer.status !== 401) failures.push(`${route.method} ${route.url} with a key ${kind} -> ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
    await settle(t.db);
    expect(await companyFingerprint(t.db, a.company.id)).toEqual(before);
    // the real key still works
    expect((await t.request('GET', '/tickets', { token: real })).status).toBe(200);
  }, 120_000);
});
