import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { MONDAY_10H, setupFlow, startFlowApp } from './flow-setup.ts';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  ({ t, clock } = await startFlowApp());
});
afterAll(() => t?.close());
beforeEach(() => clock.set(MONDAY_10H));

const queueMenu = (greeting: string) => `${greeting}\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas`;

describe('greeting and queue menu (02-operations §3 Connection greeting, §7 Queues and chatbot)', () => {
  const twoQueues = async () => {
    const f = await setupFlow(t);
    const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Bem-vindo às vendas, {{firstName}}.' });
    const support = await f.queue({ name: 'Suporte', greetingMessage: 'Suporte técnico, protocolo {{protocol}}.' });
    await f.configureConnection({ greetingMessage: '{{ms}}, {{name}}! Escolha um setor:', queueIds: [sales.id, support.id] });
    return { f, sales, support };
  };

  it('sends the greeting with a numbered menu, repeats it on an invalid answer, and a number chooses the queue (02-operations §7)', async () => {
    const { f, sales } = await twoQueues();
    const { ticketId } = await f.inbound('5511900001111', 'Oi');
    const menu = queueMenu('Bom dia, Customer 1111! Escolha um setor:');
    await f.botSaid(ticketId, [menu]);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: null, userId: null, isBot: true, amountUsedBotQueues: 1 });

    await f.inbound('5511900001111', 'quero comprar');
    await f.botSaid(ticketId, [menu, menu]);

    await f.inbound('5511900001111', '2');
    await f.botSaid(ticketId, [menu, menu, 'Bem-vindo às vendas, Customer.']);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: sales.id, userId: null, isBot: false });

    // the ticket now waits for an attendant of the queue: the bot stays quiet
    await f.inbound('5511900001111', 'alguém aí?');
    await f.botSaid(ticketId, [menu, menu, 'Bem-vindo às vendas, Customer.']);
    expect(await f.logTypes(ticketId)).toEqual(['create', 'chatBot', 'queue']);
  });

  it('a retried webhook of the same message does not run the flow twice (02-operations §7)', async () => {
    const { f } = await twoQueues();
    const first = await f.inbound('5511900002222', 'Oi', 'same-provider-id');
    const again = await f.inbound('5511900002222', 'Oi', 'same-provider-id');
    expect(again).toMatchObject({ duplicate: true, ticketId: first.ticketId });
    await f.botSaid(first.ticketId, [queueMenu('Bom dia, Customer 2222! Escolha um setor:')]);
  });

  it('stops after maxUseBotQueues menus and leaves the ticket waiting without a queue (02-operations §3 bot limits)', async () => {
    const { f } = await twoQueues();
    await f.configureConnection({ maxUseBotQueues: 2 });
    const { ticketId } = await f.inbound('5511900003333', 'Oi');
    const menu = queueMenu('Bom dia, Customer 3333! Escolha um setor:');
    await f.inbound('5511900003333', 'hein?');
    await f.botSaid(ticketId, [menu, menu]);
    await f.inbound('5511900003333', 'não entendi');
    await f.inbound('5511900003333', '1');
    await f.botSaid(ticketId, [menu, menu]);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: null, isBot: false, amountUsedBotQueues: 2 });
  });

  it('repeats the menu no sooner than timeUseBotQueues minutes, while a valid answer is always taken (02-operations §3 bot limits)', async () => {
    const { f, support } = await twoQueues();
    await f.configureConnection({ timeUseBotQueues: 10 });
    const { ticketId } = await f.inbound('5511900004444', 'Oi');
    const menu = queueMenu('Bom dia, Customer 4444! Escolha um setor:');
    clock.advance(5 * 60_000);
    await f.inbound('5511900004444', 'hein?');
    await f.botSaid(ticketId, [menu]);
    clock.advance(6 * 60_000);
    await f.inbound('5511900004444', 'hein??');
    await f.botSaid(ticketId, [menu, menu]);
    clock.advance(60_000);
    await f.inbound('5511900004444', '1');
    await f.botSaid(ticketId, [menu, menu, `Suporte técnico, protocolo ${ticketId}.`]);
    expect(await f.ticketOf(ticketId)).toMatchObject({ queueId: support.id, isBot: false });
  });

  it('a single queue is chosen without a menu; sendGreetingMessageOneQueues decides whether the greeting is sent (03-saas §3)', async () => {
    const withGreeting = await setupFlow(t);
    const onlyQueue = await withGreeting.queue({ name: 'Geral', greetingMessage: 'Fila geral.' });
    await withGreeting.configureConnection({ greetingMessage: 'Olá!', queueIds: [onlyQueue.id] });
    const first = await withGreeting.inbound('5511900005555', 'Oi');
    await withGreeting.botSaid(first.ticketId, ['Olá!', 'Fila geral.']);
    expect(await withGreeting.ticketOf(first.ticketId)).toMatchObject({ queueId: onlyQueue.id, isBot: false });

    const withoutGreeting = await setupFlow(t);
    const single = await withoutGreeting.queue({ name: 'Geral', greetingMessage: 'Fila geral.' });
    await withoutGreeting.configureConnection({ greetingMessage: 'Olá!', queueIds: [single.id] });
    await withoutGreeting.setting('sendGreetingMessageOneQueues', 'disabled');
    const second = await withoutGreeting.inbound('5511900006666', 'Oi');
    await withoutGreeting.botSaid(second.ticketId, ['Fila geral.']);
    expect(await withoutGreeting.ticketOf(second.ticketId)).toMatchObject({ queueId: single.id });
  });

  it('a connection without queues sends nothing and the ticket waits without a queue (01-core §4)', async () => {
    const f = await setupFlow(t);
    await f.configureConnection({ greetingMessage: 'Olá!' });
    const { ticketId } = await f.inbound('5511900007777', 'Oi');
    await f.botSaid(ticketId, []);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: null, isBot: false });
  });
});

