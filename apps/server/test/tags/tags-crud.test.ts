import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactTags, plans, tags, ticketTags } from '../../src/db/schema.ts';
import { createUser } from '../factories/company.factory.ts';
import { createContact, createTag } from '../factories/contact.factory.ts';
import { connectSocket, recordEvents, setupAttendance } from '../helpers/attendance.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t?.close();
});

const tagRow = async (tagId: number) => (await t.db.select().from(tags).where(eq(tags.id, tagId)))[0];

// A company with a ticket sitting in a kanban lane, and a contact carrying a plain tag.
const seeded = async () => {
  const a = await setupAttendance(t);
  const token = a.adminSession.token;
  const lane = await createTag(t.db, a.company.id, { name: 'Proposta', kanban: 1 });
  const next = await createTag(t.db, a.company.id, { name: 'Fechamento', kanban: 1 });
  const plain = await createTag(t.db, a.company.id, { name: 'Cliente', kanban: 0 });
  const { ticketId } = await a.inbound('5511988887777', 'quero um orçamento');
  expect((await t.request('PUT', `/ticket-tags/${ticketId}/${lane.id}`, { token })).status).toBe(200);
  const contact = await createContact(t.db, a.company.id, { name: 'Ana Souza', tagIds: [plain.id, lane.id] });
  return { ...a, token, lane, next, plain, ticketId, contact };
};

