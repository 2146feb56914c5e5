// Whitelabel branding (03-saas §2 Whitelabel tab, §3 Global settings, §5 "Whitelabel editing is
// allowed to super only", §7 settings and /settings-whitelabel calls): super-only changes, images
// typed by their content and stored under generated names, and the live public-settings event
// that every open screen — the login page too — receives on the public namespace.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicSettingKeys } from '@atende/shared/settings';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { pngDeclaring } from '../factories/image.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';
import { sendRaw } from '../sweeps/support/answers.ts';
import { changedTables, settle, snapshot } from '../sweeps/support/snapshot.ts';

let t: TestApp;
let superToken: string;
let adminToken: string;
let png: Buffer;
let webp: Buffer;

beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
  const { admin } = await createCompany(t.db);
  adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
  png = await sharp({ create: { width: 32, height: 16, channels: 4, background: { r: 0, g: 80, b: 160, alpha: 0.5 } } }).png().toBuffer();
  webp = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff8800' } }).webp().toBuffer();
});
afterAll(() => t?.close());

const brandingDir = () => join(t.config.publicDir, 'branding');
const brandingFiles = () => (existsSync(brandingDir()) ? readdirSync(brandingDir()).sort() : []);

const imageForm = (fields: Record<string, string>, file: { data: Buffer; name: string; type?: string }, field = 'file') => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  return form;
};

const upload = (path: string, form: FormData, token = superToken) => sendRaw(t.url, 'POST', path, { token, body: form });

const connectPublic = () =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(`${t.url}/public`, { transports: ['websocket'], reconnection: false });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });

const nextPublicSetting = (socket: Socket, key: string) =>
  new Promise<unknown>((resolve) => {
    const listener = (payload: { setting: { key: string } }) => {
      if (payload.setting.key !== key) return;
      socket.off('public-settings', listener);
      resolve(payload);
    };
    socket.on('public-settings', listener);
  });

describe('global settings (03-saas §3 Global settings, §7 GET /settings, PUT /settings/{key})', () => {
  it('answers the stored defaults: #065183 for both colours, sign-up disabled, no name and no images', async () => {
    const list = await t.request('GET', '/settings', { token: superToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { key: 'userCreation', value: 'disabled' },
      // SIGNUP_TRIAL_DAYS until the super admin saves a length (issue 35 point 6)
      { key: 'signupTrialDays', value: String(t.config.signupTrialDays) },
      { key: 'supportContact', value: '' },
      { key: 'twoFactorRequiredForAdmins', value: 'disabled' },
      { key: 'primaryColorLight', value: '#065183' },
      { key: 'primaryColorDark', value: '#065183' },
      { key: 'appName', value: '' },
      { key: 'appLogoLight', value: '' },
      { key: 'appLogoDark', value: '' },
      { key: 'appLogoFavicon', value: '' },
      { key: 'loginEnterImage', value: '' },
      { key: 'loginRegisterImage', value: '' },
    ]);
  });

  it('the super admin changes each text setting; a bad value or an unknown key is refused and nothing changes', async () => {
    for (const [key, value] of [
      ['userCreation', 'enabled'],
      ['primaryColorLight', '#112233'],
      ['primaryColorDark', '#AABBCC'],
      ['appName', 'Atende Branco'],
    ]) {
      expect(await t.request('PUT', `/settings/${key}`, { token: superToken, body: { value } }), key).toMatchObject({ status: 200, body: { key, value } });
      expect((await t.request('GET', `/public-settings/${key}`)).body, key).toEqual({ key, value });
    }
    const before = await snapshot(t.db);
    const refused = [
      ['userCreation', 'maybe'],
      ['primaryColorLight', 'blue'],
      ['primaryColorDark', '#12345'],
      ['primaryColorDark', 'red;}body{display:none'],
      ['appName', 'x'.repeat(51)],
      ['appLogoLight', '../../secrets.json'],
      ['appLogoFavicon', 'https://evil.example/x.png'],
      ['loginEnterImage', 'javascript:alert(1)'],
    ];
    for (const [key, value] of refused) {
      const answer = await t.request('PUT', `/settings/${key}`, { token: superToken, body: { value } });
      expect(answer, `${key}=${value}`).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } });
    }
    for (const key of ['unknownKey', 'frontendVersion', '..%2Fsecrets']) {
      expect((await t.request('PUT', `/settings/${key}`, { token: superToken, body: { value: 'x' } })).status, key).toBe(400);
    }
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
  });

  it('a company admin or user gets 403 on every super call and nothing changes (03-saas §6)', async () => {
    const { company } = await createCompany(t.db);
    const user = await createUser(t.db, company.id);
    const userToken = (await t.login(user.email, TEST_PASSWORD)).token;
    const before = await settle(t.db);
    const filesBefore = brandingFiles();
    for (const token of [adminToken, userToken]) {
      expect((await t.request('GET', '/settings', { token })).status).toBe(403);
      expect(await t.request('PUT', '/settings/appName', { token, body: { value: 'Hijacked' } })).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
      expect(await t.request('PUT', '/settings/userCreation', { token, body: { value: 'enabled' } })).toMatchObject({ status: 403 });
      for (const path of ['/settings-whitelabel/logo', '/settings-whitelabel/login']) {
        const answer = await upload(path, imageForm({ typeArch: 'logo', mode: path.endsWith('logo') ? 'Light' : 'Enter' }, { data: png, name: 'x.png' }), token);
        expect(answer.status, path).toBe(403);
      }
    }
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    expect(brandingFiles()).toEqual(filesBefore);
    expect((await t.request('GET', '/public-settings/appName')).body.value).not.toBe('Hijacked');
  });

  it('GET /setting/{key} answers any signed-in user; GET /public-settings/{key} answers without a token only the login page’s keys', async () => {
    expect(await t.request('GET', '/setting/appName', { token: adminToken })).toMatchObject({ status: 200, body: { key: 'appName' } });
    expect((await t.request('GET', '/setting/appName')).status).toBe(401);
    for (const key of publicSettingKeys) expect((await t.request('GET', `/public-settings/${key}`)).status, key).toBe(200);
    // a global setting the login page does not show stays behind the sign-in
    for (const key of ['twoFactorRequiredForAdmins', 'frontendVersion', 'jwtSecret', 'unknown', '..%2F..%2Fsecrets.json']) {
      expect((await t.request('GET', `/public-settings/${key}`)).status, key).toBe(400);
    }
  });
});

