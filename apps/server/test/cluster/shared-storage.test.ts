// Issue 34 point 3 "Files that every process sees": three server processes over one PostgreSQL
// server, Redis and one S3-compatible bucket (s3rver on loopback), each with a data folder of its
// own: A and B with PROCESS_ROLE=web, C a worker, the only one that runs jobs. A file uploaded
// through A is read through B, and a contact import whose sheet was uploaded through B is claimed
// and run by C. Before, each process kept files in its own
// DATA_DIR/public: media answered 404 from the others and an import claimed elsewhere failed with
// ENOENT. Only under `npm run test:pg`, like the rest of this folder.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dropServerDatabase, SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/database-template.ts';
import { callServer, waitFor } from '../crash/support/http.ts';
import { freePort, serverProcess, type ServerProcess } from '../crash/support/server-process.ts';
import { startS3Server } from '../storage/support/s3-server.ts';
import { databaseFromTemplate, deploymentEnv } from './support/deployment.ts';

const template = inject('databaseTemplate');
if (template.kind !== 'postgres') throw new Error('the cluster test runs on the PostgreSQL server only');

let databaseName: string;
let dataDir: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let processes: ServerProcess[] = [];
let token: string;
let companyId: number;

const names = ['a', 'b', 'c'];

const upload = async (server: ServerProcess, path: string, field: string, data: Buffer, fileName: string, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(data)]), fileName);
  const answer = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, body: form });
  return { status: answer.status, body: await answer.json() };
};

// nothing any process stored is on its own disk
const storedOnDisk = () => names.filter((name) => existsSync(join(dataDir, name, 'public', `company${companyId}`)));

beforeAll(async () => {
  const database = await databaseFromTemplate(template, 't_storage');
  databaseName = database.name;
  const databaseUrl = database.url;
  dataDir = mkdtempSync(join(tmpdir(), 'atende-storage-cluster-'));
  s3 = await startS3Server();
  const env = {
    ...deploymentEnv('storage'),
    ...s3.env,
  };
  processes = await Promise.all(
    names.map(async (name) => {
      const worker = name === 'c';
      // a worker answers only /health, /ready and /metrics
      return serverProcess({ dataDir: join(dataDir, name), port: await freePort(), databaseUrl, env: { ...env, PROCESS_ROLE: worker ? 'worker' : 'web' }, ...(worker ? { readyPath: '/health' } : {}) });
    }),
  );
  await Promise.all(processes.map((server) => server.start()));
  const session = await callServer(processes[0].url, 'POST', '/auth/login', undefined, { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  token = session.body.token;
  companyId = session.body.user.companyId;
}, 240_000);

afterAll(async () => {
  await Promise.all(processes.map((server) => server.stop()));
  await s3?.close();
  if (databaseName) await dropServerDatabase(template.serverUrl, databaseName);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

describe('three processes sharing one bucket (issue 34 point 3)', () => {
  it('media uploaded through web process A is served by web process B, a byte range too, and every process answers /ready with the bucket', async () => {
    const [a, b] = processes;
    for (const server of processes) {
      expect(await callServer(server.url, 'GET', '/ready')).toMatchObject({ status: 200, body: { checks: { storage: 'ok' } } });
    }
    const connection = await callServer(a.url, 'POST', '/sandbox/connections', token, { name: 'Storage sandbox' });
    expect(connection.status).toBe(201);
    const inbound = await callServer(a.url, 'POST', `/sandbox/${connection.body.id}/messages`, token, { from: '5511955554444', name: 'Cliente', body: 'oi', providerMessageId: randomUUID() });
    expect(inbound.status).toBe(201);
    const ticketId = inbound.body.ticketId as number;
    const me = await callServer(a.url, 'GET', '/auth/me', token);
    expect((await callServer(a.url, 'PUT', `/tickets/${ticketId}`, token, { status: 'open', userId: me.body.id })).status).toBe(200);

    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
    const sent = await upload(a, `/messages/${ticketId}`, 'medias', image, 'foto.png', { fromMe: 'true', body: 'foto' });
    expect(sent.status).toBe(201);
    const mediaUrl = sent.body[0].mediaUrl as string;

    const served = await fetch(b.url + mediaUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    const part = await fetch(b.url + mediaUrl, { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(image.subarray(8, 16))).toBe(true);
    expect(storedOnDisk()).toEqual([]);
  });

  it('a contact import whose sheet was uploaded through web process B and started through web process A is run by worker C', async () => {
    const [a, b, c] = processes;
    const csv = ['Nome,Telefone', 'Ana,5511988887777', 'Bruno,5511977776666', 'Carla,5511966665555'].join('\n');
    const preview = await upload(b, '/contacts/import/upload', 'file', Buffer.from(csv), 'contatos.csv');
    expect(preview.status).toBe(200);
    const columns = [{ field: 'name', extraInfoName: '' }, { field: 'number', extraInfoName: '' }];
    const started = await callServer(a.url, 'POST', '/contacts/import', token, { file: preview.body.file, fileName: 'contatos.csv', hasHeader: true, columns, tagIds: [], countryCode: '55' });
    expect(started.status).toBe(201);
    const report = await waitFor(
      'the import to end',
      async () => {
        const answer = await callServer(b.url, 'GET', `/contacts/import/${started.body.id}`, token);
        return answer.body.status === 'done' || answer.body.status === 'failed' ? answer.body : undefined;
      },
      60_000,
    );
    expect(report).toMatchObject({ status: 'done', imported: 3, failed: 0, error: null });
    expect(storedOnDisk()).toEqual([]);
    // the job ran on C, the only process that runs jobs (counted once the runner has closed it)
    await waitFor('the import job counted on C', async () => (/jobs_run_total\{kind="contact\.import"\} 1/.test(await (await fetch(`${c.url}/metrics`)).text()) ? true : undefined), 30_000);
    for (const web of [a, b]) expect(await (await fetch(`${web.url}/metrics`)).text()).not.toContain('kind="contact.import"');
  });
});
