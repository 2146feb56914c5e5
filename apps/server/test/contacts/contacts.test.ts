import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactExtraInfo, contacts } from '../../src/db/schema.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { createConnection, createContact, createTag } from '../factories/contact.factory.ts';
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

const userSession = async (companyId: number) => {
  const user = await createUser(t.db, companyId, { profile: 'user' });
  return { ...(await t.login(user.email, TEST_PASSWORD)), userRow: user };
};

const contactsOf = (companyId: number) => t.db.select().from(contacts).where(eq(contacts.companyId, companyId));

const validContact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Joana Prado',
  number: '+55 (11) 98765-4321',
  email: 'joana@example.test',
  ...overrides,
});

describe('contacts calls (01-core §7 contacts, §3 Contact)', () => {
  it('creates a contact with digits-only number and extra info, then shows it', async () => {
    const s = await adminSession();
    const connection = await createConnection(t.db, s.company.id, 'Comercial');
    const created = await t.request('POST', '/contacts', {
      token: s.token,
      body: validContact({
        extraInfo: [{ name: 'CPF', value: '123' }],
        disableBot: true,
        acceptAudioMessage: false,
        whatsappId: connection.id,
        // the web sends companyId; it is accepted and ignored (tenant from the token)
        companyId: 999_999,
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Joana Prado',
      number: '5511987654321',
      email: 'joana@example.test',
      companyId: s.company.id,
      active: true,
      disableBot: true,
      acceptAudioMessage: false,
      isGroup: false,
      channel: 'whatsapp',
      whatsappId: connection.id,
      whatsapp: { id: connection.id, name: 'Comercial' },
      extraInfo: [{ name: 'CPF', value: '123' }],
      tags: [],
      lgpdAcceptedAt: null,
    });
    expect(created.body.uuid).toMatch(/^[0-9a-f-]{36}$/);

    const shown = await t.request('GET', `/contacts/${created.body.id}`, { token: s.token });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(created.body);
  });

  it('lists contacts ordered by name with search, filters, tags and paging of 20', async () => {
    const s = await adminSession();
    const vip = await createTag(t.db, s.company.id, { name: 'VIP' });
    const lead = await createTag(t.db, s.company.id, { name: 'Lead' });
    const other = await createTag(t.db, s.company.id, { name: 'Other' });
    await createContact(t.db, s.company.id, { name: 'bruno lima', number: '5511911112222', tagIds: [vip.id] });
    await createContact(t.db, s.company.id, { name: 'Ana Costa', number: '5521933334444', email: 'ANA@corp.test', tagIds: [lead.id] });
    await createContact(t.db, s.company.id, { name: 'Carla 100%_off', number: '5531955556666', channel: 'instagram' });
    await createContact(t.db, s.company.id, { name: 'Grupo Vendas', number: '120363000000001', isGroup: true, tagIds: [vip.id, lead.id] });

    const all = await t.request('GET', '/contacts', { token: s.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 4, hasMore: false });
    expect(all.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Ana Costa', 'bruno lima', 'Carla 100%_off', 'Grupo Vendas']);
    const bruno = all.body.contacts[1];
    expect(bruno.tags).toEqual([{ id: vip.id, name: 'VIP', color: '#336699', kanban: 0 }]);

    const names = async (query: string) => {
      const answer = await t.request('GET', `/contacts?${query}`, { token: s.token });
      expect(answer.status).toBe(200);
      return answer.body.contacts.map((c: { name: string }) => c.name);
    };
    expect(await names('searchParam=BRUNO')).toEqual(['bruno lima']);
    expect(await names('searchParam=ana%40CORP')).toEqual(['Ana Costa']);
    expect(await names(`searchParam=${encodeURIComponent('(21) 93333')}`)).toEqual(['Ana Costa']);
    // LIKE wildcards are literal text
    expect(await names(`searchParam=${encodeURIComponent('100%_')}`)).toEqual(['Carla 100%_off']);
    expect(await names(`searchParam=${encodeURIComponent('%')}`)).toEqual(['Carla 100%_off']);
    expect(await names(`searchParam=${encodeURIComponent('_')}`)).toEqual(['Carla 100%_off']);
    expect(await names('channel=instagram')).toEqual(['Carla 100%_off']);
    expect(await names('isGroup=true')).toEqual(['Grupo Vendas']);
    expect(await names('isGroup=false')).toEqual(['Ana Costa', 'bruno lima', 'Carla 100%_off']);
    expect(await names(`contactTag=${encodeURIComponent(JSON.stringify([vip.id]))}`)).toEqual(['bruno lima', 'Grupo Vendas']);
    expect(await names(`contactTag=${encodeURIComponent(JSON.stringify([vip.id, lead.id]))}`)).toEqual([
      'Ana Costa',
      'bruno lima',
      'Grupo Vendas',
    ]);
    expect(await names(`contactTag=${lead.id}`)).toEqual(['Ana Costa', 'Grupo Vendas']);
    expect(await names(`contactTag=${other.id}`)).toEqual([]);
    expect(await names('contactTag=%5B%5D')).toHaveLength(4);
    expect((await t.request('GET', '/contacts?contactTag=abc', { token: s.token })).status).toBe(400);
    expect((await t.request('GET', '/contacts?isGroup=maybe', { token: s.token })).status).toBe(400);
    // the channel is one of the channels (issue 41 point 4); empty is no filter
    expect(await names('channel=telegram')).toEqual([]);
    expect(await names('channel=')).toHaveLength(4);
    const unknownChannel = await t.request('GET', '/contacts?channel=fax', { token: s.token });
    expect(unknownChannel).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'querystring.channel' }] } });

    for (let i = 0; i < 21; i++) await createContact(t.db, s.company.id, { name: `Paged ${String(i).padStart(2, '0')}` });
    const page1 = await t.request('GET', '/contacts?searchParam=Paged&pageNumber=1', { token: s.token });
    const page2 = await t.request('GET', '/contacts?searchParam=Paged&pageNumber=2', { token: s.token });
    expect(page1.body).toMatchObject({ count: 21, hasMore: true });
    expect(page1.body.contacts).toHaveLength(20);
    expect(page1.body.contacts[0].name).toBe('Paged 00');
    expect(page2.body).toMatchObject({ count: 21, hasMore: false });
    expect(page2.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Paged 20']);
  });

  it('GET /contacts/list gives every contact of the company for selects', async () => {
    const s = await adminSession();
    const one = await createContact(t.db, s.company.id, { name: 'Zeca', number: '5511900000001', email: 'z@x.test' });
    await createContact(t.db, s.company.id, { name: 'Abel', number: '5511900000002' });
    const answer = await t.request('GET', `/contacts/list?companyId=${s.company.id}`, { token: s.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: expect.any(Number), name: 'Abel', number: '5511900000002', email: '' },
      { id: one.id, name: 'Zeca', number: '5511900000001', email: 'z@x.test' },
    ]);
  });

  it('validates the contact form with the spec bounds and stores nothing (01-core §5 Contact form)', async () => {
    const s = await adminSession();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: undefined }, 'body.name', 'validation.required'],
      [{ name: '   ' }, 'body.name', 'validation.required'],
      [{ name: 'A' }, 'body.name', 'validation.tooShort'],
      [{ name: 'x'.repeat(251) }, 'body.name', 'validation.tooLong'],
      [{ number: undefined }, 'body.number', 'validation.required'],
      [{ number: '1234567' }, 'body.number', 'validation.tooShort'],
      [{ number: '1'.repeat(51) }, 'body.number', 'validation.tooLong'],
      [{ number: '+55 (11) 9' }, 'body.number', 'validation.invalidNumber'],
      [{ number: 'abcdefghij' }, 'body.number', 'validation.invalidNumber'],
      [{ number: '5511******21' }, 'body.number', 'validation.invalidNumber'],
      [{ email: 'nope' }, 'body.email', 'validation.invalidEmail'],
      [{ extraInfo: [{ name: '', value: 'x' }] }, 'body.extraInfo.0.name', 'validation.required'],
      [{ extraInfo: [{ name: 'x'.repeat(101), value: 'x' }] }, 'body.extraInfo.0.name', 'validation.tooLong'],
      [{ extraInfo: [{ name: 'Note', value: 'x'.repeat(1001) }] }, 'body.extraInfo.0.value', 'validation.tooLong'],
      [{ extraInfo: Array.from({ length: 51 }, (_, i) => ({ name: `k${i}`, value: '' })) }, 'body.extraInfo', 'validation.tooLong'],
    ];
    for (const [override, path, message] of cases) {
      const answer = await t.request('POST', '/contacts', { token: s.token, body: validContact(override) });
      expect(answer.status, JSON.stringify(override).slice(0, 80)).toBe(400);
      expect(answer.body.error).toBe('ERR_VALIDATION');
      expect(answer.body.fields).toEqual(expect.arrayContaining([{ path, message }]));
    }
    const wrongConnection = await t.request('POST', '/contacts', { token: s.token, body: validContact({ whatsappId: 999_999 }) });
    expect(wrongConnection).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } });
    expect(await contactsOf(s.company.id)).toEqual([]);

    // empty email is allowed; the bounds themselves are accepted
    const edge = await t.request('POST', '/contacts', {
      token: s.token,
      body: { name: 'Al', number: '12345678', email: '', extraInfo: [{ name: 'k', value: '' }] },
    });
    expect(edge.status).toBe(201);
    expect(edge.body).toMatchObject({ name: 'Al', number: '12345678', email: '' });

    // a field the form does not have is ignored, never stored (issue 13): blocking goes through PUT /contacts/block
    const unknownField = await t.request('POST', '/contacts', { token: s.token, body: validContact({ number: '5511955554444', active: false }) });
    expect(unknownField.status).toBe(201);
    expect(unknownField.body.active).toBe(true);
  });

  it('a number already in the company answers ERR_DUPLICATED_CONTACT, also for two racing creates (01-core §8)', async () => {
    const s = await adminSession();
    const first = await t.request('POST', '/contacts', { token: s.token, body: validContact() });
    expect(first.status).toBe(201);
    const again = await t.request('POST', '/contacts', { token: s.token, body: validContact({ number: '5511987654321', name: 'Other' }) });
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });

    const second = await t.request('POST', '/contacts', { token: s.token, body: validContact({ number: '5511900001111' }) });
    const clash = await t.request('PUT', `/contacts/${second.body.id}`, { token: s.token, body: { number: '5511987654321' } });
    expect(clash).toMatchObject({ status: 409, body: { error: 'ERR_DUPLICATED_CONTACT' } });

    const race = await Promise.all(
      [1, 2].map((i) => t.request('POST', '/contacts', { token: s.token, body: validContact({ name: `Racer ${i}`, number: '5599912345678' }) })),
    );
    expect(race.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(race.filter((answer) => answer.status === 409 && answer.body.error === 'ERR_DUPLICATED_CONTACT')).toHaveLength(1);
    const stored = await contactsOf(s.company.id);
    expect(stored.filter((row) => row.number === '5599912345678')).toHaveLength(1);

    // the same number in another company is fine
    const other = await adminSession();
    expect((await t.request('POST', '/contacts', { token: other.token, body: validContact() })).status).toBe(201);
  });

  it('PUT /contacts/{id} updates fields and replaces the extra info set', async () => {
    const s = await adminSession();
    const contact = await createContact(t.db, s.company.id, {
      name: 'Before',
      number: '5511977776666',
      extraInfo: [
        { name: 'keep', value: '1' },
        { name: 'drop', value: '2' },
      ],
    });
    const shown = await t.request('GET', `/contacts/${contact.id}`, { token: s.token });
    const [keep] = shown.body.extraInfo;
    const updated = await t.request('PUT', `/contacts/${contact.id}`, {
      token: s.token,
      body: {
        name: 'After',
        number: '55 11 97777-5555',
        email: 'after@example.test',
        disableBot: true,
        companyId: s.company.id,
        // the web echoes the stored entry with its extra fields
        extraInfo: [{ ...keep, value: 'changed', contactId: contact.id }, { name: 'valor', value: '150.00' }],
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'After', number: '5511977775555', email: 'after@example.test', disableBot: true });
    expect(updated.body.extraInfo).toEqual([
      { id: keep.id, name: 'keep', value: 'changed' },
      { id: expect.any(Number), name: 'valor', value: '150.00' },
    ]);

    // leaving extraInfo out keeps it; an empty list clears it
    const partial = await t.request('PUT', `/contacts/${contact.id}`, { token: s.token, body: { name: 'Again' } });
    expect(partial.body).toMatchObject({ name: 'Again', number: '5511977775555' });
    expect(partial.body.extraInfo).toHaveLength(2);
    const cleared = await t.request('PUT', `/contacts/${contact.id}`, { token: s.token, body: { extraInfo: [] } });
    expect(cleared.body.extraInfo).toEqual([]);
    expect(await t.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.contactId, contact.id))).toEqual([]);

    const invalid = await t.request('PUT', `/contacts/${contact.id}`, { token: s.token, body: { name: 'A' } });
    expect(invalid.status).toBe(400);
    expect((await t.request('GET', `/contacts/${contact.id}`, { token: s.token })).body.name).toBe('Again');
    expect((await t.request('PUT', '/contacts/999999', { token: s.token, body: { name: 'Ghost' } })).body).toEqual({
      error: 'ERR_NO_CONTACT_FOUND',
    });
  });

  it("an extra info id of another contact is added as new, the other contact's entry untouched", async () => {
    const s = await adminSession();
    const owner = await createContact(t.db, s.company.id, { extraInfo: [{ name: 'secret', value: 's' }] });
    const [entry] = await t.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.contactId, owner.id));
    const target = await createContact(t.db, s.company.id);
    const updated = await t.request('PUT', `/contacts/${target.id}`, {
      token: s.token,
      body: { extraInfo: [{ id: entry.id, name: 'mine', value: 'm' }] },
    });
    expect(updated.body.extraInfo).toEqual([{ id: expect.any(Number), name: 'mine', value: 'm' }]);
    expect(updated.body.extraInfo[0].id).not.toBe(entry.id);
    const [untouched] = await t.db.select().from(contactExtraInfo).where(eq(contactExtraInfo.id, entry.id));
    expect(untouched).toMatchObject({ contactId: owner.id, name: 'secret', value: 's' });
  });

  it('toggles accept-audio and bot, and blocks and unblocks through active (01-core §4 Messages)', async () => {
    const s = await adminSession();
    const contact = await createContact(t.db, s.company.id);
    const audio = await t.request('PUT', `/contacts/toggleAcceptAudio/${contact.id}`, { token: s.token });
    expect(audio).toMatchObject({ status: 200, body: { id: contact.id, acceptAudioMessage: false } });
    const audioBack = await t.request('PUT', `/contacts/toggleAcceptAudio/${contact.id}`, { token: s.token });
    expect(audioBack.body.acceptAudioMessage).toBe(true);
    const bot = await t.request('PUT', `/contacts/toggleDisableBot/${contact.id}`, { token: s.token });
    expect(bot).toMatchObject({ status: 200, body: { disableBot: true } });

    const blocked = await t.request('PUT', `/contacts/block/${contact.id}`, { token: s.token, body: { active: false } });
    expect(blocked).toMatchObject({ status: 200, body: { id: contact.id, active: false } });
    const unblocked = await t.request('PUT', `/contacts/block/${contact.id}`, { token: s.token, body: { active: true } });
    expect(unblocked.body.active).toBe(true);
    expect((await t.request('PUT', `/contacts/block/${contact.id}`, { token: s.token, body: { active: 'no' } })).status).toBe(400);
    expect((await t.request('PUT', `/contacts/block/${contact.id}`, { token: s.token, body: {} })).status).toBe(400);
  });

  it('GET /contacts/profile/{number} finds the contact by normalised number', async () => {
    const s = await adminSession();
    const contact = await createContact(t.db, s.company.id, { number: '5511955554444', urlPicture: 'https://pics.test/a.jpg' });
    const found = await t.request('GET', `/contacts/profile/${encodeURIComponent('+55 11 95555-4444')}`, { token: s.token });
    expect(found).toMatchObject({ status: 200, body: { contactId: contact.id, urlPicture: 'https://pics.test/a.jpg' } });
    const missing = await t.request('GET', '/contacts/profile/5511000000000', { token: s.token });
    expect(missing).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
    const letters = await t.request('GET', '/contacts/profile/abc', { token: s.token });
    expect(letters).toMatchObject({ status: 404, body: { error: 'ERR_NO_CONTACT_FOUND' } });
  });

  it('deleting a contact needs contacts-page:deleteContact: admins yes, profile users 403 (01-core §6)', async () => {
    const s = await adminSession();
    const contact = await createContact(t.db, s.company.id);
    const user = await userSession(s.company.id);
    const refused = await t.request('DELETE', `/contacts/${contact.id}`, { token: user.token });
    expect(refused).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    expect(await contactsOf(s.company.id)).toHaveLength(1);

    const removed = await t.request('DELETE', `/contacts/${contact.id}`, { token: s.token });
    expect(removed.status).toBe(204);
    expect(await contactsOf(s.company.id)).toEqual([]);
    expect((await t.request('GET', `/contacts/${contact.id}`, { token: s.token })).body).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
    expect((await t.request('DELETE', `/contacts/${contact.id}`, { token: s.token })).status).toBe(404);
  });

  it('every contact call needs a session', async () => {
    expect((await t.request('GET', '/contacts')).status).toBe(401);
    expect((await t.request('POST', '/contacts', { body: validContact() })).status).toBe(401);
  });
});

