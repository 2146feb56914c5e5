// Issue 36 point 1: the contact-lists calls answer what their contracts say (02-operations §7 Contact lists).
import { contactListsEndpoints } from '@atende/shared/contact-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  const { admin } = await createCompany(t.db, { planFlags: { useCampaigns: true } });
  token = (await t.login(admin.email, TEST_PASSWORD)).token;
});
afterAll(() => t?.close());

describe('contact-lists contracts (02-operations §7 Contact lists)', () => {
  it('each call answers its response schema', async () => {
    const created = await t.request('POST', '/contact-lists', { token, body: { name: 'Feira' } });
    expect(created.status).toBe(201);
    const list = contactListsEndpoints.create.response.parse(created.body);
    expect(contactListsEndpoints.show.response.parse((await t.request('GET', `/contact-lists/${list.id}`, { token })).body).name).toBe('Feira');
    expect(contactListsEndpoints.page.response.parse((await t.request('GET', '/contact-lists?searchParam=fei', { token })).body).records.map((row) => row.id)).toEqual([list.id]);
    expect(contactListsEndpoints.all.response.parse((await t.request('GET', '/contact-lists/list', { token })).body).map((row) => row.id)).toEqual([list.id]);
    const renamed = await t.request('PUT', `/contact-lists/${list.id}`, { token, body: { name: 'Feira de maio' } });
    expect(contactListsEndpoints.update.response.parse(renamed.body).name).toBe('Feira de maio');

    const added = await t.request('POST', '/contact-list-items', { token, body: { name: 'João', number: '5511977776666', contactListId: list.id } });
    expect(added.status).toBe(201);
    const item = contactListsEndpoints.createItem.response.parse(added.body);
    expect(contactListsEndpoints.showItem.response.parse((await t.request('GET', `/contact-list-items/${item.id}`, { token })).body).isWhatsappValid).toBeNull();
    const items = contactListsEndpoints.items.response.parse((await t.request('GET', `/contact-list-items?contactListId=${list.id}`, { token })).body);
    expect(items.contacts.map((row) => row.id)).toEqual([item.id]);
    const edited = await t.request('PUT', `/contact-list-items/${item.id}`, { token, body: { email: 'joao@example.test' } });
    expect(contactListsEndpoints.updateItem.response.parse(edited.body).email).toBe('joao@example.test');

    const form = new FormData();
    form.append('file', new Blob(['nome,numero\nMaria,5511988887777\n']), 'lista.csv');
    const uploaded = await t.request('POST', `/contact-lists/${list.id}/upload`, { token, rawBody: form });
    expect(contactListsEndpoints.upload.response.parse(uploaded.body)).toEqual({ contactListId: list.id, queued: true });

    expect((await t.request('DELETE', `/contact-list-items/${item.id}`, { token })).status).toBe(204);
    expect((await t.request('DELETE', `/contact-lists/${list.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/contact-lists/${list.id}`, { token })).body).toEqual({ error: 'ERR_NO_CONTACT_LIST_FOUND' });
  });
});
