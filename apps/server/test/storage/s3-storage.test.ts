// Issue 34 point 3 "Files that every process sees": with STORAGE_DRIVER=s3 every stored file goes
// to an S3-compatible bucket (here s3rver, a real S3-protocol server on loopback) under the same
// keys as the local folder's paths, and /public serves it from there with the same headers. A
// bucket that refuses the credentials or does not answer makes /ready 503 with the reason and an
// upload 503 ERR_STORAGE_UNAVAILABLE, with nothing stored.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema.ts';
import { createS3Objects } from '../../src/platform/storage-s3.ts';
import type { S3StorageConfig } from '../../src/platform/storage.ts';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { startS3Server } from './support/s3-server.ts';

const run = promisify(execFile);

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;
let superToken: string;
const keysUnder = async (prefix: string, config: S3StorageConfig = s3.storage) => {
  const keys: string[] = [];
  for await (const entry of createS3Objects(config).list(prefix)) keys.push(entry.key);
  return keys;
};

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ storage: s3.storage });
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const png = (color: string) => sharp({ create: { width: 16, height: 16, channels: 3, background: color } }).png().toBuffer();

const openTicket = async (app: TestApp) => {
  const a = await setupAttendance(app);
  const { ticketId } = await a.inbound('5511922220000', 'oi');
  await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
  return { a, ticketId, token: a.adminSession.token };
};

const sendMedia = (app: TestApp, ticketId: number, token: string, data: Buffer, name: string) => {
  const form = new FormData();
  form.append('fromMe', 'true');
  form.append('body', 'arquivo');
  form.append('medias', new Blob([new Uint8Array(data)]), name);
  return app.request<{ mediaUrl: string }[] & { error?: string }>('POST', `/messages/${ticketId}`, { token, rawBody: form });
};

