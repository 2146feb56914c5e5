// Issue 36 point 1: the contact import calls answer what their contracts say (01-core §2 /contacts/import).
import { contactImportEndpoints } from '@atende/shared/contact-imports';
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

describe('contact import contracts (01-core §2 /contacts/import)', () => {
  it('each call answers its response schema', async () => {
    const form = new FormData();
    form.append('file', new Blob(['nome,numero\nMaria,5511988887777\n']), 'clientes.csv');
    const uploaded = await t.request('POST', '/contacts/import/upload', { token, rawBody: form });
    const preview = contactImportEndpoints.upload.response.parse(uploaded.body);
    expect(preview.columnCount).toBe(2);
    const columns = [{ field: 'name' }, { field: 'number' }];
    const started = await t.request('POST', '/contacts/import', { token, body: { file: preview.file, fileName: preview.fileName, columns } });
    expect(started.status).toBe(201);
    const sheetImport = contactImportEndpoints.importSheet.response.parse(started.body);
    expect(contactImportEndpoints.show.response.parse((await t.request('GET', `/contacts/import/${sheetImport.id}`, { token })).body).source).toBe('spreadsheet');

    const list = (await t.request('POST', '/contact-lists', { token, body: { name: 'Feira' } })).body as { id: number };
    await t.request('POST', '/contact-list-items', { token, body: { name: 'João', number: '5511977776666', contactListId: list.id } });
    const fromList = await t.request('POST', '/contacts/import/contact-list', { token, body: { contactListId: list.id } });
    expect(fromList.status).toBe(201);
    expect(contactImportEndpoints.importContactList.response.parse(fromList.body).source).toBe('contactList');

    const recent = contactImportEndpoints.recent.response.parse((await t.request('GET', '/contacts/import', { token })).body);
    expect(recent.records.map((record) => record.id)).toContain(sheetImport.id);
    expect((await t.request('GET', '/contacts/import/999999', { token })).body).toEqual({ error: 'ERR_NO_CONTACT_IMPORT_FOUND' });
  });
});
