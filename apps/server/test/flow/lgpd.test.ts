import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { MONDAY_10H, setupFlow, startFlowApp } from './flow-setup.ts';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  ({ t, clock } = await startFlowApp());
});
afterAll(() => t?.close());

const menu = 'Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas';
const request = (name: string) =>
  `Olá ${name}, tratamos seus dados conforme a LGPD.\n\nhttps://example.test/privacidade\n\n*[ 1 ]* - Aceito\n*[ 2 ]* - Não aceito`;
const REFUSED = 'Entendido. Sem o seu consentimento não podemos continuar o atendimento, que foi encerrado.';

const withLgpd = async () => {
  const f = await setupFlow(t);
  const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Vendas.' });
  const support = await f.queue({ name: 'Suporte', greetingMessage: 'Suporte.' });
  await f.configureConnection({ greetingMessage: 'Escolha:', queueIds: [sales.id, support.id] });
  await f.setting('enableLGPD', 'enabled');
  await f.setting('lgpdMessage', 'Olá {{name}}, tratamos seus dados conforme a LGPD.');
  await f.setting('lgpdLink', 'https://example.test/privacidade');
  return f;
};

const contactOf = async (f: Awaited<ReturnType<typeof setupFlow>>, ticketId: number) => {
  const ticket = await f.ticketOf(ticketId);
  return (await t.request('GET', `/contacts/${ticket.contact.id}`, { token: f.token })).body;
};

describe('LGPD consent accepted (03-saas §3 enableLGPD, lgpdMessage, lgpdLink; 01-core §3 lgpdAcceptedAt)', () => {
  it('asks first with status lgpd, repeats on another answer, records the acceptance and continues with the menu (03-saas §3)', async () => {
    clock.set(MONDAY_10H);
    const f = await withLgpd();
    const from = '5511966660001';
    const { ticketId } = await f.inbound(from, 'Oi');
    await f.botSaid(ticketId, [request('Customer 0001')]);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'lgpd', queueId: null, userId: null });

    await f.inbound(from, 'talvez');
    await f.botSaid(ticketId, [request('Customer 0001'), request('Customer 0001')]);
    expect((await f.ticketOf(ticketId)).status).toBe('lgpd');

    clock.advance(60_000);
    await f.inbound(from, '1');
    await f.botSaid(ticketId, [request('Customer 0001'), request('Customer 0001'), menu]);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', isBot: true });
    expect((await contactOf(f, ticketId)).lgpdAcceptedAt).toBe('2026-03-02T13:01:00.000Z');

    // the consent is the contact's: their next conversation goes straight to the menu
    expect((await f.put(f.token, ticketId, { status: 'closed' })).status).toBe(200);
    const next = await f.inbound(from, 'Oi de novo');
    expect(next.ticketId).not.toBe(ticketId);
    await f.botSaid(next.ticketId, [menu]);
  });
});

describe('LGPD consent refused (03-saas §3 enableLGPD)', () => {
  it('answering 2 closes the ticket with a message, and the next conversation asks again (03-saas §3)', async () => {
    clock.set(MONDAY_10H);
    const f = await withLgpd();
    const from = '5511966660002';
    const { ticketId } = await f.inbound(from, 'Oi');
    await f.inbound(from, '2');
    await f.botSaid(ticketId, [request('Customer 0002'), REFUSED]);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'closed' });
    expect((await contactOf(f, ticketId)).lgpdAcceptedAt).toBeNull();
    expect(await f.logTypes(ticketId)).toEqual(['create', 'closed']);

    const next = await f.inbound(from, 'Oi');
    expect(next.ticketId).not.toBe(ticketId);
    await f.botSaid(next.ticketId, [request('Customer 0002')]);
  });
});
