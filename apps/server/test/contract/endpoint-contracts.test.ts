// Issue 36 points 1 and 2: routes registered from the endpoint contracts of packages/shared answer
// through their response schema (a drift fails in tests, is logged in production), and the OpenAPI
// document describes them from the contract: operationId, summary, answer and error answers.
import { defineEndpoint } from '@atende/shared/contract';
import { helpsEndpoints } from '@atende/shared/helps';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpointRoute, responseSerializer } from '../../src/platform/endpoint-routes.ts';
import type { Json } from '../helpers/json.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
});
afterAll(() => t?.close());

const item = defineEndpoint({ method: 'GET', path: '/items/:id', params: z.object({ id: z.coerce.number() }), response: z.object({ id: z.number(), name: z.string() }), operationId: 'showItem', summary: 'An item' });

// a server of one route answering what `answer` gives, its serializer strict (tests) or not (production)
const serverAnswering = async (strict: boolean, answer: () => unknown) => {
  const logged: string[] = [];
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(strict, (error) => logged.push(error.message)));
  endpointRoute(app, item, {}, answer as never);
  await app.ready();
  return { app, logged };
};

describe('endpoint contracts (issue 36 point 1)', () => {
  it('an answer goes out through its schema: fields it does not name are dropped', async () => {
    const { app } = await serverAnswering(true, () => ({ id: 7, name: 'sete', passwordHash: 'never sent' }));
    const answer = await app.inject({ method: 'GET', url: '/items/7' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 7, name: 'sete' });
    await app.close();
  });

  it('an answer that does not match its schema fails the request in tests, and is logged and sent in production', async () => {
    const strict = await serverAnswering(true, () => ({ id: 'seven' }));
    expect((await strict.app.inject({ method: 'GET', url: '/items/7' })).statusCode).toBe(500);
    await strict.app.close();
    const production = await serverAnswering(false, () => ({ id: 'seven' }));
    const answer = await production.app.inject({ method: 'GET', url: '/items/7' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 'seven' });
    expect(production.logged).toEqual([expect.stringContaining('/items/:id')]);
    await production.app.close();
  });

  it('the helps calls answer what their contract says (03-saas §7 helps calls)', async () => {
    const created = await t.request('POST', '/helps', { token: superToken, body: { title: 'Primeiros passos', video: 'https://youtu.be/dQw4w9WgXcQ' } });
    expect(created.status).toBe(201);
    const help = helpsEndpoints.create.response.parse(created.body);
    expect(help).toMatchObject({ title: 'Primeiros passos', video: 'dQw4w9WgXcQ', description: '' });
    const updated = await t.request('PUT', `/helps/${help.id}`, { token: superToken, body: { description: 'o básico' } });
    expect(helpsEndpoints.update.response.parse(updated.body)).toMatchObject({ id: help.id, description: 'o básico' });
    const list = await t.request('GET', '/helps/list', { token: superToken });
    expect(helpsEndpoints.list.response.parse(list.body).map((entry) => entry.id)).toContain(help.id);
    const page = await t.request('GET', '/helps?searchParam=primeiros', { token: superToken });
    expect(helpsEndpoints.page.response.parse(page.body).records.map((entry) => entry.id)).toEqual([help.id]);
    const removed = await t.request('DELETE', `/helps/${help.id}`, { token: superToken });
    expect(removed.status).toBe(204);
    expect((await t.request('DELETE', `/helps/${help.id}`, { token: superToken })).body).toEqual({ error: 'ERR_NOT_FOUND' });
  });
});

type Operation = { operationId?: string; summary?: string; responses: Record<string, { content?: Record<string, { schema: Json }> }> };

describe('the OpenAPI document from the contracts (issue 36 point 2)', () => {
  it('an operation registered from its contract has its operationId, summary, answer schema and error answers', async () => {
    const document = (await t.request<{ paths: Record<string, Record<string, Operation>> }>('GET', '/openapi.json')).body;
    const update = document.paths['/helps/{id}'].put;
    expect(update.operationId).toBe('updateHelp');
    expect(update.summary).toBe(helpsEndpoints.update.summary);
    expect(update.responses['200'].content?.['application/json'].schema).toMatchObject({ type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } });
    expect(update.responses['404'].content?.['application/json'].schema).toMatchObject({ properties: { error: { enum: ['ERR_NOT_FOUND'] } } });
    expect(update.responses['400'].content?.['application/json'].schema).toMatchObject({ properties: { error: { enum: expect.arrayContaining(['ERR_VALIDATION']) } } });
    expect(Object.keys(update.responses)).toEqual(expect.arrayContaining(['401', '403']));
    const remove = document.paths['/helps/{id}'].delete;
    expect(remove.operationId).toBe('deleteHelp');
    expect(Object.keys(remove.responses)).toContain('204');
  });
});
