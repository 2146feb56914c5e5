import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQueue, TEST_PASSWORD } from '../factories/company.factory.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const DAY_MS = 86_400_000;
// tests run with TZ=UTC, so the UTC day is the local day the rules use
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

const adminOf = async () => {
  const tenant = await createCompany(t.db);
  const session = await t.login(tenant.admin.email, TEST_PASSWORD);
  const queue = await createQueue(t.db, tenant.company.id);
  const create = (body: Record<string, unknown>) => t.request('POST', '/whatsapp', { token: session.token, body: { name: 'Importação', channel: 'sandbox', ...body } });
  const update = (id: number, body: Record<string, unknown>) => t.request('PUT', `/whatsapp/${id}`, { token: session.token, body });
  const show = async (id: number) => (await t.request('GET', `/whatsapp/${id}`, { token: session.token })).body;
  return { ...tenant, queue, create, update, show };
};

const fieldsOf = (response: { body: { fields?: Array<{ path: string; message: string }> } }) => response.body.fields?.map(({ path, message }) => [path, message]);

describe('Message import settings of a connection (02-operations §3 Connection, §5 Import dates)', () => {
  it('saves and shows the import fields (02-operations §3 Connection)', async () => {
    const s = await adminOf();
    const created = await s.create({
      enableImportMessage: true,
      importOldMessages: daysAgo(300),
      importRecentMessages: daysAgo(10),
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      queueIdImportMessages: s.queue.id,
    });
    expect(created.status).toBe(201);
    const expected = {
      enableImportMessage: true,
      importOldMessages: daysAgo(300),
      importRecentMessages: daysAgo(10),
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      queueIdImportMessages: s.queue.id,
    };
    expect(created.body).toMatchObject(expected);
    expect(await s.show(created.body.id)).toMatchObject(expected);

    const turnedOff = await s.update(created.body.id, { enableImportMessage: false, importRecentMessages: null });
    expect(turnedOff.body).toMatchObject({ enableImportMessage: false, importOldMessages: daysAgo(300), importRecentMessages: null });
  });

  it('the old date lies between 2 years ago and today (02-operations §5 Import dates)', async () => {
    const s = await adminOf();
    const tooOld = await s.create({ enableImportMessage: true, importOldMessages: daysAgo(2 * 366 + 1), queueIdImportMessages: s.queue.id });
    expect(tooOld.status).toBe(400);
    expect(fieldsOf(tooOld)).toContainEqual(['body.importOldMessages', 'validation.importOldRange']);
    const future = await s.create({ enableImportMessage: true, importOldMessages: daysAgo(-2), queueIdImportMessages: s.queue.id });
    expect(fieldsOf(future)).toContainEqual(['body.importOldMessages', 'validation.importOldRange']);
    expect((await s.create({ enableImportMessage: true, importOldMessages: daysAgo(700), queueIdImportMessages: s.queue.id })).status).toBe(201);
  });

  it('the recent date lies between the old date and today, also against the stored old date (02-operations §5 Import dates)', async () => {
    const s = await adminOf();
    const beforeOld = await s.create({ importOldMessages: daysAgo(30), importRecentMessages: daysAgo(40) });
    expect(fieldsOf(beforeOld)).toContainEqual(['body.importRecentMessages', 'validation.importRecentRange']);
    const future = await s.create({ importOldMessages: daysAgo(30), importRecentMessages: daysAgo(-1) });
    expect(fieldsOf(future)).toContainEqual(['body.importRecentMessages', 'validation.importRecentRange']);

    const created = await s.create({ importOldMessages: daysAgo(30), importRecentMessages: daysAgo(30) });
    expect(created.status).toBe(201);
    const edit = await s.update(created.body.id, { importRecentMessages: daysAgo(31) });
    expect(edit.status).toBe(400);
    expect(fieldsOf(edit)).toEqual([['body.importRecentMessages', 'validation.importRecentRange']]);
    expect((await s.show(created.body.id)).importRecentMessages).toBe(daysAgo(30));
  });

  it('an enabled import needs the old date and a queue for the imported tickets (02-operations §5 Import dates)', async () => {
    const s = await adminOf();
    const bare = await s.create({ enableImportMessage: true });
    expect(bare.status).toBe(400);
    expect(fieldsOf(bare)).toEqual(
      expect.arrayContaining([
        ['body.importOldMessages', 'validation.required'],
        ['body.queueIdImportMessages', 'validation.required'],
      ]),
    );
    // an edit that only turns the import on is checked against what is stored
    const created = await s.create({ importOldMessages: daysAgo(60) });
    const enabled = await s.update(created.body.id, { enableImportMessage: true });
    expect(enabled.status).toBe(400);
    expect(fieldsOf(enabled)).toEqual([['body.queueIdImportMessages', 'validation.required']]);
    expect((await s.show(created.body.id)).enableImportMessage).toBe(false);
    expect((await s.update(created.body.id, { enableImportMessage: true, queueIdImportMessages: s.queue.id })).status).toBe(200);
  });

  it("the import queue must be one of the company's queues (02-operations §5 Import dates)", async () => {
    const s = await adminOf();
    const other = await adminOf();
    const foreign = await s.create({ enableImportMessage: true, importOldMessages: daysAgo(5), queueIdImportMessages: other.queue.id });
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign)).toEqual([['body.queueIdImportMessages', 'validation.unknownQueue']]);
    const badDate = await s.create({ importOldMessages: '2026-02-30' });
    expect(fieldsOf(badDate)).toContainEqual(['body.importOldMessages', 'validation.invalidDate']);
  });
});
