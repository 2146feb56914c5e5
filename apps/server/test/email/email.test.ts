// The email channel (issue 41 point 2) spoken in real SMTP on loopback both ways: customers send
// with nodemailer to the product's receiver at the connection's forwarding address, and answers
// leave through the company's own SMTP server (a real smtp-server, test/helpers/smtp-receiver.ts).
import { and, asc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, messages } from '../../src/db/schema.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import type { Json } from '../helpers/json.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const DOMAIN = 'inbound.atende.test';
const MAX_BYTES = 200_000;
const SMTP_USER = 'suporte@loja.test';
const SMTP_PASSWORD = 'mailbox-password-1234';

let t: TestApp;
let companyServer: SmtpReceiver;
let receiverPort: number;
beforeAll(async () => {
  companyServer = await startSmtpReceiver({ user: SMTP_USER, password: SMTP_PASSWORD });
  t = await startTestApp({ inboundEmail: { port: 0, host: '127.0.0.1', domain: DOMAIN, maxBytes: MAX_BYTES } });
  const receiver = t.app.inboundSmtp.receiver;
  if (!receiver) throw new Error('the inbound SMTP receiver did not start');
  receiverPort = receiver.port;
});
afterAll(async () => {
  await t?.close();
  await companyServer?.close();
});

// a customer's mail client, speaking SMTP to the product's receiver
const customerSmtp = () => createTransport({ host: '127.0.0.1', port: receiverPort, secure: false, ignoreTLS: true });
type CustomerMail = Parameters<ReturnType<typeof customerSmtp>['sendMail']>[0];
const sendToReceiver = (mail: CustomerMail) => customerSmtp().sendMail(mail);

const smtpSettings = (overrides: Record<string, unknown> = {}) => ({ host: '127.0.0.1', port: companyServer.port, secure: false, user: SMTP_USER, password: SMTP_PASSWORD, ...overrides });

const emailCompany = async () => {
  const a = await setupAttendance(t);
  const created = await t.request('POST', '/email/connections', { token: a.adminSession.token, body: { name: 'Suporte', supportAddress: SMTP_USER, smtp: smtpSettings() } });
  if (created.status !== 201) throw new Error(`email connection: ${JSON.stringify(created.body)}`);
  const forwarding = created.body.number as string;
  const ticketsOf = async () => (await t.request('GET', '/tickets?status=pending', { token: a.adminSession.token })).body.tickets as Json[];
  const ticketOf = async (address: string) => {
    await expect.poll(async () => (await ticketsOf()).some((row) => row.contact.number === address)).toBe(true);
    return (await ticketsOf()).find((row) => row.contact.number === address) as Json;
  };
  const rowsOf = (ticketId: number) => t.db.select().from(messages).where(and(eq(messages.companyId, a.company.id), eq(messages.ticketId, ticketId))).orderBy(asc(messages.id));
  const rowsWith = async (ticketId: number, count: number) => {
    await expect.poll(async () => (await rowsOf(ticketId)).length).toBeGreaterThanOrEqual(count);
    return rowsOf(ticketId);
  };
  return { a, connection: created.body, forwarding, ticketsOf, ticketOf, rowsOf, rowsWith };
};

