// Issue 36 point 1: the announcements calls answer what their contracts say (02-operations §7 Announcements).
import { announcementsEndpoints } from '@atende/shared/announcements';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superToken: string;
let userToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
  const { admin } = await createCompany(t.db);
  userToken = (await t.login(admin.email, TEST_PASSWORD)).token;
});
afterAll(() => t?.close());

describe('announcements contracts (02-operations §7 Announcements)', () => {
  it('each call answers its response schema', async () => {
    const created = await t.request('POST', '/announcements', { token: superToken, body: { title: 'Manutenção', text: 'Sábado às 22h', priority: 1 } });
    expect(created.status).toBe(201);
    const announcement = announcementsEndpoints.create.response.parse(created.body);
    expect(announcementsEndpoints.show.response.parse((await t.request('GET', `/announcements/${announcement.id}`, { token: userToken })).body).title).toBe('Manutenção');
    const page = announcementsEndpoints.page.response.parse((await t.request('GET', '/announcements?searchParam=manut', { token: userToken })).body);
    expect(page.records.map((row) => row.id)).toEqual([announcement.id]);
    const updated = await t.request('PUT', `/announcements/${announcement.id}`, { token: superToken, body: { title: 'Manutenção', text: 'Domingo' } });
    expect(announcementsEndpoints.update.response.parse(updated.body).text).toBe('Domingo');

    const form = new FormData();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0055ff' } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'aviso.png');
    const withImage = await t.request('POST', `/announcements/${announcement.id}/media-upload`, { token: superToken, rawBody: form });
    expect(announcementsEndpoints.uploadMedia.response.parse(withImage.body).mediaName).toBe('aviso.png');
    const withoutImage = await t.request('DELETE', `/announcements/${announcement.id}/media-upload`, { token: superToken });
    expect(announcementsEndpoints.removeMedia.response.parse(withoutImage.body).mediaPath).toBeNull();

    expect((await t.request('DELETE', `/announcements/${announcement.id}`, { token: superToken })).status).toBe(204);
    expect((await t.request('GET', `/announcements/${announcement.id}`, { token: userToken })).body).toEqual({ error: 'ERR_NO_ANNOUNCEMENT_FOUND' });
  });
});
