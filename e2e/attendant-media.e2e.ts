// The attendant's modals and media in a real browser (01-core §2 Ticket manager, §4 Messages, §9):
// a new contact from the new-ticket search, the kanban stage in the contact drawer, the PDF export,
// the camera and audio recording with Chromium's synthetic camera and microphone.
import type { MessagesPage, MessageView } from '@atende/shared/messages';
import type { TicketsPage, TicketView } from '@atende/shared/tickets';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, composerTool, createSandbox, signIn, startServerWithQueues, type Api, type Sandbox, type SeededServer } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './helpers/server.ts';

let server: SeededServer;
let browser: Browser;
let admin: Api;
let sandbox: Sandbox;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServerWithQueues([{ name: 'Suporte', color: '#2196f3' }]);
  browser = await launchBrowser({ fakeMedia: true });
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  sandbox = await createSandbox(admin);
  context = await browser.newContext({ viewport: { width: 1366, height: 820 }, acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pendingTicketOf = async (name: string) => {
  const found = await admin.call<TicketsPage>('GET', `/tickets?status=pending&showAll=true&searchParam=${encodeURIComponent(name)}`);
  const ticket = found.tickets.find((row) => row.contact.name === name);
  if (!ticket) throw new Error(`no pending ticket of ${name}`);
  return ticket;
};

// A customer writes through the sandbox and the admin takes the ticket; the page shows its chat.
const openChat = async (number: string, name: string, ...bodies: string[]) => {
  for (const body of bodies) await sandbox.inbound(number, name, body);
  const ticket = await pendingTicketOf(name);
  await admin.call('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: admin.userId, queueId: server.queues[0].id });
  await page.goto(`${server.url}/tickets/${ticket.uuid}`);
  await expect.poll(() => page.getByTestId('ticket-chat').getAttribute('data-status')).toBe('open');
  return ticket;
};

const messagesOf = async (ticketId: number) => (await admin.call<MessagesPage>('GET', `/messages/${ticketId}`)).messages;
const sentMedia = async (ticketId: number) => (await messagesOf(ticketId)).filter((message) => message.fromMe && message.mediaUrl);
const bubbleOf = (message: MessageView) => page.getByTestId('ticket-chat').locator(`[data-message-id="${message.id}"]`);

describe('attendant modals and media (01-core §2, §4, §9)', () => {
  it('new ticket: a typed name that matches no contact opens the contact modal with it, and the saved contact is picked (01-core §2 Modals, §5 New ticket)', async () => {
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-new').click();
    await page.getByTestId('new-ticket-dialog').waitFor();
    // a typed number is never offered as a new contact's name
    await page.getByTestId('new-ticket-contact').fill('5599');
    await page.getByText('Nenhum contato encontrado').waitFor();
    expect(await page.getByTestId('new-ticket-add-contact').count()).toBe(0);
    await page.getByTestId('new-ticket-contact').fill('Carla Nova');
    await page.getByTestId('new-ticket-add-contact').click();
    await page.getByTestId('contact-modal').waitFor();
    expect(await page.getByTestId('contact-name').inputValue()).toBe('Carla Nova');
    await page.getByTestId('contact-number').fill('5511955554444');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-modal').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('new-ticket-contact').inputValue()).toBe('Carla Nova - 5511955554444');
    // with a contact picked, another new name typed is offered too
    await page.getByTestId('new-ticket-contact').fill('Davi Novo');
    await page.getByTestId('new-ticket-add-contact').waitFor();
    await page.getByTestId('new-ticket-contact').fill('Carla Nova');
    await page.getByRole('option', { name: 'Carla Nova - 5511955554444' }).click();


    await page.getByTestId('new-ticket-queue').click();
    await page.getByTestId(`new-ticket-queue-option-${server.queues[0].id}`).click();
    await page.getByTestId('new-ticket-submit').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('ticket-header-name').textContent()).toBe('Carla Nova');
  });

  it('contact drawer: the kanban stage select sets, changes and clears the ticket stage (01-core §2 Contact drawer, §7 ticket-tags)', async () => {
    const lead = await admin.call<{ id: number }>('POST', '/tags', { name: 'Lead', color: '#4caf50', kanban: 1 });
    const proposal = await admin.call<{ id: number }>('POST', '/tags', { name: 'Proposta', color: '#ff9800', kanban: 1 });
    const plain = await admin.call<{ id: number }>('POST', '/tags', { name: 'Comum', color: '#9e9e9e', kanban: 0 });
    const ticket = await openChat('5511955550001', 'Diego Kanban', 'Quero um orçamento');
    const tagIds = async () => (await admin.call<TicketView>('GET', `/tickets/${ticket.id}`)).tags.map((tag) => tag.id).sort();

    await page.getByTestId('ticket-header-contact').click();
    const stage = page.getByTestId('contact-drawer-kanban');
    await stage.waitFor();
    await stage.click();
    // only kanban tags are lanes
    await page.getByTestId(`kanban-stage-option-${lead.id}`).waitFor();
    expect(await page.getByTestId(`kanban-stage-option-${plain.id}`).count()).toBe(0);
    await page.getByTestId(`kanban-stage-option-${lead.id}`).click();
    await expect.poll(tagIds).toEqual([lead.id]);
    await expect.poll(() => stage.textContent()).toContain('Lead');

    await stage.click();
    await page.getByTestId(`kanban-stage-option-${proposal.id}`).click();
    await expect.poll(tagIds).toEqual([proposal.id]);

    await stage.click();
    await page.getByTestId('kanban-stage-none').click();
    await expect.poll(tagIds).toEqual([]);
    await page.getByTestId('contact-drawer-close').click();
  });

  it('exports the whole chat, older pages included, as A4 pages from the header actions (01-core §2 PDF export, §9)', async () => {
    const bodies = Array.from({ length: 30 }, (_, index) => `Linha ${index + 1} da conversa para o PDF`);
    await openChat('5511955550002', 'Elisa Pdf', ...bodies);
    const chat = page.getByTestId('ticket-chat');
    const oldest = chat.getByText('Linha 1 da conversa para o PDF', { exact: true });
    await chat.getByText('Linha 30 da conversa para o PDF').waitFor();
    // the chat shows its newest page of messages; the oldest are not loaded yet
    expect(await oldest.count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByTestId('ticket-menu').click();
    await page.getByTestId('ticket-export-pdf').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^ticket-\d+\.pdf$/);
    const pdf = await readFile(await file.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(20_000);

    // the export loaded the older messages, and the PDF has one A4 portrait page (595.28 x 841.89 pt)
    // holding a JPEG for each page-high band of the whole list
    await oldest.waitFor({ state: 'attached' });
    const bands = await page.getByTestId('message-list').evaluate((list) => Math.ceil(list.scrollHeight / ((list.clientWidth * 277) / 190)));
    expect(bands).toBeGreaterThan(1);
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(bands);
    expect(text.match(/\/MediaBox \[0 0 595\.2\d* 841\.8\d*\]/g)).toHaveLength(bands);
    expect(text.match(/\/DCTDecode/g)).toHaveLength(bands);
  });

  it('camera: takes a photo, previews it and sends it with a caption as an image (01-core §2 camera capture)', async () => {
    const ticket = await openChat('5511955550003', 'Fabio Camera', 'Me manda uma foto');
    await (await composerTool(page, 'message-camera')).click();
    await page.getByTestId('camera-dialog').waitFor();
    await page.getByTestId('camera-capture').click();
    await page.getByTestId('camera-preview').waitFor();
    await page.getByTestId('camera-caption').fill('Foto da câmera');
    await page.getByTestId('camera-send').click();
    await page.getByTestId('camera-dialog').waitFor({ state: 'detached' });
    await expect.poll(async () => (await sentMedia(ticket.id)).length).toBe(1);
    const [photo] = await sentMedia(ticket.id);
    expect(photo).toMatchObject({ mediaType: 'image', body: 'Foto da câmera' });
    expect(photo.mediaUrl).toMatch(/\.jpg$/);
    const image = bubbleOf(photo).locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  });

  it('audio: a cancelled or too short recording sends nothing; a recording of about 2 s is sent as m4a and shown as an audio player (01-core §4 Messages)', async () => {
    const ticket = await openChat('5511955550004', 'Gabi Audio', 'Pode mandar áudio');
    await page.getByTestId('audio-record-start').click();
    await page.getByTestId('audio-recording').waitFor();
    await page.getByTestId('audio-record-cancel').click();
    await page.getByTestId('audio-record-start').waitFor();

    // stopped as soon as it starts, a recording stays far under 10000 bytes: dropped with a toast
    await page.evaluate(async () => {
      const button = (testId: string) => document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
      button('audio-record-start')?.click();
      while (!button('audio-record-send')) await new Promise((done) => setTimeout(done, 5));
      button('audio-record-send')?.click();
    });
    await page.getByTestId('toast-warning').filter({ hasText: 'Áudio muito curto, não enviado' }).waitFor();
    await page.getByTestId('audio-record-start').waitFor();

    await page.getByTestId('audio-record-start').click();
    await page.getByTestId('audio-recording').waitFor();
    await page.getByTestId('audio-recording').filter({ hasText: '0:02' }).waitFor();
    await page.getByTestId('audio-record-send').click();
    await page.getByTestId('ticket-chat').locator('audio').waitFor();
    // only that recording reached the server, not the cancelled or the short one
    const sent = await sentMedia(ticket.id);
    expect(sent).toHaveLength(1);
    const [audio] = sent;
    expect(audio.mediaType).toBe('audio');
    expect(audio.mediaUrl).toMatch(/\.m4a$/);
    const player = bubbleOf(audio).locator('audio');
    await player.waitFor();
    // the browser can read the stored file: its duration is known once metadata loads
    await expect.poll(() => player.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(1);
  });

  it('audio on a WhatsApp connection is encoded as mp3 in the browser (01-core §4 Messages: mp3 128 kbps for WhatsApp)', async () => {
    const connection = await admin.call<{ id: number }>('POST', '/whatsapp', { name: 'WhatsApp Loja', channel: 'whatsapp' });
    const contact = await admin.call<{ id: number }>('POST', '/contacts', { name: 'Hugo Whats', number: '5511955550005' });
    const ticket = await admin.call<TicketView>('POST', '/tickets', {
      contactId: contact.id,
      queueId: server.queues[0].id,
      whatsappId: connection.id,
      userId: admin.userId,
      status: 'open',
    });
    expect(ticket.channel).toBe('whatsapp');
    await page.goto(`${server.url}/tickets/${ticket.uuid}`);
    await expect.poll(() => page.getByTestId('ticket-chat').getAttribute('data-status')).toBe('open');

    await page.getByTestId('audio-record-start').click();
    await page.getByTestId('audio-recording').waitFor();
    await page.getByTestId('audio-recording').filter({ hasText: '0:02' }).waitFor();
    await page.getByTestId('audio-record-send').click();
    await expect.poll(async () => (await sentMedia(ticket.id)).length).toBe(1);
    const [audio] = await sentMedia(ticket.id);
    expect(audio.mediaType).toBe('audio');
    expect(audio.mediaUrl).toMatch(/\.mp3$/);
    const stored = Buffer.from(await (await fetch(`${server.url}${audio.mediaUrl}`)).arrayBuffer());
    // MPEG-1 layer III frame header with bitrate index 9: 128 kbps
    expect(stored[0]).toBe(0xff);
    expect(stored[1] & 0xfe).toBe(0xfa);
    expect(stored[2] >> 4).toBe(9);
    await bubbleOf(audio).locator('audio').waitFor();
  });
});
