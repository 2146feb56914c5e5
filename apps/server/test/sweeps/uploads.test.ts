// Hostile uploads (ARCHITECTURE §4 Input is hostile; issue 4 point 2): traversal names, content
// that lies about its extension, HTML and SVG, oversize and too many files. Each is refused with a
// 4xx that changes nothing, or stored under a generated name inside public/company{id}/ and served
// so that it cannot run in the app's origin.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@atende/shared/constants';
import { pngDeclaring, truncatedPng } from '../factories/image.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { sendRaw } from './support/answers.ts';
import { changedTables, settle, snapshot } from './support/snapshot.ts';

const MESSAGE_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

let t: TestApp;
let a: Awaited<ReturnType<typeof setupAttendance>>;
let ticketId: number;
let png: Buffer;
const storedUrls: string[] = [];

// A stored file must come back with headers that stop it from running in the app's origin.
const expectServedSafely = async (url: string) => {
  const response = await fetch(t.url + url);
  await response.arrayBuffer();
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-security-policy') ?? '', url).toMatch(/\bsandbox\b/);
  expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
  expect(response.headers.get('content-type') ?? '', url).not.toMatch(/html|svg|javascript|xml/);
};

const traversalNames = [
  '../../x.png',
  '..\\..\\x.png',
  '/etc/passwd.png',
  '/tmp/atende-evil.png',
  'C:\\Windows\\evil.png',
  '%2e%2e%2f%2e%2e%2fx.png',
  '....//....//x.png',
  'x.png\u0000.html',
  '.htaccess',
  '\u202Egnp.html',
  `${'a'.repeat(300)}.png`,
];
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const svgWithXmlHeader = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');

beforeAll(async () => {
  t = await startTestApp();
  a = await setupAttendance(t);
  const { ticketId: id } = await a.inbound('5511911110000', 'hello');
  ticketId = id;
  const accepted = await a.put(a.adminSession.token, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } }).png().toBuffer();
});
afterAll(() => t?.close());

