import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, tags } from '../../src/db/schema.ts';
import { connectSocket, setupAttendance } from '../helpers/attendance.ts';
import { collectUntilMarker } from '../helpers/socket-marker.ts';
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

// A company whose admin made three lanes, not in alphabetical order, and a plain tag.
const company = async () => {
  const a = await setupAttendance(t);
  const token = a.adminSession.token;
  const create = async (name: string, kanban: 0 | 1) => (await t.request('POST', '/tags', { token, body: { name, kanban } })).body as { id: number };
  const zeta = await create('Zeta', 1);
  const alfa = await create('Alfa', 1);
  const meio = await create('Meio', 1);
  const plain = await create('Comum', 0);
  return { ...a, token, zeta, alfa, meio, plain };
};

const boardOrder = async (token: string) => ((await t.request('GET', '/tag/kanban', { token })).body.lista as { id: number }[]).map((lane) => lane.id);
const order = (body: unknown, token: string) => t.request('PUT', '/tag/kanban/order', { token, body });

describe('lane order (issue 35 point 11: lanes follow the order the admin sets)', () => {
  it('new lanes go last, not by name; a tag that becomes a lane goes last too', async () => {
    const s = await company();
    expect(await boardOrder(s.token)).toEqual([s.zeta.id, s.alfa.id, s.meio.id]);
    expect((await t.request('PUT', `/tags/${s.plain.id}`, { token: s.token, body: { kanban: 1 } })).status).toBe(200);
    expect(await boardOrder(s.token)).toEqual([s.zeta.id, s.alfa.id, s.meio.id, s.plain.id]);
  });

  it('PUT /tag/kanban/order sets every position at once and answers the lanes in the new order, which GET /tag/kanban then follows', async () => {
    const s = await company();
    const answer = await order({ laneIds: [s.meio.id, s.zeta.id, s.alfa.id] }, s.token);
    expect(answer.status).toBe(200);
    expect(answer.body.lista.map((lane: { id: number; name: string }) => lane.name)).toEqual(['Meio', 'Zeta', 'Alfa']);
    expect(await boardOrder(s.token)).toEqual([s.meio.id, s.zeta.id, s.alfa.id]);
    // a lane the request does not name (made meanwhile on another screen) follows the named ones
    expect((await order({ laneIds: [s.alfa.id] }, s.token)).body.lista.map((lane: { id: number }) => lane.id)).toEqual([s.alfa.id, s.meio.id, s.zeta.id]);
  });

  it("bad input (another company's lane, a plain tag, a lane twice, no lane) is a 400 naming the field, and changes nothing", async () => {
    const s = await company();
    const other = await company();
    const before = await boardOrder(s.token);
    const foreign = await order({ laneIds: [s.meio.id, other.zeta.id, s.alfa.id] }, s.token);
    expect(foreign).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.laneIds.1', message: 'validation.unknownLane' }] } });
    expect((await order({ laneIds: [s.plain.id, s.zeta.id] }, s.token)).body).toMatchObject({ fields: [{ path: 'body.laneIds.0', message: 'validation.unknownLane' }] });
    const twice = await order({ laneIds: [s.meio.id, s.zeta.id, s.meio.id] }, s.token);
    expect(twice).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.laneIds', message: 'validation.repeatedLane' }] } });
    expect((await order({ laneIds: [] }, s.token)).status).toBe(400);
    expect((await order({ laneIds: ['x'] }, s.token)).status).toBe(400);
    expect(await boardOrder(s.token)).toEqual(before);
    expect(await boardOrder(other.token)).toEqual([other.zeta.id, other.alfa.id, other.meio.id]);
  });

  it('two reorders at once leave one whole order, positions 1..n with none shared', async () => {
    const s = await company();
    const answers = await Promise.all([
      order({ laneIds: [s.meio.id, s.alfa.id, s.zeta.id] }, s.token),
      order({ laneIds: [s.alfa.id, s.zeta.id, s.meio.id] }, s.token),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await t.db.select({ id: tags.id, position: tags.position }).from(tags).where(eq(tags.companyId, s.company.id));
    const lanes = rows.filter((row) => row.id !== s.plain.id);
    expect(lanes.map((row) => row.position).sort()).toEqual([1, 2, 3]);
    expect([answers[0].body.lista, answers[1].body.lista].map((lista: { id: number }[]) => lista.map((lane) => lane.id))).toContainEqual(await boardOrder(s.token));
  });

  it('other users follow: each moved lane is sent as a tag update on company{id}-tag, to that company only', async () => {
    const s = await company();
    const other = await company();
    const mine = await connectSocket(t, s.token);
    const theirs = await connectSocket(t, other.token);
    sockets.push(mine, theirs);
    const theirEvents: unknown[] = [];
    theirs.onAny((channel: string, payload: unknown) => {
      if (channel.endsWith('-tag')) theirEvents.push(payload);
    });
    const seen = await collectUntilMarker<{ action: string; tag: { id: number } }>(
      t,
      { socket: mine, token: s.token, user: s.admin },
      `company${s.company.id}-tag`,
      // Zeta keeps its first place; Alfa and Meio swap
      () => order({ laneIds: [s.zeta.id, s.meio.id, s.alfa.id] }, s.token),
    );
    expect(seen.map((event) => [event.action, event.tag.id])).toEqual([
      ['update', s.meio.id],
      ['update', s.alfa.id],
    ]);
    expect(theirEvents).toEqual([]);
  });

  it('only who may add columns may order them, and only on a plan with kanban (02-operations §6)', async () => {
    const s = await company();
    const attendant = await s.attendant([s.queues[0].id]);
    expect(await order({ laneIds: [s.alfa.id] }, attendant.session.token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const manager = await s.attendant([s.queues[0].id], { showDashboard: 'enabled' });
    expect((await order({ laneIds: [s.alfa.id] }, manager.session.token)).status).toBe(200);
    await t.db.update(plans).set({ useKanban: false }).where(eq(plans.id, Number(s.company.planId)));
    expect(await order({ laneIds: [s.meio.id] }, s.token)).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } });
    const rows = await t.db.select({ id: tags.id }).from(tags).where(eq(tags.companyId, s.company.id)).orderBy(tags.position);
    expect(rows.map((row) => row.id)).toEqual([s.alfa.id, s.zeta.id, s.meio.id, s.plain.id]);
  });
});
