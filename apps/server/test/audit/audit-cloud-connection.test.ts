// Issue 38 point 6: a connection made by connecting a provider's account (the Cloud API) is
// recorded too, its access token masked inside the channel's credentials.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASKED_VALUE, type AuditPage } from '@atende/shared/audit';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startFakeGraph, type FakeGraph } from '../helpers/fake-graph.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ meta: { graphUrl: graph.graphUrl } });
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

describe('audit of connected provider accounts (issue 38 point 6)', () => {
  it('issue 38 point 6: connecting a Cloud API number records connection.create with its access token masked', async () => {
    const tenant = await createCompany(t.db);
    const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
    const phoneNumberId = `10${Date.now()}`;
    graph.addPhoneNumber(phoneNumberId, '+55 11 3333-0000');
    const created = await t.request('POST', '/whatsappapi/connections', { token, body: { name: 'Cloud line', phoneNumberId, accessToken: 'cloud-access-token-secret' } });
    expect(created.status).toBe(201);

    const log = await t.request<AuditPage>('GET', '/audit-log?action=connection.create', { token });
    expect(log.body.entries).toHaveLength(1);
    expect(log.body.entries[0].after).toMatchObject({ name: 'Cloud line', channel: 'whatsappapi', channelConfig: { phoneNumberId, accessToken: MASKED_VALUE } });
    expect(JSON.stringify(log.body)).not.toContain('cloud-access-token-secret');
  });
});
