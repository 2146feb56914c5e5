// Issue 36 point 1: the external messages API answers what its contract in packages/shared says,
// and the OpenAPI document names the connection's token as its security.
import { messagesApiEndpoints } from '@atende/shared/messages-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupAttendance } from '../helpers/attendance.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('external messages API contract (03-saas §7 POST /api/messages/send)', () => {
  it('a JSON send and a multipart one answer what the endpoint schema says', async () => {
    const a = await setupAttendance(t);
    const token = (await t.request('GET', `/whatsapp/${a.connection.id}`, { token: a.adminSession.token })).body.token as string;
    const json = await t.request('POST', '/api/messages/send', { token, body: { number: '5511955559001', body: 'Seu pedido saiu' } });
    expect(json.status).toBe(200);
    const answer = messagesApiEndpoints.send.response.parse(json.body);
    expect(answer).toMatchObject({ message: 'Mensagem enviada', status: 'pending' });
    const form = new FormData();
    form.append('number', '5511955559001');
    form.append('body', 'Chega hoje');
    form.append('closeTicket', 'true');
    const multipart = await t.request('POST', '/api/messages/send', { token, rawBody: form });
    expect(messagesApiEndpoints.send.response.parse(multipart.body)).toMatchObject({ ticketId: answer.ticketId, status: 'closed' });
    expect((await t.request('POST', '/api/messages/send', { body: { number: '5511955559001', body: 'x' } })).body).toEqual({ error: 'ERR_TOKEN_MISSING' });

    const document = (await t.request('GET', '/openapi.json')).body;
    const operation = document.paths['/api/messages/send'].post;
    expect(operation).toMatchObject({ operationId: 'sendExternalMessage', security: [{ connectionToken: [] }] });
  });
});