describe('nested chatbot options and the way back (02-operations §3 Chatbot option, §9 bot option types)', () => {
  const topMenu =
    'Como podemos ajudar?\n\n*[ 1 ]* - Financeiro\n*[ 2 ]* - Catálogo\n*[ 3 ]* - Suporte técnico\n*[ 4 ]* - Assistente\n*[ # ]* - Menu inicial';
  const financeMenu =
    'Assuntos financeiros:\n\n*[ 1 ]* - Segunda via de boleto\n*[ 2 ]* - Falar com o financeiro\n*[ 3 ]* - Encerrar conversa\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial';
  const mainMenu = 'Escolha:\n\n*[ 1 ]* - Atendimento\n*[ 2 ]* - Suporte';

  const optionTree = async () => {
    const f = await setupFlow(t);
    const service = await f.queue({ name: 'Atendimento', greetingMessage: 'Como podemos ajudar?' });
    const support = await f.queue({ name: 'Suporte', greetingMessage: 'Você está no suporte.' });
    await f.configureConnection({ greetingMessage: 'Escolha:', queueIds: [service.id, support.id] });
    const ana = await f.attendant([service.id]);
    const finance = await f.option({ queueId: service.id, name: 'Financeiro', greetingMessage: 'Assuntos financeiros:', queueType: 'text' });
    await f.option({ queueId: service.id, name: 'Catálogo', greetingMessage: 'Veja o nosso catálogo.', queueType: 'file' });
    await f.option({ queueId: service.id, name: 'Suporte técnico', queueType: 'queue', optQueueId: support.id });
    await f.option({ queueId: service.id, name: 'Assistente', greetingMessage: 'Conectando ao assistente.', queueType: 'integration' });
    await f.option({
      queueId: service.id,
      parentId: finance.id,
      name: 'Segunda via de boleto',
      greetingMessage: 'Enviamos a segunda via para o seu e-mail.',
      queueType: 'text',
    });
    await f.option({
      queueId: service.id,
      parentId: finance.id,
      name: 'Falar com o financeiro',
      greetingMessage: 'Um momento, {{name}}.',
      queueType: 'attendent',
      optUserId: ana.user.id,
      optQueueId: service.id,
    });
    await f.option({
      queueId: service.id,
      parentId: finance.id,
      name: 'Encerrar conversa',
      greetingMessage: 'Até logo!',
      queueType: 'text',
      closeTicket: true,
    });
    return { f, service, support, ana };
  };

  it('walks down the tree, answers text and file options, goes back with 0 and to the main menu with # (02-operations §3 Chatbot option, §9)', async () => {
    const { f } = await optionTree();
    const from = '5511911110001';
    const { ticketId } = await f.inbound(from, 'Oi');
    const steps: Array<[string, string[]]> = [
      ['1', [topMenu]],
      ['1', [financeMenu]],
      ['1', ['Enviamos a segunda via para o seu e-mail.']],
      ['0', [topMenu]],
      ['2', ['Veja o nosso catálogo.']],
      ['#', [mainMenu]],
      ['1', [topMenu]],
      ['9', [topMenu]],
    ];
    const said = [mainMenu];
    for (const [answer, replies] of steps) {
      await f.inbound(from, answer);
      said.push(...replies);
      await f.botSaid(ticketId, said);
    }
    expect(await f.ticketOf(ticketId)).toMatchObject({ isBot: true, amountUsedBotQueues: 3 });
  });

  it('a queue option moves the ticket to that queue with its greeting (02-operations §3 queueType queue)', async () => {
    const { f, support } = await optionTree();
    const from = '5511911110002';
    const { ticketId } = await f.inbound(from, 'Oi');
    await f.inbound(from, '1');
    await f.inbound(from, '3');
    await f.botSaid(ticketId, [mainMenu, topMenu, 'Você está no suporte.']);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: support.id, userId: null, isBot: false });
  });

  it('an attendant option hands the ticket to that attendant (02-operations §3 queueType attendent)', async () => {
    const { f, service, ana } = await optionTree();
    const from = '5511911110003';
    const { ticketId } = await f.inbound(from, 'Oi');
    for (const answer of ['1', '1', '2']) await f.inbound(from, answer);
    await f.botSaid(ticketId, [mainMenu, topMenu, financeMenu, 'Um momento, Customer 0003.']);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: service.id, userId: ana.user.id, isBot: false });
    // the attendant accepts it as any waiting ticket
    const accepted = await f.put(ana.session.token, ticketId, { status: 'open', userId: ana.user.id });
    expect(accepted.body).toMatchObject({ status: 'open', userId: ana.user.id });
  });

  // the option running its chosen integration: test/integrations/integration-runs.test.ts
  it('an integration option without an integration answers and lands the ticket in the queue (02-operations §3 queueType integration)', async () => {
    const { f, service } = await optionTree();
    const from = '5511911110004';
    const { ticketId } = await f.inbound(from, 'Oi');
    await f.inbound(from, '1');
    await f.inbound(from, '4');
    await f.inbound(from, 'olá assistente');
    await f.botSaid(ticketId, [mainMenu, topMenu, 'Conectando ao assistente.']);
    expect(await f.ticketOf(ticketId)).toMatchObject({ queueId: service.id, useIntegration: false, isBot: false });
  });

  it('an option with closeTicket answers and closes the ticket (02-operations §3 Chatbot option closeTicket)', async () => {
    const { f } = await optionTree();
    const from = '5511911110005';
    const { ticketId } = await f.inbound(from, 'Oi');
    for (const answer of ['1', '1', '3']) await f.inbound(from, answer);
    await f.botSaid(ticketId, [mainMenu, topMenu, financeMenu, 'Até logo!']);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'closed', isBot: false, amountUsedBotQueues: 0 });
  });

  it('when the bot has used up its sends inside a queue, the ticket lands in that queue (02-operations §3 maxUseBotQueues)', async () => {
    const { f, service } = await optionTree();
    await f.configureConnection({ maxUseBotQueues: 2 });
    await f.setting('sendQueuePosition', 'enabled');
    await f.setting('sendQueuePositionMessage', 'Sua posição na fila:');
    const from = '5511911110007';
    const { ticketId } = await f.inbound(from, 'Oi');
    for (const answer of ['1', 'hein?', 'hein??', 'alô']) await f.inbound(from, answer);
    await f.botSaid(ticketId, [mainMenu, topMenu, topMenu, 'Sua posição na fila: *1*']);
    expect(await f.ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: service.id, isBot: false, amountUsedBotQueues: 2 });
  });

  it('a queue with a single option chooses it without asking (02-operations §5 a single option is auto-chosen)', async () => {
    const f = await setupFlow(t);
    const only = await f.queue({ name: 'Recepção', greetingMessage: 'Recepção.' });
    await f.configureConnection({ queueIds: [only.id] });
    await f.option({ queueId: only.id, name: 'Horários', greetingMessage: 'Abrimos das 8h às 18h.', queueType: 'text' });
    const { ticketId } = await f.inbound('5511911110006', 'Oi');
    await f.botSaid(ticketId, ['Recepção.', 'Abrimos das 8h às 18h.']);
    expect(await f.ticketOf(ticketId)).toMatchObject({ queueId: only.id, isBot: false });
  });
});
