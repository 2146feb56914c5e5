// A file list sent by the bot through the sandbox channel (issue 16 point 4; 02-operations §3
// Chatbot option, File list): the list's message, then every file, in order, on the job runner.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';
import { setupFlow, startFlowApp, type FlowSetup } from '../flow/flow-setup.ts';

let t: TestApp;
beforeAll(async () => {
  ({ t } = await startFlowApp());
});
afterAll(() => t?.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

// A list of three options: two with files, the middle one never uploaded.
const catalogue = async (f: FlowSetup) => {
  const created = await t.request('POST', '/files', {
    token: f.token,
    body: { name: 'Catálogo', message: 'Segue o catálogo, {{name}}.', options: [{ name: 'Capa' }, { name: 'Sem arquivo' }, { name: 'Tabela de preços' }] },
  });
  const [cover, , prices] = created.body.options as { id: number }[];
  const form = new FormData();
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#22aa22' } }).png().toBuffer();
  form.append('files', new Blob([new Uint8Array(png)]), 'capa.png');
  form.append('id', String(cover.id));
  form.append('files', new Blob([new Uint8Array(pdf)]), 'precos.pdf');
  form.append('id', String(prices.id));
  const uploaded = await t.request('POST', `/files/uploadList/${created.body.id}`, { token: f.token, rawBody: form });
  if (uploaded.status !== 200) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  return uploaded.body as { id: number; options: { path: string | null }[] };
};

// What the ticket's history holds of the company's side: text, type and file of each message.
const sentMessages = async (f: FlowSetup, ticketId: number) => {
  const answer = await t.request('GET', `/messages/${ticketId}`, { token: f.token });
  return (answer.body.messages as { fromMe: boolean; body: string; mediaType: string; mediaUrl: string | null }[])
    .filter((message) => message.fromMe)
    .map(({ body, mediaType, mediaUrl }) => ({ body, mediaType, mediaUrl }));
};

describe('a bot option of type file sends its file list through the channel (02-operations §3 Chatbot option, File list; §9 bot option types)', () => {
  it('the option text, the list message, then each uploaded file in order, as the sandbox delivered them', async () => {
    const f = await setupFlow(t);
    const list = await catalogue(f);
    const sales = await f.queue({ name: 'Vendas', greetingMessage: 'Como podemos ajudar?' });
    const support = await f.queue({ name: 'Suporte', greetingMessage: 'Suporte.' });
    await f.configureConnection({ greetingMessage: 'Escolha:', queueIds: [sales.id, support.id] });
    await f.option({ queueId: sales.id, name: 'Catálogo', greetingMessage: 'Enviando os arquivos.', queueType: 'file', optFileId: list.id });
    await f.option({ queueId: sales.id, name: 'Falar com alguém', greetingMessage: 'Um momento.', queueType: 'text' });

    const { ticketId } = await f.inbound('5511900008888', 'Oi');
    // the queue menu lists Suporte, then Vendas
    await f.inbound('5511900008888', '2');
    await f.inbound('5511900008888', '1');
    const menu = 'Como podemos ajudar?\n\n*[ 1 ]* - Catálogo\n*[ 2 ]* - Falar com alguém\n*[ # ]* - Menu inicial';
    const [coverPath, , pricesPath] = list.options.map((option) => option.path);
    expect((await sentMessages(f, ticketId)).slice(2)).toEqual([
      { body: 'Enviando os arquivos.', mediaType: 'chat', mediaUrl: null },
      { body: 'Segue o catálogo, Customer 8888.', mediaType: 'chat', mediaUrl: null },
      { body: 'Capa', mediaType: 'image', mediaUrl: expect.stringContaining(coverPath as string) },
      { body: 'Tabela de preços', mediaType: 'application', mediaUrl: expect.stringContaining(pricesPath as string) },
    ]);
    // handed to the channel in that order (the outbox lists what the sandbox accepted)
    await f.botSaid(ticketId, ['Escolha:\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas', menu, 'Enviando os arquivos.', 'Segue o catálogo, Customer 8888.', 'Capa', 'Tabela de preços']);
    // the answer inside the menu keeps the menu open
    expect(await f.ticketOf(ticketId)).toMatchObject({ queueId: sales.id, isBot: true });
  });

  it("a queue's file list follows its greeting when a ticket enters the queue (02-operations §3 Queue fileListId)", async () => {
    const f = await setupFlow(t);
    const list = await catalogue(f);
    const only = await f.queue({ name: 'Geral', greetingMessage: 'Fila geral.', fileListId: list.id });
    await f.configureConnection({ greetingMessage: 'Olá!', queueIds: [only.id] });
    const { ticketId } = await f.inbound('5511900009999', 'Oi');
    await f.botSaid(ticketId, ['Olá!', 'Fila geral.', 'Segue o catálogo, Customer 9999.', 'Capa', 'Tabela de preços']);
    expect(await f.ticketOf(ticketId)).toMatchObject({ queueId: only.id, isBot: false });
  });
});
