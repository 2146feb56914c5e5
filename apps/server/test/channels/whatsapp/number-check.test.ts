import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/test-app.ts';
import { connectionOf, setupWhatsappCompany, startWhatsappApp, waitFor } from './support.ts';

let t: TestApp;
let whatsapp: Awaited<ReturnType<typeof startWhatsappApp>>['whatsapp'];
beforeAll(async () => {
  ({ t, whatsapp } = await startWhatsappApp());
});
afterAll(() => t?.close());

describe('WhatsApp number check and profile pictures (01-core §8 ERR_WAPP_INVALID_CONTACT)', () => {
  it('a number without WhatsApp is refused; a valid one is stored as WhatsApp writes it, with its picture (01-core §8)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    setup.socket.open();
    await waitFor(async () => (await connectionOf(t, setup.session.token, setup.connectionId)).status === 'CONNECTED', 'CONNECTED');
    const create = (number: string) => t.request('POST', '/contacts', { token: setup.session.token, body: { name: 'Cliente Novo', number } });

    const refused = await create('5511911112222');
    expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_INVALID_CONTACT' } });
    expect(setup.socket.numberChecks).toEqual([['5511911112222@s.whatsapp.net']]);

    setup.socket.numbersOnWhatsapp.add('5511911112222');
    const created = await create('55 (11) 91111-2222');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ number: '5511911112222', urlPicture: 'https://pps.whatsapp.net/v/5511911112222.jpg' });
  });

  it('without a connected WhatsApp session the contact is created as typed (01-core §8)', async () => {
    const setup = await setupWhatsappCompany(t, whatsapp);
    const created = await t.request('POST', '/contacts', { token: setup.session.token, body: { name: 'Cliente Offline', number: '5511933334444' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ number: '5511933334444', urlPicture: '' });
    expect(setup.socket.numberChecks).toEqual([]);
  });
});
