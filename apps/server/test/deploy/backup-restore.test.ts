// Issue 34 point 5: a backup restores. A server with a ticket, its messages and an uploaded file
// is stopped and backed up with `npm run backup`; `npm run restore` puts the backup into a fresh
// data folder and a fresh database, and a server started on them answers the same ticket, the same
// messages and the same file. PGlite by default; the PostgreSQL server when TEST_DATABASE_URL is set.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callServer } from '../crash/support/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, serverProcess, type ServerProcess } from '../crash/support/server-process.ts';
import { databaseUnderTest, type DatabaseUnderTest } from '../crash/support/stored-state.ts';

const root = resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

type Side = { dataDir: string; database: DatabaseUnderTest; server: ServerProcess };

const sides: Side[] = [];
let backupsDir: string;

const side = async (): Promise<Side> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-backup-'));
  const database = await databaseUnderTest(dataDir);
  const created = { dataDir, database, server: serverProcess({ dataDir, port: await freePort(), databaseUrl: database.databaseUrl }) };
  sides.push(created);
  return created;
};

// the command as an operator runs it, with the server's environment
const npmRun = (script: 'backup' | 'restore', of: Side, args: string[]) => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'development', DATA_DIR: of.dataDir };
  delete env.DATABASE_URL;
  if (of.database.databaseUrl) env.DATABASE_URL = of.database.databaseUrl;
  return run('npm', ['run', '--silent', script, '--', ...args], { cwd: root, env });
};

const signIn = async (server: ServerProcess) => {
  const login = await callServer(server.url, 'POST', '/auth/login', undefined, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect(login.status).toBe(200);
  return { token: login.body.token as string, userId: login.body.user.id as number };
};

type Seen = { ticket: { id: number; status: string; contact: { number: string } }; messages: { body: string; mediaUrl: string | null }[]; media: Buffer };

// what a client sees of the ticket: the ticket, its messages in order, the uploaded file's bytes
const seenOn = async (server: ServerProcess, token: string, ticketId: number, mediaUrl: string): Promise<Seen> => {
  const ticket = await callServer(server.url, 'GET', `/tickets/${ticketId}`, token);
  expect(ticket.status).toBe(200);
  const messages = await callServer(server.url, 'GET', `/messages/${ticketId}`, token);
  expect(messages.status).toBe(200);
  const media = await fetch(server.url + mediaUrl);
  expect(media.status).toBe(200);
  return {
    ticket: { id: ticket.body.id, status: ticket.body.status, contact: { number: ticket.body.contact.number } },
    messages: (messages.body.messages as Seen['messages']).map(({ body, mediaUrl: url }) => ({ body, mediaUrl: url })),
    media: Buffer.from(await media.arrayBuffer()),
  };
};

beforeAll(() => {
  backupsDir = mkdtempSync(join(tmpdir(), 'atende-backups-'));
});

afterAll(async () => {
  for (const { server, database, dataDir } of sides) {
    await server.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (backupsDir) rmSync(backupsDir, { recursive: true, force: true });
}, 60_000);

describe('issue 34 point 5: backups that restore', () => {
  it('a stopped server backed up and restored into a fresh database and data folder serves the same ticket, messages and media', async () => {
    const original = await side();
    await original.server.start();
    const { token, userId } = await signIn(original.server);
    const connection = await callServer(original.server.url, 'POST', '/sandbox/connections', token, { name: 'Backup sandbox' });
    expect(connection.status).toBe(201);
    const inbound = await callServer(original.server.url, 'POST', `/sandbox/${connection.body.id}/messages`, token, {
      from: '5511933334444',
      name: 'Maria',
      body: 'Olá, preciso de ajuda',
    });
    expect(inbound.status).toBe(201);
    const ticketId: number = inbound.body.ticketId;
    expect((await callServer(original.server.url, 'PUT', `/tickets/${ticketId}`, token, { status: 'open', userId })).status).toBe(200);
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('body', 'segue o comprovante');
    form.append('medias', new Blob(['comprovante: pedido 1234, pago\n']), 'comprovante.txt');
    const upload = await fetch(`${original.server.url}/messages/${ticketId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(201);
    const mediaUrl: string = (await upload.json())[0].mediaUrl;
    const before = await seenOn(original.server, token, ticketId, mediaUrl);
    expect(before.messages.map((message) => message.mediaUrl)).toContain(mediaUrl);
    await original.server.stop();

    await npmRun('backup', original, [backupsDir]);
    const [folder] = readdirSync(backupsDir);
    expect(folder).toMatch(/^atende-backup-\d{8}T\d{6}Z$/);

    const restored = await side();
    await npmRun('restore', restored, [join(backupsDir, folder)]);
    // a second restore into the now filled database and folder is refused
    await expect(npmRun('restore', restored, [join(backupsDir, folder)])).rejects.toThrow(/not empty|holds files/);

    await restored.server.start();
    const session = await signIn(restored.server);
    expect(await seenOn(restored.server, session.token, ticketId, mediaUrl)).toEqual(before);
  }, 240_000);
});
