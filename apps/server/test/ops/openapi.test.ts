// The API's OpenAPI 3.1 document, generated from the routes' zod schemas, and its reference page
// served from the project's own files (issue 12 point 3).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/platform/access.ts';
import type { Json } from '../helpers/json.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// A built web app, whose index.html answers browser navigations to the screens' paths.
const webDistDir = mkdtempSync(join(tmpdir(), 'atende-web-dist-'));
writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>web app</title>');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ webDistDir });
});
afterAll(() => t?.close());

// The reference itself: the page, its files and the document are not API operations; and the
// spec's DELETE /messages/{id}, which OpenAPI cannot hold beside /messages/{ticketId}: the document
// names it DELETE /message/{messageId} (issue 36 point 2), and both are answered. The web chat
// widget's script, its CORS preflight and the images it reads are files and a browser's question,
// not operations (docs/webchat.md).
const undocumented = new Set(['GET /openapi.json', 'GET /docs', 'GET /docs/:file', 'DELETE /messages/:messageId', 'GET /widget.js', 'OPTIONS /webchat/:publicId/*', 'GET /webchat/:publicId/files/:messageId']);

const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

type Operation = { parameters?: Array<{ in: string; name: string; required?: boolean }>; requestBody?: { content: Record<string, { schema: Json }> }; security?: unknown[]; tags?: string[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown>; schemas?: Record<string, Json> } };

describe('OpenAPI document at /openapi.json (issue 12 point 3)', () => {
  let document: Document;
  beforeAll(async () => {
    const answer = await t.request<Document>('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    document = answer.body;
  });

  it('is OpenAPI 3.1 and lists every route of the route table', () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const missing = t.app.routeTable
      .filter((route) => !undocumented.has(routeKey(route)))
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map(routeKey);
    expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
    const keys = new Set(t.app.routeTable.map(routeKey));
    for (const excluded of undocumented) expect(keys.has(excluded), excluded).toBe(true);
  });

  it('describes bodies, path parameters and queries from the zod schemas the routes validate with', () => {
    // a schema with an id in packages/shared is a component the operation refers to
    const resolved = (schema: Json | undefined) => (schema?.$ref ? document.components.schemas?.[String(schema.$ref).replace('#/components/schemas/', '')] : schema);
    const login = document.paths['/auth/login'].post;
    const loginSchema = resolved(login.requestBody?.content['application/json'].schema);
    expect(loginSchema).toMatchObject({ type: 'object', properties: { email: { type: 'string' }, password: { type: 'string' } } });
    expect(loginSchema.required).toEqual(expect.arrayContaining(['email', 'password']));

    const ticket = document.paths['/tickets/{ticketId}'].put;
    expect(ticket.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'ticketId', required: true })]));
    expect(resolved(ticket.requestBody?.content['application/json'].schema)?.properties).toHaveProperty('status');

    expect(document.paths['/tickets'].get.parameters?.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['searchParam', 'showAll']));
  });

  it("names how each route authenticates: a user's access token, a connection token, or nothing", () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['accessToken', 'connectionToken', 'metricsToken']);
    expect(document.paths['/tickets'].get.security).toEqual([{ accessToken: [] }]);
    expect(document.paths['/settings'].get.security).toEqual([{ accessToken: [] }]);
    expect(document.paths['/api/messages/send'].post.security).toEqual([{ connectionToken: [] }]);
    expect(document.paths['/auth/login'].post.security).toEqual([]);
    expect(document.paths['/health'].get.tags).toEqual(['operations']);
  });
});

describe('API reference at /docs (issue 12 point 3)', () => {
  it('answers an HTML page whose scripts and styles all come from this server', async () => {
    const page = await fetch(`${t.url}/docs`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    // a browser navigation, yet the server's page, not the web app
    expect(html).toContain('<div id="swagger-ui">');
    expect(html).not.toMatch(/<script>|<style>/);
    const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(urls.length).toBe(3);
    for (const url of urls) {
      expect(url, url).toMatch(/^\/[^/]/);
      const asset = await fetch(t.url + url);
      expect(asset.status, url).toBe(200);
      expect(asset.headers.get('content-type'), url).toMatch(url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await asset.text()).length, url).toBeGreaterThan(url.endsWith('start.js') ? 50 : 10_000);
    }
    expect((await fetch(`${t.url}/openapi.json`, { headers: { accept: 'text/html' } })).headers.get('content-type')).toMatch(/^application\/json/);
    const start = await (await fetch(`${t.url}/docs/start.js`)).text();
    expect(start).toContain("url: '/openapi.json'");
    expect(start).not.toMatch(/https?:\/\//);
    // the app's Content-Security-Policy keeps the browser from loading anything from elsewhere
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it("every answer, an API call's and a 404 too, carries the app's security headers", async () => {
    for (const path of ['/health', '/no-such-route']) {
      const answer = await fetch(t.url + path);
      const policy = answer.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain('frame-src https://www.youtube.com');
      expect(policy, path).toContain("connect-src 'self' ws: wss:");
      expect(policy, path).not.toContain('upgrade-insecure-requests');
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(answer.headers.get('strict-transport-security'), path).toMatch(/max-age=/);
      expect(answer.headers.get('cross-origin-embedder-policy'), path).toBeNull();
    }
  });

  it('serves only the files of the page', async () => {
    expect((await fetch(`${t.url}/docs/package.json`)).status).toBe(400);
    expect((await fetch(`${t.url}/docs/..%2F..%2Fpackage.json`)).status).toBe(400);
  });
});
