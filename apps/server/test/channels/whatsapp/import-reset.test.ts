import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappAuthKeys } from '../../../src/db/schema.ts';
import { createQueue } from '../../factories/company.factory.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { connectionOf, setupWhatsappCompany, startWhatsappApp, waitFor } from './support.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
beforeAll(async () => {
  ({ t, whatsapp } = await startWhatsappApp());
});
afterAll(() => t?.close());

const lastMonth = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

const connected = async () => {
  const setup = await setupWhatsappCompany(t, whatsapp);
  setup.socket.open();
  await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
  await waitFor(async () => (await t.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.connectionId, setup.connectionId))).length > 0, 'stored creds');
  const queue = await createQueue(t.db, setup.company.id);
  const edit = (body: Record<string, unknown>) => t.request('PUT', `/whatsapp/${setup.connectionId}`, { token: setup.session.token, body });
  return { ...setup, queue, edit };
};

describe('Editing a connected WhatsApp connection with import enabled (02-operations §4 Message import)', () => {
  it('resets it to qrcode and starts a new session without the old credentials, asking WhatsApp for the full history', async () => {
    const c = await connected();
    const edited = await c.edit({ enableImportMessage: true, importOldMessages: lastMonth(), queueIdImportMessages: c.queue.id });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'qrcode', qrcode: '', enableImportMessage: true });

    const fresh = await waitFor(() => (whatsapp.of(c.connectionId).length === 2 ? whatsapp.latest(c.connectionId) : undefined), 'a new session');
    expect(c.socket.ended).toBe(true);
    expect(c.socket.loggedOut).toBe(false);
    expect(fresh.options.auth.creds.me).toBeUndefined();
    expect(fresh.options.auth.creds.noiseKey.private).not.toEqual(c.socket.options.auth.creds.noiseKey.private);
    expect(fresh.options.syncFullHistory).toBe(true);
    fresh.showQr('2@import');
    await waitFor(async () => {
      const connection = await connectionOf(t, c.session.token, c.connectionId);
      return connection.status === 'qrcode' && connection.qrcode === '2@import';
    }, 'the new QR');
  });

  it('keeps the session when import stays off (02-operations §4 Message import)', async () => {
    const c = await connected();
    const edited = await c.edit({ name: 'Loja Centro', importOldMessages: lastMonth(), queueIdImportMessages: c.queue.id });
    expect(edited.body).toMatchObject({ status: 'CONNECTED', name: 'Loja Centro' });
    expect(whatsapp.of(c.connectionId)).toHaveLength(1);
    expect(c.socket.ended).toBe(false);
    expect((await connectionOf(t, c.session.token, c.connectionId)).status).toBe('CONNECTED');
  });

  it('a refused edit leaves the session alone (02-operations §5 Import dates)', async () => {
    const c = await connected();
    const refused = await c.edit({ enableImportMessage: true, importOldMessages: lastMonth() });
    expect(refused.status).toBe(400);
    expect(whatsapp.of(c.connectionId)).toHaveLength(1);
    expect((await connectionOf(t, c.session.token, c.connectionId)).status).toBe('CONNECTED');
  });
});
