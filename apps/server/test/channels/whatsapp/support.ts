// A company with a WhatsApp connection whose session runs on a fake Baileys socket.
import { Readable } from 'node:stream';
import type { WAMessage } from '@whiskeysockets/baileys';
import { createCompany, TEST_PASSWORD } from '../../factories/company.factory.ts';
import { fakeWhatsapp, type FakeWhatsappSocket } from '../../helpers/fake-whatsapp.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';
import type { Config } from '../../../src/config.ts';
import type { Clock } from '../../../src/platform/clock.ts';

// fast reconnects so a test does not wait on production backoff
export const testTimings = { reconnectBaseMs: 20, reconnectMaxMs: 200, leaseSeconds: 10 };

// alongside: another server of the same deployment (same database and token secrets)
// overrides: settings of the app under test (the AI services' fakes, for one)
// clock: the app's clock, for a test that moves time by hand
export const startWhatsappApp = async (alongside?: TestApp, overrides: Partial<Config> = {}, clock?: Clock) => {
  const whatsapp = fakeWhatsapp();
  // a Buffer, or a stream for media too large to make in memory
  const media = new Map<string, Buffer | Readable>();
  const t = await startTestApp(
    { ...overrides, ...(alongside ? { jwtSecret: alongside.config.jwtSecret, jwtRefreshSecret: alongside.config.jwtRefreshSecret } : {}) },
    {
      ...(clock && { clock }),
      whatsapp: {
        socketFactory: whatsapp.factory,
        timings: testTimings,
        importQuietMs: 50,
        // the media "on WhatsApp's servers": what a test put there for a message id
        downloadMedia: async (message) => {
          const data = media.get(message.key.id ?? '');
          if (!data) throw new Error('no such media');
          return Buffer.isBuffer(data) ? Readable.from([data]) : data;
        },
      },
      ...(alongside && { database: alongside.database }),
    },
  );
  return { t, whatsapp, media };
};

export const waitFor = async <T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const setupWhatsappCompany = async (t: TestApp, whatsapp: ReturnType<typeof fakeWhatsapp>, values: Record<string, unknown> = {}) => {
  const { company, admin } = await createCompany(t.db);
  const session = await t.login(admin.email, TEST_PASSWORD);
  const created = await t.request('POST', '/whatsapp', { token: session.token, body: { name: 'WhatsApp Loja', channel: 'whatsapp', ...values } });
  if (created.status !== 201) throw new Error(`whatsapp connection: ${JSON.stringify(created.body)}`);
  const connectionId = created.body.id as number;
  const socket = await waitFor(() => whatsapp.latest(connectionId), 'the session socket');
  return { company, admin, session, connectionId, socket };
};

export const connectionOf = async (t: TestApp, token: string, connectionId: number) =>
  (await t.request('GET', `/whatsapp/${connectionId}`, { token })).body as { status: string; qrcode: string; number: string; statusImportMessages: string | null };

let sequence = 0;
export const waMessage = (
  from: string,
  message: WAMessage['message'],
  extra: { fromMe?: boolean; pushName?: string; participant?: string; id?: string } = {},
): WAMessage => ({
  key: { remoteJid: from, fromMe: extra.fromMe ?? false, id: extra.id ?? `3EB0${Date.now().toString(16)}${(sequence++).toString(16)}`.toUpperCase(), participant: extra.participant },
  message,
  pushName: extra.pushName ?? 'Maria Cliente',
  messageTimestamp: Math.floor(Date.now() / 1000),
});

export const deliver = (socket: FakeWhatsappSocket, ...messages: WAMessage[]) => socket.emit('messages.upsert', { messages, type: 'notify' });
