// Issue 34 point 3: large files stream both ways. An upload is written to a temporary folder of its
// request as it arrives (never held whole in memory) and that folder is gone once the answer has
// been sent — after a stored file, a refused one, an oversize one, and a client that left half-way.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitUntil } from '../crash/support/http.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let a: Awaited<ReturnType<typeof setupAttendance>>;
let ticketId: number;
let spoolRoot: string;

// only this file's worker reads this TMPDIR: the uploads' folders are the ones under it
const spooledFolders = () => readdirSync(spoolRoot).filter((name) => name.startsWith('atende-upload-'));

beforeAll(async () => {
  spoolRoot = mkdtempSync(join(tmpdir(), 'atende-spool-test-'));
  vi.stubEnv('TMPDIR', spoolRoot);
  t = await startTestApp();
  a = await setupAttendance(t);
  ({ ticketId } = await a.inbound('5511933334444', 'oi'));
  await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
});
afterAll(async () => {
  await t?.close();
  // the worker runs other files after this one
  vi.unstubAllEnvs();
  rmSync(spoolRoot, { recursive: true, force: true });
});

const sendMedia = (data: Buffer, name: string) => {
  const form = new FormData();
  form.append('body', 'segue');
  form.append('medias', new Blob([new Uint8Array(data)]), name);
  return t.request('POST', `/messages/${ticketId}`, { token: a.adminSession.token, rawBody: form });
};

describe('uploads spooled to disk (issue 34 point 3, 01-core §4 Messages media)', () => {
  it('a stored upload, a refused one and an oversize one leave no spooled file behind', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#112233' } }).png().toBuffer();
    const stored = await sendMedia(png, 'foto.png');
    expect(stored.status).toBe(201);
    const served = await fetch(`${t.url}${(stored.body as Array<{ mediaUrl: string }>)[0].mediaUrl}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(spooledFolders()).toEqual([]);

    const html = await sendMedia(Buffer.from('<html><script>alert(1)</script></html>'), 'page.txt');
    expect(html.status).toBe(400);
    expect(spooledFolders()).toEqual([]);

    const oversize = await sendMedia(Buffer.alloc(20 * 1024 * 1024 + 1, 1), 'big.txt');
    expect(oversize.status).toBe(413);
    expect(spooledFolders()).toEqual([]);
  });

  it('a text file of 15 MB is checked piece by piece and stored whole', async () => {
    const line = 'nome;numero;observação\n';
    const text = Buffer.from(line.repeat(Math.ceil((15 * 1024 * 1024) / Buffer.byteLength(line))));
    const answer = await sendMedia(text, 'lista.csv');
    expect(answer.status).toBe(201);
    const served = await fetch(`${t.url}${(answer.body as Array<{ mediaUrl: string }>)[0].mediaUrl}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(text)).toBe(true);
    // markup far into the file is still seen
    const late = Buffer.concat([text, Buffer.from('<script>alert(1)</script>')]);
    expect((await sendMedia(late, 'lista.csv')).status).toBe(400);
  });

  it('a client that leaves half-way through an upload leaves no spooled file behind', async () => {
    const boundary = 'spool-test-boundary';
    const url = new URL(`/messages/${ticketId}`, t.url);
    const request = httpRequest(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.adminSession.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    request.on('error', () => undefined);
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="half.txt"\r\nContent-Type: text/plain\r\n\r\n`);
    request.write(Buffer.alloc(512 * 1024, 'a'));
    await waitUntil(() => spooledFolders().length === 1, 'the upload being spooled', 30_000);
    request.destroy();
    await waitUntil(() => spooledFolders().length === 0, 'the spooled folder removed after the client left', 30_000, () => spooledFolders().join(', '));
  });
});
