// Issue 36 point 1: the quick-messages calls answer what their contracts in packages/shared say.
import { quickMessagesEndpoints as endpoints } from '@atende/shared/quick-messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('quick-messages contracts (02-operations §7 Quick messages)', () => {
  it('each call answers what its endpoint schema says', async () => {
    const a = await setupAttendance(t);
    const token = a.adminSession.token;
    const created = await t.request('POST', '/quick-messages', { token, body: { shortcode: 'oi', message: 'Olá!', geral: true } });
    expect(created.status).toBe(201);
    const record = endpoints.create.response.parse(created.body);
    expect(record).toMatchObject({ shortcode: 'oi', mediaPath: null, userId: a.admin.id });
    expect(endpoints.show.response.parse((await t.request('GET', `/quick-messages/${record.id}`, { token })).body).id).toBe(record.id);
    expect(endpoints.update.response.parse((await t.request('PUT', `/quick-messages/${record.id}`, { token, body: { message: 'Bom dia!' } })).body).message).toBe('Bom dia!');
    expect(endpoints.page.response.parse((await t.request('GET', '/quick-messages?searchParam=oi', { token })).body).records.map((row) => row.id)).toEqual([record.id]);
    expect(endpoints.list.response.parse((await t.request('GET', '/quick-messages/list', { token })).body).map((row) => row.id)).toEqual([record.id]);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } }).png().toBuffer())]), 'logo.png');
    const uploaded = await t.request('POST', `/quick-messages/${record.id}/media-upload`, { token, rawBody: form });
    expect(endpoints.uploadMedia.response.parse(uploaded.body).mediaName).toBe('logo.png');
    const cleared = await t.request('DELETE', `/quick-messages/${record.id}/media-upload`, { token });
    expect(endpoints.removeMedia.response.parse(cleared.body).mediaPath).toBeNull();
    expect((await t.request('DELETE', `/quick-messages/${record.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/quick-messages/${record.id}`, { token })).body).toEqual({ error: 'ERR_NOT_FOUND' });
  });
});
