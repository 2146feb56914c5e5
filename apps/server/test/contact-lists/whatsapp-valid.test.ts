// The WhatsApp-valid mark of a list entry (02-operations §3 ContactListItem isWhatsappValid),
// checked by a job through the company's connected WhatsApp session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf, setupWhatsappCompany, startWhatsappApp, waitFor } from '../channels/whatsapp/support.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
beforeAll(async () => {
  ({ t, whatsapp } = await startWhatsappApp());
});
afterAll(() => t?.close());

describe('WhatsApp-valid mark of contact-list items (02-operations §3, §7 Contact lists)', () => {
  it('marks each entry valid or not through the connected session; a changed number is checked again', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    const token = setup.session.token;
    const list = (await t.request('POST', '/contact-lists', { token, body: { name: 'Clientes' } })).body;
    // without a connected session nothing is checked: the mark stays unknown
    const early = (await t.request('POST', '/contact-list-items', { token, body: { contactListId: list.id, name: 'Antes Conexão', number: '5511900000001' } })).body;
    await t.app.jobs.runDue();
    expect((await t.request('GET', `/contact-list-items/${early.id}`, { token })).body.isWhatsappValid).toBeNull();

    setup.socket.open();
    await waitFor(async () => (await connectionOf(t, token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
    setup.socket.numbersOnWhatsapp.add('5511911112222');
    const valid = (await t.request('POST', '/contact-list-items', { token, body: { contactListId: list.id, name: 'Tem WhatsApp', number: '5511911112222' } })).body;
    const invalid = (await t.request('POST', '/contact-list-items', { token, body: { contactListId: list.id, name: 'Sem WhatsApp', number: '5511933334444' } })).body;
    const markOf = async (id: number) => (await t.request('GET', `/contact-list-items/${id}`, { token })).body.isWhatsappValid;
    await waitFor(async () => (await markOf(valid.id)) === true, 'valid mark');
    await waitFor(async () => (await markOf(invalid.id)) === false, 'invalid mark');

    setup.socket.numbersOnWhatsapp.add('5511911112223');
    const moved = await t.request('PUT', `/contact-list-items/${invalid.id}`, { token, body: { number: '55 11 91111-2223' } });
    expect(moved.body).toMatchObject({ number: '5511911112223', isWhatsappValid: null });
    await waitFor(async () => (await markOf(invalid.id)) === true, 'checked again');
  });
});
