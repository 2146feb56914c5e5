// Serving like a production server (issue 34 point 6): the web build's hashed assets go out
// precompressed (brotli, gzip) with a one-year immutable cache and index.html uncached; API
// answers above a small size are compressed, streams as they flow; every answer carries a request
// id, the caller's when well formed, else a UUID. The web dist here is a small fixture with hashed
// names, precompressed by the web build's own script.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_IN_PRODUCTION } from '../../src/app.ts';
import { precompress } from '../../../web/scripts/precompress.mjs';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const SCRIPT = 'assets/index-Ab12Cd34.js';
const STYLES = 'assets/index-Ef56Gh78.css';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const writeFixtureDist = () => {
  const dist = mkdtempSync(join(tmpdir(), 'atende-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  const index = `<!doctype html><html><head><title>Atende</title><script type="module" src="/${SCRIPT}"></script><link rel="stylesheet" href="/${STYLES}"></head><body><div id="root"></div>${'<!-- app -->'.repeat(100)}</body></html>`;
  writeFileSync(join(dist, 'index.html'), index);
  writeFileSync(join(dist, SCRIPT), Array.from({ length: 400 }, (_, i) => `export const value${i} = () => 'atende ${i}';`).join('\n'));
  writeFileSync(join(dist, STYLES), Array.from({ length: 200 }, (_, i) => `.row-${i} { padding: ${i}px; }`).join('\n'));
  writeFileSync(join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`);
  precompress(dist);
  return dist;
};

type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

// node:http rather than fetch: fetch asks for every encoding and decodes the body, hiding both
const get = (base: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const call = httpRequest(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });

const varies = (answer: RawAnswer) => String(answer.headers.vary ?? '').toLowerCase();

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = writeFixtureDist();
  t = await startTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web build precompressed (issue 34 point 6)', () => {
  it('precompress writes .br and .gz beside compressible files that they decode back to, and skips the rest', () => {
    const folder = mkdtempSync(join(tmpdir(), 'atende-precompress-'));
    try {
      mkdirSync(join(folder, 'assets'));
      mkdirSync(join(folder, '.vite'));
      const script = 'const answer = 42;\n'.repeat(300);
      writeFileSync(join(folder, 'assets', 'app-1a2b.js'), script);
      writeFileSync(join(folder, 'assets', 'logo-3c4d.png'), Buffer.alloc(4000));
      writeFileSync(join(folder, 'tiny.txt'), 'a');
      writeFileSync(join(folder, '.vite', 'manifest.json'), '{}'.repeat(500));

      const written = precompress(folder).map((file) => file.slice(folder.length + 1)).sort();
      expect(written).toEqual(['assets/app-1a2b.js.br', 'assets/app-1a2b.js.gz']);
      expect(brotliDecompressSync(readFileSync(join(folder, 'assets', 'app-1a2b.js.br'))).toString()).toBe(script);
      expect(gunzipSync(readFileSync(join(folder, 'assets', 'app-1a2b.js.gz'))).toString()).toBe(script);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a hashed asset goes out as its .br file to Accept-Encoding br, else its .gz, else as it is; immutable for a year, varying on Accept-Encoding', async () => {
    const original = readFileSync(join(dist, SCRIPT));
    const brotli = await get(t.url, `/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.body.equals(readFileSync(join(dist, `${SCRIPT}.br`)))).toBe(true);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(brotli)).toContain('accept-encoding');

    const gzip = await get(t.url, `/${STYLES}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(readFileSync(join(dist, `${STYLES}.gz`)))).toBe(true);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const identity = await get(t.url, `/${SCRIPT}`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(original)).toBe(true);
    expect(varies(identity)).toContain('accept-encoding');
  });

  it('index.html, the single-page app answer to a browser navigation and /index.html are never cached; other root files briefly', async () => {
    const index = readFileSync(join(dist, 'index.html'));
    for (const path of ['/', '/users', '/tickets/5', '/index.html']) {
      const answer = await get(t.url, path, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(answer.body).equals(index), path).toBe(true);
    }
    const plain = await get(t.url, '/login', { accept: 'text/html' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body.equals(index)).toBe(true);

    const favicon = await get(t.url, '/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    expect(favicon.headers['content-encoding']).toBe('gzip');
  });
});

describe('API answers compressed (issue 34 point 6)', () => {
  it('a JSON answer above 1 kB is compressed with the encoding asked for; a small one and one to a client asking none are not', async () => {
    const identity = await get(t.url, '/openapi.json');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const document = JSON.parse(identity.body.toString());
    expect(identity.body.length).toBeGreaterThan(1024);

    const brotli = await get(t.url, '/openapi.json', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(varies(brotli)).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(document);
    expect(brotli.body.length).toBeLessThan(identity.body.length);

    const gzip = await get(t.url, '/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(document);

    const small = await get(t.url, '/health', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ status: 'ok' });
  });

  it('a streamed report page is compressed as it flows, not buffered whole; the spreadsheet export (a zip) streams as it is', async () => {
    const tenant = await createCompany(t.db);
    const session = await t.login(tenant.admin.email, TEST_PASSWORD);
    const auth = { authorization: `Bearer ${session.token}`, accept: 'application/json', 'accept-encoding': 'gzip' };

    const page = await get(t.url, '/ticketreport/reports?page=1&pageSize=9999999', auth);
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    // a body compressed whole would carry its Content-Length; a stream goes out in chunks
    expect(page.headers['content-length']).toBeUndefined();
    expect(page.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(gunzipSync(page.body).toString())).toEqual({ tickets: [], totalTickets: { total: 0 } });

    const spreadsheet = await get(t.url, '/ticketreport/reports/export', auth);
    expect(spreadsheet.status).toBe(200);
    expect(spreadsheet.headers['content-encoding']).toBeUndefined();
    expect(spreadsheet.headers['transfer-encoding']).toBe('chunked');
    expect(spreadsheet.body.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('request ids (issue 34 point 6)', () => {
  it('a well-formed X-Request-Id is kept and echoed; a malformed or missing one is replaced by a UUID; errors and 404s carry it', async () => {
    const given = 'edge-7f3a.2026:11_28';
    expect((await get(t.url, '/health', { 'x-request-id': given })).headers['x-request-id']).toBe(given);
    const longest = 'a'.repeat(128);
    expect((await get(t.url, '/health', { 'x-request-id': longest })).headers['x-request-id']).toBe(longest);

    for (const malformed of ['a'.repeat(129), '', 'two words', 'id"},"level":60', '../../etc']) {
      const answer = await get(t.url, '/health', { 'x-request-id': malformed });
      expect(answer.headers['x-request-id'], malformed).toMatch(UUID);
    }
    expect((await get(t.url, '/health')).headers['x-request-id']).toMatch(UUID);

    const missing = await get(t.url, '/no-such-route', { accept: 'application/json', 'x-request-id': given });
    expect(missing.status).toBe(404);
    expect(missing.headers['x-request-id']).toBe(given);
    const unauthorized = await get(t.url, '/tickets', { accept: 'application/json' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers['x-request-id']).toMatch(UUID);
  });

  describe('a second process, in production on the test database', () => {
    const lines: string[] = [];
    let second: TestApp;
    beforeAll(async () => {
      second = await startTestApp({ env: 'production', logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    });
    afterAll(() => second?.close());

    const logged = () => lines.map((line) => JSON.parse(line) as { level: number; msg?: string; reqId?: string });

    it('request ids are unique across two processes, and each log line of a request carries its id', async () => {
      const ids = new Set<string>();
      for (const server of [t, second, t, second]) {
        const id = (await get(server.url, '/health')).headers['x-request-id'];
        expect(id).toMatch(UUID);
        ids.add(String(id));
      }
      expect(ids.size).toBe(4);

      const traced = 'trace-34-6';
      await get(second.url, '/no-such-route', { accept: 'application/json', 'x-request-id': traced });
      await expect.poll(() => logged().filter((line) => line.reqId === traced).length).toBeGreaterThanOrEqual(2);
    });

    it('warns once at start, loudly, when production keeps its data in PGlite', () => {
      const warnings = logged().filter((line) => line.msg === PGLITE_IN_PRODUCTION);
      expect(warnings.map((line) => line.level)).toEqual(second.database.kind === 'pglite' ? [40] : []);
    });
  });
});
