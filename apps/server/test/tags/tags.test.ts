import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactTags, tags } from '../../src/db/schema.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createContact, createTag } from '../factories/contact.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const adminSession = async () => {
  const tenant = await createCompany(t.db);
  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  return { ...tenant, ...session };
};

const tagIdsOf = async (contactId: number) =>
  (await t.db.select().from(contactTags).where(eq(contactTags.contactId, contactId))).map((row) => row.tagId).sort((x, y) => x - y);

describe('tag calls (01-core §7 tags, §3 Tag)', () => {
  it('POST /tags creates a tag; a name already used in the company is refused', async () => {
    const s = await adminSession();
    const created = await t.request('POST', '/tags', {
      token: s.token,
      body: { name: '  Cliente VIP  ', color: '#FF0000', kanban: 1, companyId: s.company.id },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      name: 'Cliente VIP',
      color: '#FF0000',
      kanban: 1,
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: '',
      userId: null,
      ticketTags: 0,
      contacts: 0,
    });

    // the contact tag box sends a random colour and kanban 0 (01-core §5); both may be left out
    const plain = await t.request('POST', '/tags', { token: s.token, body: { name: 'Plain' } });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ name: 'Plain', kanban: 0 });
    expect(plain.body.color).toMatch(/^#[0-9a-f]{6}$/);

    const duplicated = await t.request('POST', '/tags', { token: s.token, body: { name: 'Cliente VIP', color: '#00FF00', kanban: 0 } });
    expect(duplicated).toMatchObject({
      status: 400,
      body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.name', message: 'validation.duplicated' }] },
    });

    // another company may use the same name
    const other = await adminSession();
    expect((await t.request('POST', '/tags', { token: other.token, body: { name: 'Cliente VIP' } })).status).toBe(201);
  });

  it('validates the tag and stores nothing', async () => {
    const s = await adminSession();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'body.name'],
      [{ name: '   ' }, 'body.name'],
      [{ name: 'ab' }, 'body.name'],
      [{ name: 'x'.repeat(101) }, 'body.name'],
      [{ name: 'okay', color: 'red' }, 'body.color'],
      [{ name: 'okay', kanban: 2 }, 'body.kanban'],
      [{ name: 'okay', kanban: 'yes' }, 'body.kanban'],
      [{ name: 'okay', timeLane: -1 }, 'body.timeLane'],
      [{ name: 'okay', timeLane: 'soon' }, 'body.timeLane'],
    ];
    for (const [body, path] of cases) {
      const answer = await t.request('POST', '/tags', { token: s.token, body });
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    }
    expect(await t.db.select().from(tags).where(eq(tags.companyId, s.company.id))).toEqual([]);

    // an unknown field is ignored and a kanban flag sent as text is read (issue 13)
    const loose = await t.request('POST', '/tags', { token: s.token, body: { name: 'okay', kanban: '1', timeLane: '2', extra: true } });
    expect(loose).toMatchObject({ status: 201, body: { name: 'okay', kanban: 1, timeLane: 2 } });
  });

  it('GET /tags/list lists the company tags by name, filtered by kanban', async () => {
    const s = await adminSession();
    await createTag(t.db, s.company.id, { name: 'Zeta', kanban: 1 });
    await createTag(t.db, s.company.id, { name: 'Alfa', kanban: 0 });
    await createTag(t.db, s.company.id, { name: 'Meio', kanban: 1 });
    const names = async (query: string) => {
      const answer = await t.request('GET', `/tags/list${query}`, { token: s.token });
      expect(answer.status).toBe(200);
      return answer.body.map((tag: { name: string }) => tag.name);
    };
    expect(await names('')).toEqual(['Alfa', 'Meio', 'Zeta']);
    expect(await names(`?companyId=${s.company.id}&kanban=1`)).toEqual(['Meio', 'Zeta']);
    expect(await names('?kanban=0')).toEqual(['Alfa']);
    expect((await t.request('GET', '/tags/list?kanban=yes', { token: s.token })).status).toBe(400);
  });

  it("GET /contactTags/{contactId} and POST /tags/sync read and replace a contact's tags", async () => {
    const s = await adminSession();
    const [red, green, blue] = await Promise.all(
      ['Red', 'Green', 'Blue'].map((name) => createTag(t.db, s.company.id, { name })),
    );
    const contact = await createContact(t.db, s.company.id, { tagIds: [red.id] });

    const initial = await t.request('GET', `/contactTags/${contact.id}`, { token: s.token });
    expect(initial).toMatchObject({ status: 200, body: { tags: [{ id: red.id, name: 'Red', color: '#336699', kanban: 0 }] } });

    // the web sends whole tag objects
    const synced = await t.request('POST', '/tags/sync', {
      token: s.token,
      body: { contactId: contact.id, tags: [green, blue, { ...blue }] },
    });
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ id: contact.id, tags: [{ id: blue.id, name: 'Blue' }, { id: green.id, name: 'Green' }] });
    expect(await tagIdsOf(contact.id)).toEqual([green.id, blue.id].sort((x, y) => x - y));
    const read = await t.request('GET', `/contactTags/${contact.id}`, { token: s.token });
    expect(read.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Blue', 'Green']);

    const cleared = await t.request('POST', '/tags/sync', { token: s.token, body: { contactId: contact.id, tags: [] } });
    expect(cleared.body.tags).toEqual([]);
    expect(await tagIdsOf(contact.id)).toEqual([]);
  });

  it('a sync naming an unknown tag is refused and changes nothing', async () => {
    const s = await adminSession();
    const kept = await createTag(t.db, s.company.id);
    const contact = await createContact(t.db, s.company.id, { tagIds: [kept.id] });
    const answer = await t.request('POST', '/tags/sync', {
      token: s.token,
      body: { contactId: contact.id, tags: [{ id: kept.id }, { id: 999_999 }] },
    });
    expect(answer).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.tags' }] } });
    expect(await tagIdsOf(contact.id)).toEqual([kept.id]);

    const missingContact = await t.request('POST', '/tags/sync', { token: s.token, body: { contactId: 999_999, tags: [] } });
    expect(missingContact).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    const badBody = await t.request('POST', '/tags/sync', { token: s.token, body: { contactId: contact.id, tags: [{ name: 'x' }] } });
    expect(badBody.status).toBe(400);
    expect(await tagIdsOf(contact.id)).toEqual([kept.id]);
  });

  it('concurrent syncs of one contact leave exactly one of the requested sets', async () => {
    const s = await adminSession();
    const [one, two, three] = await Promise.all(['One', 'Two', 'Three'].map((name) => createTag(t.db, s.company.id, { name })));
    const contact = await createContact(t.db, s.company.id);
    const answers = await Promise.all([
      t.request('POST', '/tags/sync', { token: s.token, body: { contactId: contact.id, tags: [{ id: one.id }, { id: two.id }] } }),
      t.request('POST', '/tags/sync', { token: s.token, body: { contactId: contact.id, tags: [{ id: two.id }, { id: three.id }] } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const sets = [[one.id, two.id].sort((x, y) => x - y), [two.id, three.id].sort((x, y) => x - y)];
    expect(sets).toContainEqual(await tagIdsOf(contact.id));
  });

  it('profile users may create and sync tags', async () => {
    const s = await adminSession();
    const user = await createUser(t.db, s.company.id, { profile: 'user' });
    const session = await t.login(user.email, TEST_PASSWORD);
    const tag = await t.request('POST', '/tags', { token: session.token, body: { name: 'From user', color: '#123456', kanban: 0 } });
    expect(tag.status).toBe(201);
    const contact = await createContact(t.db, s.company.id);
    const synced = await t.request('POST', '/tags/sync', { token: session.token, body: { contactId: contact.id, tags: [tag.body] } });
    const { id, name, color, kanban } = tag.body;
    expect(synced.body.tags).toEqual([{ id, name, color, kanban }]);
  });
});