describe('tag screen calls (02-operations §7 Tags and kanban, §3 Tag / lane)', () => {
  it('GET /tags searches by name, pages with hasMore, filters by kanban and tagId, and counts tickets and contacts', async () => {
    const s = await seeded();
    for (let i = 0; i < 22; i++) await createTag(t.db, s.company.id, { name: `Extra ${String(i).padStart(2, '0')}` });

    const first = await t.request('GET', '/tags?pageNumber=1', { token: s.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.tags).toHaveLength(20);
    const second = await t.request('GET', '/tags?pageNumber=2', { token: s.token });
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Extra 19', 'Extra 20', 'Extra 21', 'Fechamento', 'Proposta']);

    // the search is lower-cased and matches anywhere in the name (02-operations §5)
    const searched = await t.request('GET', '/tags?searchParam=PROP', { token: s.token });
    expect(searched.body).toEqual({
      tags: [
        {
          id: s.lane.id,
          name: 'Proposta',
          color: '#336699',
          kanban: 1,
          timeLane: 0,
          nextLaneId: null,
          rollbackLaneId: null,
          greetingMessageLane: '',
          userId: null,
          ticketTags: 1,
          contacts: 1,
        },
      ],
      count: 1,
      hasMore: false,
    });
    const lanes = await t.request('GET', `/tags?kanban=1&companyId=${s.company.id}`, { token: s.token });
    expect(lanes.body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Fechamento', 'Proposta']);
    const one = await t.request('GET', `/tags?tagId=${s.plain.id}`, { token: s.token });
    expect(one.body.tags).toMatchObject([{ id: s.plain.id, contacts: 1, ticketTags: 0 }]);
    // a percent sign is a literal character, not a wildcard
    expect((await t.request('GET', '/tags?searchParam=%25', { token: s.token })).body.tags).toEqual([]);
    expect((await t.request('GET', '/tags?pageNumber=0', { token: s.token })).status).toBe(400);
    expect((await t.request('GET', '/tags?kanban=2', { token: s.token })).status).toBe(400);
  });

  it("GET /tags/{id} answers the tag with its contacts; another company's tag is not found", async () => {
    const s = await seeded();
    const shown = await t.request('GET', `/tags/${s.plain.id}`, { token: s.token });
    expect(shown).toMatchObject({
      status: 200,
      body: { id: s.plain.id, name: 'Cliente', ticketTags: 0, contacts: [{ id: s.contact.id, name: 'Ana Souza', number: s.contact.number, urlPicture: '' }] },
    });
    const other = await seeded();
    expect(await t.request('GET', `/tags/${s.plain.id}`, { token: other.token })).toMatchObject({ status: 404, body: { error: 'ERR_NOT_FOUND' } });
    expect((await t.request('GET', '/tags/abc', { token: s.token })).status).toBe(400);
  });

  it('PUT /tags/{id} changes the sent fields, lane fields included', async () => {
    const s = await seeded();
    const user = await createUser(t.db, s.company.id);
    const updated = await t.request('PUT', `/tags/${s.lane.id}`, {
      token: s.token,
      body: { name: 'Proposta enviada', timeLane: 24, nextLaneId: s.next.id, rollbackLaneId: s.next.id, greetingMessageLane: 'Olá {{name}}', userId: user.id },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: {
        id: s.lane.id,
        name: 'Proposta enviada',
        color: '#336699',
        kanban: 1,
        timeLane: 24,
        nextLaneId: s.next.id,
        rollbackLaneId: s.next.id,
        greetingMessageLane: 'Olá {{name}}',
        userId: user.id,
        ticketTags: 1,
      },
    });
    // null clears a lane pointer
    const cleared = await t.request('PUT', `/tags/${s.lane.id}`, { token: s.token, body: { nextLaneId: null, userId: '' } });
    expect(cleared.body).toMatchObject({ nextLaneId: null, rollbackLaneId: s.next.id, userId: user.id });
  });

  it('PUT /tags/{id} refuses a bad lane, a foreign user or tag, a duplicate name, and changes nothing', async () => {
    const s = await seeded();
    const other = await seeded();
    const before = await tagRow(s.lane.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nextLaneId: other.next.id }, 'body.nextLaneId'],
      [{ rollbackLaneId: other.lane.id }, 'body.rollbackLaneId'],
      [{ nextLaneId: s.lane.id }, 'body.nextLaneId'],
      [{ nextLaneId: s.plain.id }, 'body.nextLaneId'],
      [{ userId: other.admin.id }, 'body.userId'],
      [{ name: 'Fechamento' }, 'body.name'],
      [{ name: 'ab' }, 'body.name'],
      [{ timeLane: 1.5 }, 'body.timeLane'],
      [{ greetingMessageLane: 'x'.repeat(5001) }, 'body.greetingMessageLane'],
    ];
    for (const [body, path] of cases) {
      const answer = await t.request('PUT', `/tags/${s.lane.id}`, { token: s.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields).toEqual([expect.objectContaining({ path })]);
    }
    expect(await tagRow(s.lane.id)).toEqual(before);
    expect((await t.request('PUT', `/tags/${other.lane.id}`, { token: s.token, body: { name: 'Hijacked' } })).status).toBe(404);
    expect((await tagRow(other.lane.id)).name).toBe('Proposta');
  });

  it('POST /tags takes the lane fields and checks them as PUT does', async () => {
    const s = await seeded();
    const created = await t.request('POST', '/tags', {
      token: s.token,
      body: { name: 'Negociação', color: '#00AA00', kanban: 1, timeLane: 48, nextLaneId: s.next.id, greetingMessageLane: 'Seguimos?' },
    });
    expect(created).toMatchObject({ status: 201, body: { name: 'Negociação', timeLane: 48, nextLaneId: s.next.id, rollbackLaneId: null } });
    const other = await seeded();
    const refused = await t.request('POST', '/tags', { token: s.token, body: { name: 'Intrusa', kanban: 1, nextLaneId: other.next.id } });
    expect(refused).toMatchObject({ status: 400, body: { fields: [{ path: 'body.nextLaneId' }] } });
    expect(await t.db.select().from(tags).where(and(eq(tags.companyId, s.company.id), eq(tags.name, 'Intrusa')))).toEqual([]);
  });

  it('a plan without useKanban creates no lane, turns no tag into one and edits none; it may make a lane a plain tag (02-operations §6; issue 33 point 3)', async () => {
    const s = await seeded();
    await t.db.update(plans).set({ useKanban: false }).where(eq(plans.id, Number(s.company.planId)));
    const refused = { status: 403, body: { error: 'ERR_NO_PERMISSION' } };
    expect(await t.request('POST', '/tags', { token: s.token, body: { name: 'Nova raia', kanban: 1 } })).toMatchObject(refused);
    expect(await t.request('POST', '/tags', { token: s.token, body: { name: 'Nova raia', kanban: '1' } })).toMatchObject(refused);
    expect(await t.db.select().from(tags).where(and(eq(tags.companyId, s.company.id), eq(tags.name, 'Nova raia')))).toEqual([]);
    expect(await t.request('PUT', `/tags/${s.plain.id}`, { token: s.token, body: { kanban: 1 } })).toMatchObject(refused);
    expect(await t.request('PUT', `/tags/${s.lane.id}`, { token: s.token, body: { timeLane: 5, nextLaneId: s.next.id } })).toMatchObject(refused);
    expect(await tagRow(s.plain.id)).toMatchObject({ kanban: 0 });
    expect(await tagRow(s.lane.id)).toMatchObject({ kanban: 1, timeLane: 0, nextLaneId: null });
    // plain tags stay the company's, and a lane may leave the board
    expect((await t.request('POST', '/tags', { token: s.token, body: { name: 'Só etiqueta', kanban: 0 } })).status).toBe(201);
    expect((await t.request('PUT', `/tags/${s.plain.id}`, { token: s.token, body: { name: 'Cliente VIP' } })).status).toBe(200);
    expect(await t.request('PUT', `/tags/${s.lane.id}`, { token: s.token, body: { kanban: 0 } })).toMatchObject({ status: 200, body: { kanban: 0 } });
  });

  it("DELETE /tags/{id} puts the lane's tickets back in the untagged lane and unlinks the lanes that pointed to it", async () => {
    const s = await seeded();
    await t.request('PUT', `/tags/${s.next.id}`, { token: s.token, body: { nextLaneId: s.lane.id, rollbackLaneId: s.lane.id } });
    expect((await t.request('DELETE', `/tags/${s.lane.id}`, { token: s.token })).status).toBe(204);
    expect(await t.db.select().from(ticketTags).where(eq(ticketTags.ticketId, s.ticketId))).toEqual([]);
    expect((await t.request('GET', `/tickets/${s.ticketId}`, { token: s.token })).body.tags).toEqual([]);
    expect(await tagRow(s.next.id)).toMatchObject({ nextLaneId: null, rollbackLaneId: null });
    expect(await tagRow(s.lane.id)).toBeUndefined();
    expect((await t.request('DELETE', `/tags/${s.lane.id}`, { token: s.token })).status).toBe(404);

    const other = await seeded();
    expect((await t.request('DELETE', `/tags/${other.lane.id}`, { token: s.token })).status).toBe(404);
    expect(await tagRow(other.lane.id)).toBeDefined();
  });

  it('DELETE /tags-contacts/{tagId}/{contactId} removes the contact from the tag only', async () => {
    const s = await seeded();
    expect((await t.request('DELETE', `/tags-contacts/${s.plain.id}/${s.contact.id}`, { token: s.token })).status).toBe(204);
    const links = await t.db.select().from(contactTags).where(eq(contactTags.contactId, s.contact.id));
    expect(links.map((link) => link.tagId)).toEqual([s.lane.id]);
    expect((await t.request('GET', `/tags/${s.plain.id}`, { token: s.token })).body.contacts).toEqual([]);
    // no longer linked, or another company's: not found, nothing changed
    expect((await t.request('DELETE', `/tags-contacts/${s.plain.id}/${s.contact.id}`, { token: s.token })).status).toBe(404);
    const other = await seeded();
    expect((await t.request('DELETE', `/tags-contacts/${other.lane.id}/${other.contact.id}`, { token: s.token })).status).toBe(404);
    expect(await t.db.select().from(contactTags).where(eq(contactTags.contactId, other.contact.id))).toHaveLength(2);
  });

  it('profile users use the whole tag screen (02-operations §2 /tags: All)', async () => {
    const s = await seeded();
    const { session } = await s.attendant([]);
    expect((await t.request('GET', '/tags', { token: session.token })).status).toBe(200);
    expect((await t.request('PUT', `/tags/${s.plain.id}`, { token: session.token, body: { color: '#000000' } })).status).toBe(200);
    expect((await t.request('DELETE', `/tags/${s.plain.id}`, { token: session.token })).status).toBe(204);
  });
});

describe('live tag lists (02-operations §4 Other states, §7 company{id}-tag)', () => {
  it('create and update upsert, delete removes, on company{id}-tag of that company only', async () => {
    const s = await seeded();
    const other = await seeded();
    const mine = await connectSocket(t, s.token);
    const theirs = await connectSocket(t, other.token);
    sockets.push(mine, theirs);
    const seenMine = recordEvents(mine);
    const seenTheirs = recordEvents(theirs);

    const created = await t.request('POST', '/tags', { token: s.token, body: { name: 'Ao vivo', color: '#ABCDEF', kanban: 1 } });
    await t.request('PUT', `/tags/${created.body.id}`, { token: s.token, body: { color: '#000000' } });
    await t.request('DELETE', `/tags-contacts/${s.plain.id}/${s.contact.id}`, { token: s.token });
    await t.request('DELETE', `/tags/${created.body.id}`, { token: s.token });
    await awaitMarker(t, { socket: mine, token: s.token, user: s.admin });
    await awaitMarker(t, { socket: theirs, token: other.token, user: other.admin });

    const channel = `company${s.company.id}-tag`;
    expect(seenMine.filter((event) => event.channel === channel).map((event) => event.payload)).toEqual([
      { action: 'create', tag: expect.objectContaining({ id: created.body.id, name: 'Ao vivo' }) },
      { action: 'update', tag: expect.objectContaining({ id: created.body.id, color: '#000000' }) },
      { action: 'update', tag: expect.objectContaining({ id: s.plain.id, contacts: 0 }) },
      { action: 'delete', tagId: created.body.id },
    ]);
    expect(seenTheirs).toEqual([]);
  });
});
