// Issue 36 point 1: the contact calls answer what their contracts say (01-core §7 contacts calls).
import { contactsEndpoints } from '@atende/shared/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createTag } from '../factories/contact.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;
let tagId: number;
beforeAll(async () => {
  t = await startTestApp();
  const { company, admin } = await createCompany(t.db);
  token = (await t.login(admin.email, TEST_PASSWORD)).token;
  tagId = (await createTag(t.db, company.id, { name: 'Cliente VIP' })).id;
});
afterAll(() => t?.close());

describe('contact contracts (01-core §7 contacts calls)', () => {
  it('each call answers its response schema', async () => {
    const created = await t.request('POST', '/contacts', { token, body: { name: 'Maria Souza', number: '+55 11 98888-7777', extraInfo: [{ name: 'CPF', value: '123' }] } });
    expect(created.status).toBe(201);
    const contact = contactsEndpoints.create.response.parse(created.body);
    expect(contact.extraInfo).toMatchObject([{ name: 'CPF', value: '123' }]);
    expect(contactsEndpoints.show.response.parse((await t.request('GET', `/contacts/${contact.id}`, { token })).body).number).toBe('5511988887777');
    expect(contactsEndpoints.page.response.parse((await t.request('GET', '/contacts?searchParam=maria', { token })).body).contacts.map((row) => row.id)).toEqual([contact.id]);
    expect(contactsEndpoints.all.response.parse((await t.request('GET', '/contacts/list', { token })).body)).toEqual([
      { id: contact.id, name: 'Maria Souza', number: '5511988887777', email: '' },
    ]);
    expect(contactsEndpoints.profile.response.parse((await t.request('GET', '/contacts/profile/5511988887777', { token })).body).contactId).toBe(contact.id);
    const updated = await t.request('PUT', `/contacts/${contact.id}`, { token, body: { email: 'maria@example.test' } });
    expect(contactsEndpoints.update.response.parse(updated.body).email).toBe('maria@example.test');
    const audio = contactsEndpoints.toggleAcceptAudio.response.parse((await t.request('PUT', `/contacts/toggleAcceptAudio/${contact.id}`, { token })).body);
    expect(audio.acceptAudioMessage).toBe(!contact.acceptAudioMessage);
    expect(contactsEndpoints.toggleDisableBot.response.parse((await t.request('PUT', `/contacts/toggleDisableBot/${contact.id}`, { token })).body).disableBot).toBe(true);
    const blocked = await t.request('PUT', `/contacts/block/${contact.id}`, { token, body: { active: false } });
    expect(contactsEndpoints.block.response.parse(blocked.body).active).toBe(false);

    const synced = await t.request('POST', '/tags/sync', { token, body: { contactId: contact.id, tags: [{ id: tagId }] } });
    expect(contactsEndpoints.syncTags.response.parse(synced.body).tags.map((tag) => tag.id)).toEqual([tagId]);
    expect(contactsEndpoints.tags.response.parse((await t.request('GET', `/contactTags/${contact.id}`, { token })).body).tags).toMatchObject([{ id: tagId, name: 'Cliente VIP' }]);

    expect((await t.request('DELETE', `/contacts/${contact.id}`, { token })).status).toBe(204);
    expect((await t.request('GET', `/contacts/${contact.id}`, { token })).body).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
  });
});