const form = (field: string, files: Array<{ data: Buffer; name: string; type?: string }>, fields: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append(field, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return body;
};

const publicUrls = (text: string) => [...text.matchAll(/\/public\/[^"\s]+/g)].map((match) => match[0]);

// Sends an upload and checks the rule: refused (4xx, nothing changed) or stored under a
// generated name in the company's folder. Answers the status.
const upload = async (path: string, body: FormData) => {
  const before = await settle(t.db);
  const answer = await sendRaw(t.url, 'POST', path, { token: a.adminSession.token, body });
  expect(answer.status, answer.text).toBeLessThan(500);
  expect(answer.text).not.toMatch(/\n\s+at |\$argon2|"password_?hash"/i);
  if (answer.status >= 400) {
    expect(changedTables(before, await snapshot(t.db)), `${answer.status} ${answer.text}`).toEqual([]);
    return { status: answer.status, urls: [] as string[] };
  }
  const urls = publicUrls(answer.text);
  expect(urls.length, answer.text).toBeGreaterThan(0);
  for (const url of urls) {
    expect(url).toMatch(new RegExp(`^/public/company${a.company.id}/(users|media|filelists)/[0-9a-f-]{36}\\.[a-z0-9]{2,5}$`));
  }
  for (const url of urls) await expectServedSafely(url);
  storedUrls.push(...urls);
  return { status: answer.status, urls };
};

const avatarPath = () => `/users/${a.admin.id}/media-upload`;
const messagePath = () => `/messages/${ticketId}`;

describe('avatar upload POST /users/{id}/media-upload (ARCHITECTURE §4 Input is hostile, 01-core §5)', () => {
  it('a real image under a traversal or absolute name is stored under a generated name', async () => {
    for (const name of traversalNames) {
      const { status, urls } = await upload(avatarPath(), form('profileImage', [{ data: png, name, type: 'image/png' }]));
      expect(status, name).toBe(200);
      expect(urls[0]).toMatch(/\.jpg$/);
    }
  });

  it('refuses HTML, SVG and text whatever the name and declared type', async () => {
    const lies = [
      { data: html, name: 'x.png', type: 'image/png' },
      { data: html, name: 'x.html', type: 'text/html' },
      { data: svg, name: 'x.svg', type: 'image/svg+xml' },
      { data: svg, name: 'x.png', type: 'image/png' },
      { data: svgWithXmlHeader, name: 'x.jpg', type: 'image/jpeg' },
      { data: Buffer.from('just text'), name: 'x.gif', type: 'image/gif' },
      { data: Buffer.concat([png.subarray(0, 16), html]), name: 'truncated.png', type: 'image/png' },
      { data: Buffer.alloc(0), name: 'empty.png', type: 'image/png' },
    ];
    for (const file of lies) {
      expect((await upload(avatarPath(), form('profileImage', [file]))).status, file.name).toBe(400);
    }
  });

  it('refuses a file just over 5 MiB, a wrong field name, no file and a non-multipart body', async () => {
    const oversize = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    const over = await upload(avatarPath(), form('profileImage', [{ data: oversize, name: 'big.png', type: 'image/png' }]));
    expect(over.status).toBe(413);
    expect((await upload(avatarPath(), form('file', [{ data: png, name: 'x.png' }]))).status).toBe(400);
    expect((await upload(avatarPath(), form('profileImage', [], { profileImage: 'not a file' }))).status).toBe(400);
    const json = await sendRaw(t.url, 'POST', avatarPath(), { token: a.adminSession.token, contentType: 'application/json', body: '{"profileImage":"../../etc/passwd"}' });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
  });

  it('several files in one avatar request: at most one is stored', async () => {
    const before = await snapshot(t.db);
    const files = [1, 2, 3].map((n) => ({ data: png, name: `${n}.png`, type: 'image/png' }));
    const { status, urls } = await upload(avatarPath(), form('profileImage', files));
    if (status < 400) expect(urls).toHaveLength(1);
    else expect(await snapshot(t.db)).toEqual(before);
  });
});

describe('message media POST /messages/{ticketId} (ARCHITECTURE §4 Input is hostile, 01-core §5)', () => {
  it('real media under traversal names is stored under generated names with the extension of its content', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    for (const name of traversalNames) {
      const { status, urls } = await upload(messagePath(), form('medias', [{ data: png, name, type: 'image/png' }], { body: 'pic' }));
      expect(status, name).toBe(201);
      expect(urls[0]).toMatch(/\.png$/);
    }
    const renamed = await upload(messagePath(), form('medias', [{ data: png, name: 'page.html', type: 'text/html' }]));
    expect(renamed.urls[0]).toMatch(/\.png$/);
    const document = await upload(messagePath(), form('medias', [{ data: pdf, name: '../../report.exe', type: 'application/pdf' }]));
    expect(document.urls[0]).toMatch(/\.pdf$/);
  });

  it('refuses HTML, SVG and markup in text files whatever the name', async () => {
    const refused = [
      { data: html, name: 'x.html', type: 'text/html' },
      { data: html, name: 'x.txt', type: 'text/plain' },
      { data: html, name: 'x.png', type: 'image/png' },
      { data: svg, name: 'x.svg', type: 'image/svg+xml' },
      { data: svg, name: 'x.csv', type: 'text/csv' },
      { data: svgWithXmlHeader, name: 'x.txt', type: 'text/plain' },
      { data: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'x.sh', type: 'application/x-sh' },
      { data: Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000'), name: 'x.png', type: 'image/png' },
    ];
    for (const file of refused) {
      expect((await upload(messagePath(), form('medias', [file]))).status, file.name).toBe(400);
    }
  });

  it('refuses a file just over 20 MiB, more than 10 files and a wrong field name', async () => {
    const oversize = Buffer.concat([png, Buffer.alloc(MESSAGE_MEDIA_MAX_BYTES + 1 - png.length)]);
    expect((await upload(messagePath(), form('medias', [{ data: oversize, name: 'big.png', type: 'image/png' }]))).status).toBe(413);
    const eleven = Array.from({ length: 11 }, (_, n) => ({ data: png, name: `${n}.png`, type: 'image/png' }));
    expect([400, 413]).toContain((await upload(messagePath(), form('medias', eleven))).status);
    expect((await upload(messagePath(), form('file', [{ data: png, name: 'x.png' }]))).status).toBe(400);
    // a good file followed by a bad one: the whole request is refused, nothing is kept
    const mixed = [
      { data: png, name: 'ok.png', type: 'image/png' },
      { data: html, name: 'bad.html', type: 'text/html' },
    ];
    expect((await upload(messagePath(), form('medias', mixed))).status).toBe(400);
  });
});

describe('file list files POST /files/uploadList/{id} (ARCHITECTURE §4 Input is hostile, 02-operations §7 File lists)', () => {
  const listWith = async (count: number) => {
    const created = await t.request('POST', '/files', {
      token: a.adminSession.token,
      body: { name: 'Sweep list', message: 'files', options: Array.from({ length: count }, (_, n) => ({ name: `file ${n}` })) },
    });
    return created.body as { id: number; options: { id: number }[] };
  };
  // each file with its option's id, the way the web sends them
  const listForm = (list: { id: number; options: { id: number }[] }, files: Array<{ data: Buffer; name: string; type?: string }>) => {
    const body = form('files', files, { fileId: String(list.id), typeArch: 'fileList' });
    files.forEach((_, n) => body.append('id', String(list.options[n].id)));
    return body;
  };

  it('real files under traversal names are stored under generated names with the extension of their content', async () => {
    const list = await listWith(traversalNames.length);
    const files = traversalNames.slice(0, 10).map((name) => ({ data: png, name, type: 'text/html' }));
    const { status, urls } = await upload(`/files/uploadList/${list.id}`, listForm(list, files));
    expect(status).toBe(200);
    expect(urls).toHaveLength(10);
    for (const url of urls) expect(url).toMatch(/\/filelists\/.*\.png$/);
  });

  it('refuses HTML, SVG, scripts, a file just over 20 MiB, more than 10 files and a wrong field name, keeping nothing', async () => {
    const list = await listWith(11);
    for (const file of [
      { data: html, name: 'x.pdf', type: 'application/pdf' },
      { data: svg, name: 'x.png', type: 'image/png' },
      { data: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'x.sh', type: 'application/x-sh' },
      { data: Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000'), name: 'x.pdf', type: 'application/pdf' },
    ]) {
      expect((await upload(`/files/uploadList/${list.id}`, listForm(list, [{ data: png, name: 'ok.png' }, file]))).status, file.name).toBe(400);
    }
    const oversize = Buffer.concat([png, Buffer.alloc(MESSAGE_MEDIA_MAX_BYTES + 1 - png.length)]);
    expect((await upload(`/files/uploadList/${list.id}`, listForm(list, [{ data: oversize, name: 'big.png' }]))).status).toBe(413);
    const eleven = Array.from({ length: 11 }, (_, n) => ({ data: png, name: `${n}.png` }));
    expect([400, 413]).toContain((await upload(`/files/uploadList/${list.id}`, listForm(list, eleven))).status);
    expect((await upload(`/files/uploadList/${list.id}`, form('file', [{ data: png, name: 'x.png' }], { id: String(list.options[0].id) }))).status).toBe(400);
  });
});

describe('images are decoded before they are stored (issue 12, ARCHITECTURE §4 Input is hostile)', () => {
  const mediaFiles = () => {
    const folder = join(t.config.publicDir, `company${a.company.id}`, 'media');
    return existsSync(folder) ? readdirSync(folder).length : 0;
  };

  it('an image declaring 30000×30000 pixels, or cut short, is refused with ERR_INVALID_IMAGE and nothing is stored', async () => {
    const refused = [
      { data: pngDeclaring(30_000, 30_000), name: 'bomb.png', type: 'image/png' },
      { data: await truncatedPng(), name: 'cut.png', type: 'image/png' },
    ];
    for (const file of refused) {
      const filesBefore = mediaFiles();
      const answer = await sendRaw(t.url, 'POST', messagePath(), { token: a.adminSession.token, body: form('medias', [file]) });
      expect(answer.status, file.name).toBe(400);
      expect(JSON.parse(answer.text), file.name).toEqual({ error: 'ERR_INVALID_IMAGE' });
      // with a good file beside it, the whole request is refused
      expect((await upload(messagePath(), form('medias', [{ data: png, name: 'ok.png', type: 'image/png' }, file]))).status).toBe(400);
      expect(mediaFiles(), file.name).toBe(filesBefore);
    }
    // a real image of ordinary size still goes through
    expect((await upload(messagePath(), form('medias', [{ data: png, name: 'ok.png', type: 'image/png' }]))).status).toBe(201);
  });
});

describe('spreadsheets for the contact import (01-core §2 /contacts/import; ARCHITECTURE §4 Input is hostile)', () => {
  const sheetPath = '/contacts/import/upload';
  const csv = Buffer.from('nome,numero\nAna,5511988887777\n');

  it('a real CSV under a traversal or absolute name is stored under a generated name in the imports folder', async () => {
    for (const name of ['../../x.csv', '/etc/passwd.csv', '..\\..\\x.csv', `${'a'.repeat(300)}.csv`]) {
      const answer = await sendRaw(t.url, 'POST', sheetPath, { token: a.adminSession.token, body: form('file', [{ data: csv, name, type: 'text/csv' }]) });
      expect(answer.status, name).toBe(200);
      expect(JSON.parse(answer.text).file, name).toMatch(/^[0-9a-f-]{36}\.csv$/);
    }
  });

  it('refuses HTML, SVG, a program and an image named as a sheet, a file over 20 MiB and a wrong field name', async () => {
    const refused = [
      { data: html, name: 'x.csv', type: 'text/csv' },
      { data: svg, name: 'x.xlsx' },
      { data: Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000'), name: 'x.csv' },
      { data: png, name: 'x.xlsx' },
      { data: csv, name: 'x.csv\u0000.html' },
    ];
    for (const file of refused) expect((await upload(sheetPath, form('file', [file]))).status, file.name).toBe(400);
    const oversize = Buffer.concat([csv, Buffer.alloc(20 * 1024 * 1024 + 1 - csv.length, 0x41)]);
    expect((await upload(sheetPath, form('file', [{ data: oversize, name: 'big.csv' }]))).status).toBe(413);
    expect((await upload(sheetPath, form('medias', [{ data: csv, name: 'x.csv' }]))).status).toBe(400);
  });
});

describe('serving and storage (ARCHITECTURE §4 Input is hostile)', () => {
  it('every stored message file is still served with a sandboxing CSP and nosniff; a replaced avatar is gone', async () => {
    const media = storedUrls.filter((url) => url.includes('/media/'));
    expect(media.length).toBeGreaterThan(10);
    for (const url of media) await expectServedSafely(url);
    const avatars = storedUrls.filter((url) => url.includes('/users/'));
    expect(avatars.length).toBeGreaterThan(1);
    // replacing an avatar removes the previous file (01-core §5)
    expect((await fetch(t.url + avatars[0])).status).toBe(404);
  });

  it('no file was written outside public/company{id}/, and every file there has a generated name', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(relative(t.config.dataDir, path).split(sep).join('/'));
      }
    };
    walk(t.config.dataDir);
    const outside = files.filter((file) => file !== 'secrets.json' && !file.startsWith(`public/company${a.company.id}/`));
    expect(outside).toEqual([]);
    const badNames = files
      .filter((file) => file.startsWith('public/'))
      .filter((file) => !/^public\/company\d+\/(users|media|imports|filelists)\/[0-9a-f-]{36}\.[a-z0-9]{2,5}$/.test(file));
    expect(badNames).toEqual([]);
    // nothing landed where the traversal names point
    for (const folder of ['users', 'media', 'filelists']) {
      const base = join(t.config.publicDir, `company${a.company.id}`, folder);
      for (const escaped of ['../../x.png', '../../../x.png', '../../../../x.png', '../../report.exe']) {
        expect(existsSync(resolve(base, escaped)), escaped).toBe(false);
      }
    }
    // every stored URL points at a file that exists
    for (const url of storedUrls.filter((stored) => stored.includes('/media/'))) expect(existsSync(join(t.config.dataDir, url)), url).toBe(true);
  });

  it('the static route does not walk out of the public folder', async () => {
    const attempts = [
      '/public/..%2fsecrets.json',
      '/public/%2e%2e/secrets.json',
      '/public/%2e%2e%2fsecrets.json',
      '/public/..%5csecrets.json',
      `/public/company${a.company.id}/..%2f..%2fsecrets.json`,
      '/public/%252e%252e%252fsecrets.json',
      '/public/.%00./secrets.json',
    ];
    for (const path of attempts) {
      const response = await sendRaw(t.url, 'GET', path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.text).not.toContain(t.config.jwtSecret);
    }
  });
});