describe('LGPD hide number (01-core §5 Phone display)', () => {
  it('profile users see masked numbers when lgpdHideNumber is enabled; admins see them in full', async () => {
    const s = await adminSession();
    const user = await userSession(s.company.id);
    const contact = await createContact(t.db, s.company.id, { name: 'Hidden', number: '5511987654321' });
    const masked = '5511*******21';

    // disabled (the default): everyone sees the number
    expect((await t.request('GET', `/contacts/${contact.id}`, { token: user.token })).body.number).toBe('5511987654321');

    const setting = await t.request('PUT', '/companySettings', { token: s.token, body: { column: 'lgpdHideNumber', data: 'enabled' } });
    expect(setting.status).toBe(200);

    const asUser = {
      show: await t.request('GET', `/contacts/${contact.id}`, { token: user.token }),
      page: await t.request('GET', '/contacts', { token: user.token }),
      all: await t.request('GET', '/contacts/list', { token: user.token }),
      toggled: await t.request('PUT', `/contacts/toggleDisableBot/${contact.id}`, { token: user.token }),
      blocked: await t.request('PUT', `/contacts/block/${contact.id}`, { token: user.token, body: { active: true } }),
      updated: await t.request('PUT', `/contacts/${contact.id}`, { token: user.token, body: { name: 'Hidden Two' } }),
      created: await t.request('POST', '/contacts', { token: user.token, body: validContact({ number: '5521912345678' }) }),
    };
    expect(asUser.show.body.number).toBe(masked);
    expect(asUser.page.body.contacts[0].number).toBe(masked);
    expect(asUser.all.body[0].number).toBe(masked);
    expect(asUser.toggled.body.number).toBe(masked);
    expect(asUser.blocked.body.number).toBe(masked);
    expect(asUser.updated.body.number).toBe(masked);
    expect(asUser.created.body.number).toBe('5521*******78');
    for (const answer of Object.values(asUser)) expect(JSON.stringify(answer.body)).not.toContain('5511987654321');

    // the form sends the masked number back unchanged: the stored number stays
    const echoed = await t.request('PUT', `/contacts/${contact.id}`, { token: user.token, body: { name: 'Hidden', number: masked } });
    expect(echoed.status).toBe(200);
    const [stored] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(stored.number).toBe('5511987654321');
    // a different masked value is refused
    const wrongMask = await t.request('PUT', `/contacts/${contact.id}`, { token: user.token, body: { number: '5511*******99' } });
    expect(wrongMask.body.fields).toEqual([{ path: 'body.number', message: 'validation.invalidNumber' }]);

    const asAdmin = await t.request('GET', `/contacts/${contact.id}`, { token: s.token });
    expect(asAdmin.body.number).toBe('5511987654321');
    const adminPage = await t.request('GET', '/contacts', { token: s.token });
    expect(adminPage.body.contacts.map((c: { number: string }) => c.number)).toContain('5511987654321');
  });
});
