import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags } from '../../src/db/schema.ts';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createContact, createTag } from '../factories/contact.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe("another company's contacts answer as not found (01-core §7 contacts, ARCHITECTURE §4 Tenancy)", () => {
  it("company B can neither read nor change nor delete company A's contact, and A is unchanged", async () => {
    const a = await createCompany(t.db);
    const aTag = await createTag(t.db, a.company.id, { name: 'A tag' });
    const aContact = await createContact(t.db, a.company.id, {
      name: 'Alice of A',
      number: '5511912340000',
      extraInfo: [{ name: 'CPF', value: '111' }],
      tagIds: [aTag.id],
    });
    const b = await createCompany(t.db);
    const bTag = await createTag(t.db, b.company.id, { name: 'B tag' });
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);
    const aSession = await t.login(a.admin.email, TEST_PASSWORD);
    const before = (await t.request('GET', `/contacts/${aContact.id}`, { token: aSession.token })).body;

    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/contacts/${aContact.id}`],
      ['PUT', `/contacts/${aContact.id}`, { name: 'Stolen', number: '5511900000000', extraInfo: [] }],
      ['DELETE', `/contacts/${aContact.id}`],
      ['PUT', `/contacts/toggleAcceptAudio/${aContact.id}`],
      ['PUT', `/contacts/toggleDisableBot/${aContact.id}`],
      ['PUT', `/contacts/block/${aContact.id}`, { active: false }],
      ['GET', `/contacts/profile/${aContact.number}`],
      ['GET', `/contactTags/${aContact.id}`],
      ['POST', '/tags/sync', { contactId: aContact.id, tags: [{ id: bTag.id }] }],
      ['POST', '/tags/sync', { contactId: aContact.id, tags: [] }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await t.request(method, path, { token: bSession.token, body });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    }

    const list = await t.request('GET', '/contacts?searchParam=Alice', { token: bSession.token });
    expect(list.body).toMatchObject({ count: 0, contacts: [] });
    const byTag = await t.request('GET', `/contacts?contactTag=${aTag.id}`, { token: bSession.token });
    expect(byTag.body).toMatchObject({ count: 0, contacts: [] });
    const all = await t.request('GET', `/contacts/list?companyId=${a.company.id}`, { token: bSession.token });
    expect(all.body).toEqual([]);

    const after = await t.request('GET', `/contacts/${aContact.id}`, { token: aSession.token });
    expect(after.body).toEqual(before);
    expect(after.body).toMatchObject({
      name: 'Alice of A',
      active: true,
      disableBot: false,
      acceptAudioMessage: true,
      extraInfo: [{ name: 'CPF', value: '111' }],
      tags: [{ id: aTag.id, name: 'A tag' }],
    });
  });

  it('companyId in a body never moves a contact to another company', async () => {
    const a = await createCompany(t.db);
    const b = await createCompany(t.db);
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);
    const created = await t.request('POST', '/contacts', {
      token: bSession.token,
      body: { name: 'Sneaky', number: '5511955550000', companyId: a.company.id },
    });
    expect(created.status).toBe(201);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, created.body.id));
    expect(row.companyId).toBe(b.company.id);
    const updated = await t.request('PUT', `/contacts/${created.body.id}`, {
      token: bSession.token,
      body: { name: 'Sneaky', companyId: a.company.id },
    });
    expect(updated.body.companyId).toBe(b.company.id);
  });

  it("a contact of B cannot be tagged with A's tags", async () => {
    const a = await createCompany(t.db);
    const aTag = await createTag(t.db, a.company.id);
    const b = await createCompany(t.db);
    const bSession = await t.login(b.admin.email, TEST_PASSWORD);
    const bContact = await createContact(t.db, b.company.id);
    const answer = await t.request('POST', '/tags/sync', { token: bSession.token, body: { contactId: bContact.id, tags: [{ id: aTag.id }] } });
    expect(answer.status).toBe(400);
    expect(await t.db.select().from(contactTags).where(eq(contactTags.contactId, bContact.id))).toEqual([]);
    const tags = await t.request('GET', '/tags/list', { token: bSession.token });
    expect(tags.body).toEqual([]);
  });
});