describe('whitelabel images POST /settings-whitelabel/logo and /login (03-saas §2 Whitelabel tab, §7)', () => {
  it('stores each image under a generated name, answers that name, sets its setting and serves it safely', async () => {
    const cases = [
      { path: '/settings-whitelabel/logo', mode: 'Light', key: 'appLogoLight', data: png, ext: 'png' },
      { path: '/settings-whitelabel/logo', mode: 'dark', key: 'appLogoDark', data: webp, ext: 'webp' },
      { path: '/settings-whitelabel/logo', mode: 'Favicon', key: 'appLogoFavicon', data: png, ext: 'png' },
      { path: '/settings-whitelabel/login', mode: 'Enter', key: 'loginEnterImage', data: webp, ext: 'webp' },
      { path: '/settings-whitelabel/login', mode: 'register', key: 'loginRegisterImage', data: png, ext: 'png' },
    ];
    for (const item of cases) {
      // a traversal name and a lying declared type change nothing: the content decides
      const answer = await upload(item.path, imageForm({ typeArch: 'logo', mode: item.mode }, { data: item.data, name: '../../evil.html', type: 'text/html' }));
      expect(answer.status, answer.text).toBe(200);
      const name = JSON.parse(answer.text) as string;
      expect(name).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${item.ext}$`));
      expect((await t.request('GET', `/public-settings/${item.key}`)).body).toEqual({ key: item.key, value: name });
      const served = await fetch(`${t.url}/public/branding/${name}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(item.data)).toBe(true);
      expect(served.headers.get('content-type')).toBe(`image/${item.ext}`);
      expect(served.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(brandingFiles()).toHaveLength(cases.length);
    expect(existsSync(join(t.config.publicDir, '..', 'evil.html'))).toBe(false);
  });

  it('a replaced image leaves no file behind; PUT with the stored name keeps it; PUT "" goes back to the default', async () => {
    const first = JSON.parse((await upload('/settings-whitelabel/logo', imageForm({ mode: 'Light' }, { data: png, name: 'a.png' }))).text) as string;
    const second = JSON.parse((await upload('/settings-whitelabel/logo', imageForm({ mode: 'Light' }, { data: webp, name: 'b.webp' }))).text) as string;
    expect(brandingFiles()).not.toContain(first);
    expect(brandingFiles()).toContain(second);
    expect((await fetch(`${t.url}/public/branding/${first}`)).status).toBe(404);
    expect((await t.request('PUT', '/settings/appLogoLight', { token: superToken, body: { value: second } })).status).toBe(200);
    expect(brandingFiles()).toContain(second);
    expect(await t.request('PUT', '/settings/appLogoLight', { token: superToken, body: { value: '' } })).toMatchObject({ status: 200, body: { value: '' } });
    expect(brandingFiles()).not.toContain(second);
  });

  it('refuses what is not an image by its content, a pixel bomb, a wrong mode, a wrong field and an oversize file; nothing is stored', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const before = await settle(t.db);
    const filesBefore = brandingFiles();
    const refused: Array<{ path: string; form: FormData; status: number; error: string }> = [
      { path: '/settings-whitelabel/logo', form: imageForm({ mode: 'Light' }, { data: html, name: 'logo.png' }), status: 400, error: 'ERR_INVALID_FILE' },
      { path: '/settings-whitelabel/logo', form: imageForm({ mode: 'Favicon' }, { data: svg, name: 'icon.svg', type: 'image/svg+xml' }), status: 400, error: 'ERR_INVALID_FILE' },
      { path: '/settings-whitelabel/login', form: imageForm({ mode: 'Enter' }, { data: pdf, name: 'x.png' }), status: 400, error: 'ERR_INVALID_FILE' },
      { path: '/settings-whitelabel/login', form: imageForm({ mode: 'Enter' }, { data: Buffer.alloc(0), name: 'empty.png' }), status: 400, error: 'ERR_INVALID_FILE' },
      { path: '/settings-whitelabel/logo', form: imageForm({ mode: 'Dark' }, { data: pngDeclaring(30_000, 30_000), name: 'bomb.png' }), status: 400, error: 'ERR_INVALID_IMAGE' },
      { path: '/settings-whitelabel/logo', form: imageForm({ mode: 'Enter' }, { data: png, name: 'x.png' }), status: 400, error: 'ERR_VALIDATION' },
      { path: '/settings-whitelabel/login', form: imageForm({ mode: 'Light' }, { data: png, name: 'x.png' }), status: 400, error: 'ERR_VALIDATION' },
      { path: '/settings-whitelabel/logo', form: imageForm({}, { data: png, name: 'x.png' }), status: 400, error: 'ERR_VALIDATION' },
      { path: '/settings-whitelabel/logo', form: imageForm({ mode: 'Light' }, { data: png, name: 'x.png' }, 'logo'), status: 400, error: 'ERR_INVALID_FILE' },
      {
        path: '/settings-whitelabel/logo',
        form: imageForm({ mode: 'Light' }, { data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.png' }),
        status: 413,
        error: 'ERR_FILE_TOO_LARGE',
      },
    ];
    for (const item of refused) {
      const answer = await upload(item.path, item.form);
      expect({ status: answer.status, error: JSON.parse(answer.text).error }, answer.text).toEqual({ status: item.status, error: item.error });
    }
    const json = await sendRaw(t.url, 'POST', '/settings-whitelabel/logo', { token: superToken, contentType: 'application/json', body: '{"mode":"Light"}' });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(changedTables(before, await snapshot(t.db))).toEqual([]);
    expect(brandingFiles()).toEqual(filesBefore);
  });

  it('the branding folder is served without walking out of it', async () => {
    for (const path of ['/public/branding/..%2f..%2fsecrets.json', '/public/branding/%2e%2e/%2e%2e/secrets.json', '/public/branding/.%00./x']) {
      const answer = await sendRaw(t.url, 'GET', path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.text).not.toContain(t.config.jwtSecret);
    }
  });
});

describe('live branding (03-saas §2 Whitelabel tab: applied to every user and the login page)', () => {
  it('a change reaches a visitor with no token on the public namespace and a signed-in user of another company, with the new value', async () => {
    const visitor = await connectPublic();
    const other = await createCompany(t.db);
    const otherSession = await t.login(other.admin.email, TEST_PASSWORD);
    const signedIn = await connectPublic();
    const companySocket = await connectSocket(t, otherSession.token);
    try {
      const seenOnCompanySocket = recordEvents(companySocket);
      const visitorGot = nextPublicSetting(visitor, 'primaryColorLight');
      const signedInGot = nextPublicSetting(signedIn, 'primaryColorLight');
      await t.request('PUT', '/settings/primaryColorLight', { token: superToken, body: { value: '#445566' } });
      const expected = { action: 'update', setting: { key: 'primaryColorLight', value: '#445566' } };
      expect(await visitorGot).toEqual(expected);
      expect(await signedInGot).toEqual(expected);

      const logoGot = nextPublicSetting(visitor, 'appLogoDark');
      const answer = await upload('/settings-whitelabel/logo', imageForm({ typeArch: 'logo', mode: 'Dark' }, { data: png, name: 'logo.png' }));
      expect(await logoGot).toEqual({ action: 'update', setting: { key: 'appLogoDark', value: JSON.parse(answer.text) } });
      // company channels carry no platform-wide setting
      expect(seenOnCompanySocket.filter((event) => event.channel.endsWith('-settings'))).toEqual([]);
    } finally {
      visitor.disconnect();
      signedIn.disconnect();
      companySocket.disconnect();
    }
  });

});
