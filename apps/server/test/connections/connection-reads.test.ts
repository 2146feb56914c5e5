// Connections read by requests that arrive together (connections.repo.ts readConnectionOfChannel
// and readConnectionByExternalId, issue 21 ingestion): one statement answers all of them, and each
// request still gets its own company's connection; another company's is not found (01-core §6,
// §8 ERR_NO_WAPP_FOUND), and a webhook's account id finds the connection of its own channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConnectionByExternalId, readConnectionOfChannel } from '../../src/modules/connections/connections.repo.ts';
import { connections } from '../../src/db/schema.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('connections read together (01-core §6 tenancy, issue 21)', () => {
  it("deliveries at once to two companies' sandboxes each reach their own; one to another company's connection is not found", async () => {
    const a = await setupAttendance(t);
    const b = await setupAttendance(t);
    const send = (token: string, connectionId: number, index: number) =>
      t.request('POST', `/sandbox/${connectionId}/messages`, {
        token,
        body: { from: `551190000${String(index).padStart(4, '0')}`, name: `Burst ${index}`, body: `burst ${index}`, providerMessageId: `burst-${connectionId}-${index}` },
      });
    const answers = await Promise.all([
      ...[0, 1, 2, 3].map((index) => send(a.adminSession.token, a.connection.id, index)),
      ...[4, 5, 6, 7].map((index) => send(b.adminSession.token, b.connection.id, index)),
      send(a.adminSession.token, b.connection.id, 8),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 404]);
    expect(answers[8].body).toEqual({ error: 'ERR_NO_WAPP_FOUND' });
    const ticketOf = async (token: string, ticketId: number) => (await t.request('GET', `/tickets/${ticketId}`, { token })).body as { whatsappId: number };
    for (const [index, answer] of answers.slice(0, 8).entries()) {
      const owner = index < 4 ? a : b;
      expect((await ticketOf(owner.adminSession.token, (answer.body as { ticketId: number }).ticketId)).whatsappId).toBe(owner.connection.id);
    }
  });

  it('reads asked in one turn share a statement and each gets its own row, of its company and channel only', async () => {
    const a = await setupAttendance(t);
    const b = await setupAttendance(t);
    const [other] = await t.db.insert(connections).values({ companyId: a.company.id, name: 'Não sandbox', channel: 'whatsapp' }).returning();
    const asked = [
      { companyId: a.company.id, connectionId: a.connection.id },
      { companyId: b.company.id, connectionId: b.connection.id },
      { companyId: a.company.id, connectionId: b.connection.id },
      { companyId: a.company.id, connectionId: other.id },
      { companyId: b.company.id, connectionId: b.connection.id },
    ];
    const rows = await Promise.all(asked.map(({ companyId, connectionId }) => readConnectionOfChannel(t.db, companyId, connectionId, 'sandbox')));
    expect(rows.map((row) => row && { id: row.id, companyId: row.companyId })).toEqual([
      { id: a.connection.id, companyId: a.company.id },
      { id: b.connection.id, companyId: b.company.id },
      undefined,
      undefined,
      { id: b.connection.id, companyId: b.company.id },
    ]);
  });

  it("webhook routing reads asked together: each account id finds its own channel's connection, of whichever company", async () => {
    const a = await setupAttendance(t);
    const b = await setupAttendance(t);
    const stamp = String(Date.now());
    const [page] = await t.db.insert(connections).values({ companyId: a.company.id, name: 'Página', channel: 'facebook', externalId: `page-${stamp}` }).returning();
    const [instagram] = await t.db.insert(connections).values({ companyId: b.company.id, name: 'Instagram', channel: 'instagram', externalId: `page-${stamp}` }).returning();
    const [number] = await t.db.insert(connections).values({ companyId: b.company.id, name: 'Cloud', channel: 'whatsappapi', externalId: `phone-${stamp}` }).returning();
    const asked = [
      { channel: 'facebook', externalId: `page-${stamp}` },
      { channel: 'instagram', externalId: `page-${stamp}` },
      { channel: 'whatsappapi', externalId: `phone-${stamp}` },
      { channel: 'whatsappapi', externalId: `page-${stamp}` },
      { channel: 'facebook', externalId: `unknown-${stamp}` },
      { channel: 'facebook', externalId: `page-${stamp}` },
    ] as const;
    const rows = await Promise.all(asked.map(({ channel, externalId }) => readConnectionByExternalId(t.db, channel, externalId)));
    expect(rows.map((row) => row && { id: row.id, companyId: row.companyId })).toEqual([
      { id: page.id, companyId: a.company.id },
      { id: instagram.id, companyId: b.company.id },
      { id: number.id, companyId: b.company.id },
      undefined,
      undefined,
      { id: page.id, companyId: a.company.id },
    ]);
  });
});