describe('issue 34 point 3: stored files in an S3-compatible bucket (STORAGE_DRIVER=s3)', () => {
  it('a ticket’s media goes to the bucket under the local path as key, and /public serves it with the local headers, a byte range too', async () => {
    const { a, ticketId, token } = await openTicket(t);
    const image = await png('#00ff00');
    const sent = await sendMedia(t, ticketId, token, image, 'foto.bin');
    expect(sent.status).toBe(201);
    const url = sent.body[0].mediaUrl;
    expect(url).toMatch(new RegExp(`^/public/company${a.company.id}/media/[0-9a-f-]{36}\\.png$`));
    expect(await keysUnder(`company${a.company.id}/`)).toEqual([url.slice('/public/'.length)]);
    expect(existsSync(join(t.config.publicDir, `company${a.company.id}`))).toBe(false);

    const served = await fetch(t.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);

    const part = await fetch(t.url + url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${image.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(image.subarray(0, 8))).toBe(true);

    // a text file goes out as stored, a range of it too, never re-encoded on the way
    const text = Buffer.from('linha de texto\n'.repeat(200));
    const textUrl = (await sendMedia(t, ticketId, token, text, 'notas.txt')).body[0].mediaUrl;
    const textPart = await fetch(t.url + textUrl, { headers: { range: 'bytes=15-29', 'accept-encoding': 'gzip' } });
    expect(textPart.status).toBe(206);
    expect(textPart.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(textPart.headers.get('content-encoding')).toBeNull();
    expect(await textPart.text()).toBe('linha de texto\n');

    for (const path of [`/public/company${a.company.id}/media/00000000-0000-0000-0000-000000000000.png`, '/public/..%2F..%2Fsecrets.json', '/public/company1/.hidden/x.png']) {
      expect((await fetch(t.url + path)).status, path).toBe(404);
    }
  });

  it('an avatar and a whitelabel logo are stored in the bucket and served from it', async () => {
    const tenant = await createCompany(t.db);
    const token = (await t.login(tenant.admin.email, TEST_PASSWORD)).token;
    const avatar = new FormData();
    avatar.append('userId', String(tenant.admin.id));
    avatar.append('typeArch', 'user');
    avatar.append('profileImage', new Blob([new Uint8Array(await png('#ff0000'))], { type: 'image/png' }), 'me.png');
    const answer = await t.request<{ user: { profileImage: string } }>('POST', `/users/${tenant.admin.id}/media-upload`, { token, rawBody: avatar });
    expect(answer.status).toBe(200);
    const avatarUrl = answer.body.user.profileImage;
    expect(await keysUnder(`company${tenant.company.id}/users/`)).toEqual([avatarUrl.slice('/public/'.length)]);
    expect((await fetch(t.url + avatarUrl)).headers.get('content-type')).toBe('image/jpeg');

    const logo = new FormData();
    logo.append('typeArch', 'logo');
    logo.append('mode', 'Light');
    logo.append('file', new Blob([new Uint8Array(await png('#0000ff'))], { type: 'image/png' }), 'logo.png');
    const logoAnswer = await fetch(`${t.url}/settings-whitelabel/logo`, { method: 'POST', headers: { authorization: `Bearer ${superToken}` }, body: logo });
    expect(logoAnswer.status).toBe(200);
    const name = (await logoAnswer.json()) as string;
    expect(await keysUnder('branding/')).toContain(`branding/${name}`);
    const served = await fetch(`${t.url}/public/branding/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('a contact import reads its sheet from the bucket: preview, import, done, and the sheet is removed after', async () => {
    const tenant = await createCompany(t.db);
    const token = (await t.login(tenant.admin.email, TEST_PASSWORD)).token;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contatos');
    sheet.addRow(['Nome', 'Telefone']);
    sheet.addRow(['Ana', '5511988887777']);
    sheet.addRow(['Bruno', '5511977776666']);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(Buffer.from(await workbook.xlsx.writeBuffer()))]), 'contatos.xlsx');
    const preview = await t.request<{ file: string; rows: string[][] }>('POST', '/contacts/import/upload', { token, rawBody: form });
    expect(preview.status).toBe(200);
    expect(preview.body.rows).toEqual([['Nome', 'Telefone'], ['Ana', '5511988887777'], ['Bruno', '5511977776666']]);
    expect(await keysUnder(`company${tenant.company.id}/`)).toHaveLength(1);

    const columns = [{ field: 'name', extraInfoName: '' }, { field: 'number', extraInfoName: '' }];
    const started = await t.request<{ id: number }>('POST', '/contacts/import', {
      token,
      body: { file: preview.body.file, fileName: 'contatos.xlsx', hasHeader: true, columns, tagIds: [], countryCode: '55' },
    });
    expect(started.status).toBe(201);
    await t.app.jobs.runDue();
    expect((await t.request('GET', `/contacts/import/${started.body.id}`, { token })).body).toMatchObject({ status: 'done', imported: 2, failed: 0 });
    expect(await keysUnder(`company${tenant.company.id}/`)).toEqual([]);
  });

  it('the tickets report export answers while files live in the bucket', async () => {
    const tenant = await createCompany(t.db);
    const token = (await t.login(tenant.admin.email, TEST_PASSWORD)).token;
    const response = await fetch(`${t.url}/ticketreport/reports/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets).toHaveLength(1);
  });

  it('deleting a company removes every object under its prefix, and only those', async () => {
    const { a, ticketId, token } = await openTicket(t);
    const other = await openTicket(t);
    expect((await sendMedia(t, ticketId, token, await png('#123456'), 'a.png')).status).toBe(201);
    expect((await sendMedia(t, other.ticketId, other.token, await png('#654321'), 'b.png')).status).toBe(201);
    expect(await keysUnder(`company${a.company.id}/`)).toHaveLength(1);
    expect((await t.request('DELETE', `/companies/${a.company.id}`, { token: superToken })).status).toBe(204);
    expect(await keysUnder(`company${a.company.id}/`)).toEqual([]);
    expect(await keysUnder(`company${other.a.company.id}/`)).toHaveLength(1);
  });
});

describe('issue 34 point 3 bad input: a bucket that refuses the credentials or does not answer', () => {
  it('refused credentials: /ready answers 503 with the reason; an upload answers 503 ERR_STORAGE_UNAVAILABLE and stores no message', async () => {
    // s3rver knows one access key; another is refused as a store refuses a revoked one
    const refused = await startTestApp({ storage: { ...s3.storage, accessKeyId: 'REVOKED-KEY', secretAccessKey: 'not-the-secret' } });
    try {
      const ready = await refused.request<{ checks: Record<string, string>; reasons: Record<string, string> }>('GET', '/ready');
      expect(ready).toMatchObject({ status: 503, body: { status: 'not ready', checks: { storage: 'failed' } } });
      expect(ready.body.reasons.storage).toBe('bucket atende-test: access denied (HTTP 403)');
      expect(ready.body.reasons.storage).not.toContain('not-the-secret');

      const { ticketId, token } = await openTicket(refused);
      const before = await refused.db.select().from(messages).where(eq(messages.ticketId, ticketId));
      const answer = await sendMedia(refused, ticketId, token, await png('#abcdef'), 'x.png');
      expect(answer).toMatchObject({ status: 503, body: { error: 'ERR_STORAGE_UNAVAILABLE' } });
      expect(await refused.db.select().from(messages).where(eq(messages.ticketId, ticketId))).toEqual(before);
    } finally {
      await refused.close();
    }
  });

  it('a bucket that does not answer: /ready answers 503 with the reason, an upload 503', async () => {
    // a loopback port that nothing listens on
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => probe.close(resolve));
    const away = await startTestApp({ storage: { ...s3.storage, endpoint: `http://127.0.0.1:${port}` } });
    try {
      const ready = await away.request<{ reasons: Record<string, string> }>('GET', '/ready');
      expect(ready).toMatchObject({ status: 503, body: { checks: { storage: 'failed' } } });
      expect(ready.body.reasons.storage).toContain('ECONNREFUSED');
      const { ticketId, token } = await openTicket(away);
      expect(await sendMedia(away, ticketId, token, await png('#fedcba'), 'y.png')).toMatchObject({ status: 503, body: { error: 'ERR_STORAGE_UNAVAILABLE' } });
    } finally {
      await away.close();
    }
  });
});

describe('issue 34 point 3: npm run storage:copy-to-s3', () => {
  it('copies DATA_DIR/public into the bucket under the same keys, streaming, and a second run skips what is already there', async () => {
    const target = await startS3Server('atende-copy');
    const dataDir = mkdtempSync(join(tmpdir(), 'atende-copy-'));
    try {
      const files: Record<string, Buffer> = {
        'company7/media/11111111-1111-4111-8111-111111111111.png': await png('#111111'),
        'company7/users/22222222-2222-4222-8222-222222222222.jpg': Buffer.alloc(3 * 1024 * 1024, 7),
        'branding/33333333-3333-4333-8333-333333333333.webp': Buffer.from('webp'),
      };
      for (const [key, data] of Object.entries(files)) {
        mkdirSync(join(dataDir, 'public', key, '..'), { recursive: true });
        writeFileSync(join(dataDir, 'public', key), data);
      }
      const copy = () =>
        run(process.execPath, ['--import', 'tsx', 'apps/server/src/storage-copy-to-s3.ts'], {
          env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...target.env },
        });
      const first = await copy();
      expect(first.stdout).toContain(`copied 3 files (${Object.values(files).reduce((sum, data) => sum + data.length, 0)} bytes), skipped 0`);
      expect((await keysUnder('', target.storage)).sort()).toEqual(Object.keys(files).sort());
      const objects = createS3Objects(target.storage);
      const stored = await objects.openRead('company7/media/11111111-1111-4111-8111-111111111111.png');
      expect(stored?.contentType).toBe('image/png');
      stored?.body.destroy();
      expect((await copy()).stdout).toContain('copied 0 files (0 bytes), skipped 3');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await target.close();
    }
  });
});