describe('Email channel (issue 41 point 2)', () => {
  it('connects a mailbox whose SMTP login is verified, shows its forwarding address and keeps the password sealed (issue 41 point 2)', async () => {
    const { a, connection, forwarding } = await emailCompany();
    expect(connection).toMatchObject({ channel: 'email', status: 'CONNECTED', name: 'Suporte' });
    expect(forwarding).toMatch(new RegExp(`^[a-z0-9]{20}@${DOMAIN.replaceAll('.', '\\.')}$`));
    const [stored] = await t.db.select().from(connections).where(eq(connections.id, connection.id));
    expect(stored.channelConfig).toMatchObject({ supportAddress: SMTP_USER, smtpHost: '127.0.0.1' });
    expect(JSON.stringify(stored.channelConfig)).not.toContain(SMTP_PASSWORD);
    const listed = await t.request('GET', '/whatsapp?session=0', { token: a.adminSession.token });
    expect(JSON.stringify(listed.body)).not.toContain(SMTP_PASSWORD);

    const wrongPassword = await t.request('POST', '/email/connections', { token: a.adminSession.token, body: { name: 'Errado', supportAddress: SMTP_USER, smtp: smtpSettings({ password: 'wrong' }) } });
    expect(wrongPassword).toMatchObject({ status: 400, body: { error: 'ERR_INVALID_CREDENTIALS' } });
    const closedPort = await t.request('POST', '/email/connections', { token: a.adminSession.token, body: { name: 'Fechado', supportAddress: SMTP_USER, smtp: smtpSettings({ port: 9 }) } });
    expect(closedPort).toMatchObject({ status: 400, body: { error: 'ERR_CHANNEL_UNREACHABLE' } });
  });

  it('the SMTP host is reached only at addresses the outbound rules allow (issue 41 point 2)', async () => {
    const strict = await startTestApp({ outbound: { allowedHosts: [] }, inboundEmail: { host: '127.0.0.1', domain: DOMAIN, maxBytes: MAX_BYTES } });
    try {
      const a = await setupAttendance(strict);
      const refused = await strict.request('POST', '/email/connections', { token: a.adminSession.token, body: { name: 'Local', supportAddress: SMTP_USER, smtp: smtpSettings() } });
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_OUTBOUND_ADDRESS_REFUSED' } });
    } finally {
      await strict.close();
    }
  });

  it('a new mail opens a ticket with its fresh text, the quoted history folded and its HTML sanitised; the attendant answers as a proper reply and the customer\'s answer threads (issue 41 point 2)', async () => {
    const { a, forwarding, ticketOf, rowsWith } = await emailCompany();
    await sendToReceiver({
      from: 'Maria Cliente <maria@cliente.test>',
      to: forwarding,
      subject: 'Pedido 42 atrasado',
      messageId: '<first-mail@cliente.test>',
      text: 'Meu pedido não chegou.\n\nOn Mon, 1 Jan 2026 at 10:00, Loja <suporte@loja.test> wrote:\n> Seu pedido foi enviado.',
      html: '<p>Meu pedido não chegou.</p><script>alert(1)</script><img src="https://x.test/a.png" onerror="alert(2)">',
    });
    const ticket = await ticketOf('maria@cliente.test');
    const [first] = await rowsWith(ticket.id, 1);
    expect(first).toMatchObject({ body: 'Meu pedido não chegou.', providerMessageId: '<first-mail@cliente.test>', fromMe: false });
    const email = (first.dataJson as { email: { subject: string; quoted: string; html: string } }).email;
    expect(email.subject).toBe('Pedido 42 atrasado');
    expect(email.quoted).toContain('> Seu pedido foi enviado.');
    expect(email.html).toContain('<p>Meu pedido não chegou.</p>');
    expect(email.html).not.toMatch(/script|onerror|alert/);
    // the chat reads them with the message
    const [shown] = (await t.request('GET', `/messages/${ticket.id}`, { token: a.adminSession.token })).body.messages as Json[];
    expect(shown.email).toEqual({ subject: 'Pedido 42 atrasado', quoted: email.quoted, html: email.html });

    await a.put(a.adminSession.token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    expect((await t.request('POST', `/messages/${ticket.id}`, { token: a.adminSession.token, body: { body: 'Vamos verificar.' } })).status).toBe(201);
    const answer = await companyServer.nextMail('maria@cliente.test');
    expect(answer).toMatchObject({ from: { address: SMTP_USER, name: 'Suporte' }, subject: `Re: Pedido 42 atrasado [#${ticket.id}]`, inReplyTo: '<first-mail@cliente.test>' });
    expect(answer.text).toContain('Vamos verificar.');
    expect(answer.references).toContain('<first-mail@cliente.test>');
    await expect.poll(async () => (await rowsWith(ticket.id, 2))[1].providerMessageId).toBe(answer.messageId);
    const sent = (await rowsWith(ticket.id, 2))[1];
    expect(sent).toMatchObject({ fromMe: true, ack: 1 });

    await sendToReceiver({
      from: 'maria@cliente.test',
      to: forwarding,
      subject: 'Re: Pedido 42 atrasado',
      messageId: '<second-mail@cliente.test>',
      inReplyTo: answer.messageId,
      references: ['<first-mail@cliente.test>', answer.messageId],
      text: 'Obrigada!',
    });
    const third = (await rowsWith(ticket.id, 3))[2];
    expect(third).toMatchObject({ body: 'Obrigada!', quotedMsgId: sent.id, fromMe: false });
  });

  it('a mail whose threading headers were dropped joins its ticket by the "[#id]" token in the subject; another company\'s thread is never matched (issue 41 point 2)', async () => {
    const own = await emailCompany();
    await sendToReceiver({ from: 'joao@cliente.test', to: own.forwarding, subject: 'Troca', messageId: '<troca@cliente.test>', text: 'Quero trocar.' });
    const ticket = await own.ticketOf('joao@cliente.test');
    // a colleague of the customer answers from another address, with the token only
    await sendToReceiver({ from: 'colega@cliente.test', to: own.forwarding, subject: `Re: Troca [#${ticket.id}]`, text: 'Sou colega do João.' });
    const rows = await own.rowsWith(ticket.id, 2);
    expect(rows[1]).toMatchObject({ body: 'Sou colega do João.', quotedMsgId: rows[0].id });

    const other = await emailCompany();
    await sendToReceiver({
      from: 'joao@cliente.test',
      to: other.forwarding,
      subject: `Re: Troca [#${ticket.id}]`,
      inReplyTo: '<troca@cliente.test>',
      text: 'Outra loja.',
    });
    const elsewhere = await other.ticketOf('joao@cliente.test');
    expect(elsewhere.id).not.toBe(ticket.id);
    const [row] = await other.rowsWith(elsewhere.id, 1);
    expect(row).toMatchObject({ body: 'Outra loja.', quotedMsgId: null });
    expect(await own.rowsOf(ticket.id)).toHaveLength(2);
  });

  it('stores an attachment as media, one Message-ID once, and drops auto-replies and bounces (issue 41 point 2)', async () => {
    const { forwarding, ticketOf, rowsOf, rowsWith, ticketsOf } = await emailCompany();
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const mail = { from: 'ana@cliente.test', to: forwarding, subject: 'Foto', messageId: '<foto@cliente.test>', text: 'Segue a foto.', attachments: [{ filename: 'produto.png', content: photo }] };
    await sendToReceiver(mail);
    await sendToReceiver(mail);
    const ticket = await ticketOf('ana@cliente.test');
    const rows = await rowsWith(ticket.id, 2);
    expect(rows[0]).toMatchObject({ body: 'Segue a foto.', providerMessageId: '<foto@cliente.test>' });
    expect(rows[1]).toMatchObject({ mediaType: 'image', body: 'produto.png', providerMessageId: '<foto@cliente.test>#1' });
    const stored = await fetch(t.url + rows[1].mediaUrl);
    expect(stored.status).toBe(200);

    await sendToReceiver({ from: 'ferias@cliente.test', to: forwarding, subject: 'Ausente', text: 'Estou de férias.', headers: { 'Auto-Submitted': 'auto-replied' } });
    await sendToReceiver({ envelope: { from: '', to: forwarding }, from: 'MAILER-DAEMON@cliente.test', to: forwarding, subject: 'Undelivered Mail', text: 'bounce' });
    // the connection's mails are read in order: once this one is stored the two before it were read
    await sendToReceiver({ from: 'marcador@cliente.test', to: forwarding, subject: 'Marcador', text: 'depois' });
    await ticketOf('marcador@cliente.test');
    const numbers = (await ticketsOf()).map((row) => row.contact.number);
    expect(numbers).not.toContain('ferias@cliente.test');
    expect(numbers).not.toContain('mailer-daemon@cliente.test');
    expect(await rowsOf(ticket.id)).toHaveLength(2);
  });

  it('refuses an oversize mail (SIZE), an unknown recipient and too many recipients at the SMTP level (issue 41 point 2 "Bad input")', async () => {
    const { forwarding } = await emailCompany();
    await expect(sendToReceiver({ from: 'big@cliente.test', to: forwarding, subject: 'Grande', text: 'x'.repeat(MAX_BYTES + 10_000) })).rejects.toMatchObject({ responseCode: 552 });
    await expect(sendToReceiver({ from: 'a@cliente.test', to: `${'z'.repeat(20)}@${DOMAIN}`, subject: 'Quem?', text: 'oi' })).rejects.toMatchObject({ responseCode: 550 });
    await expect(sendToReceiver({ from: 'a@cliente.test', to: 'someone@elsewhere.test', subject: 'Relay?', text: 'oi' })).rejects.toMatchObject({ responseCode: 550 });
    // ten recipients tried, refused or not, and the eleventh is refused even when it is ours
    const many = [...Array.from({ length: 10 }, (_, index) => `nobody${index}@${DOMAIN}`), forwarding];
    const crowded = await sendToReceiver({ from: 'a@cliente.test', to: many, subject: 'Muitos', text: 'oi' }).catch((error: { rejectedErrors?: { responseCode?: number }[] }) => error);
    expect(crowded).toMatchObject({ rejectedErrors: expect.arrayContaining([expect.objectContaining({ responseCode: 452 })]) });
  });
});
