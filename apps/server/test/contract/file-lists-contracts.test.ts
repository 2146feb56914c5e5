// Issue 36 point 1: the file-lists calls answer what their contracts say (02-operations §7 File lists).
import { fileListsEndpoints } from '@atende/shared/file-lists';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  const { admin } = await createCompany(t.db);
  token = (await t.login(admin.email, TEST_PASSWORD)).token;
});
afterAll(() => t?.close());

describe('file-lists contracts (02-operations §7 File lists)', () => {
  it('each call answers its response schema', async () => {
    const created = await t.request('POST', '/files', { token, body: { name: 'Catálogo', message: 'Segue', options: [{ name: 'Capa' }] } });
    expect(created.status).toBe(201);
    const list = fileListsEndpoints.create.response.parse(created.body);
    expect(fileListsEndpoints.show.response.parse((await t.request('GET', `/files/${list.id}`, { token })).body).options).toHaveLength(1);
    expect(fileListsEndpoints.page.response.parse((await t.request('GET', '/files?searchParam=cat', { token })).body).files.map((row) => row.id)).toEqual([list.id]);
    const updated = await t.request('PUT', `/files/${list.id}`, { token, body: { message: 'Novo texto' } });
    expect(fileListsEndpoints.update.response.parse(updated.body).message).toBe('Novo texto');

    const form = new FormData();
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0055ff' } }).png().toBuffer();
    form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'capa.png');
    form.append('id', String(list.options[0].id));
    const uploaded = await t.request('POST', `/files/uploadList/${list.id}`, { token, rawBody: form });
    expect(fileListsEndpoints.upload.response.parse(uploaded.body).options[0].mediaType).toBe('image');

    expect((await t.request('DELETE', `/files/${list.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/files/${list.id}`, { token })).body).toEqual({ error: 'ERR_NOT_FOUND' });
  });
});
