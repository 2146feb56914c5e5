// The email channel (issue 41 point 2) spoken in real SMTP on loopback both ways: customers send
// with nodemailer to the product's receiver at the connection's forwarding address, and answers
// leave through the company's own SMTP server (a real smtp-server, test/helpers/smtp-receiver.ts).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections } from '../../src/db/schema.ts';
import { connectSocket, recordEvents, setupAttendance } from '../helpers/attendance.ts';
import type { Json } from '../helpers/json.ts';
import type { SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { DOMAIN, SMTP_PASSWORD, SMTP_USER, startEmailTestbed, type EmailTestbed } from './email-testbed.ts';

const MAX_BYTES = 200_000;

let testbed: EmailTestbed;
let t: TestApp;
let companyServer: SmtpReceiver;
beforeAll(async () => {
  testbed = await startEmailTestbed(MAX_BYTES);
  ({ t, companyServer } = testbed);
});
afterAll(async () => {
  await testbed?.close();
});

const sendToReceiver: EmailTestbed['sendToReceiver'] = (mail) => testbed.sendToReceiver(mail);
const smtpSettings: EmailTestbed['smtpSettings'] = (overrides) => testbed.smtpSettings(overrides);
const emailCompany = () => testbed.emailCompany();

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

  it('stores an attachment as media, and a mail delivered twice (one Message-ID) once (issue 41 point 2)', async () => {
    const { forwarding, ticketOf, rowsOf, rowsWith, markerRead } = await emailCompany();
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

    await markerRead();
    expect(await rowsOf(ticket.id)).toHaveLength(2);
  });

  it('every automatic mail opens no ticket and says why in a log line: Auto-Submitted, Precedence bulk and auto_reply, X-Autoreply, MAILER-DAEMON, an empty return path, a multipart/report, and a bounce relayed with a real sender (X-Failed-Recipients, Return-Path <>, a delivery-failure subject) (issue 41 point 2)', async () => {
    const { connection, forwarding, ticketsOf, ticketOf, markerRead } = await emailCompany();
    const automatic = [
      { from: 'ferias@cliente.test', headers: { 'Auto-Submitted': 'auto-replied' } },
      { from: 'lista@cliente.test', headers: { Precedence: 'bulk' } },
      { from: 'resposta@cliente.test', headers: { Precedence: 'auto_reply' } },
      { from: 'autoreply@cliente.test', headers: { 'X-Autoreply': 'yes' } },
      { from: 'MAILER-DAEMON@cliente.test' },
    ];
    for (const mail of automatic) await sendToReceiver({ to: forwarding, subject: 'Automático', text: 'automático', ...mail });
    await sendToReceiver({ envelope: { from: '', to: forwarding }, from: 'avisos@cliente.test', to: forwarding, subject: 'Undelivered Mail', text: 'bounce' });
    const report = [
      'From: relatorio@cliente.test',
      `To: ${forwarding}`,
      'Subject: Delivery Status Notification (Failure)',
      'Message-ID: <dsn-1@cliente.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn"',
      '',
      '--dsn',
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      '--dsn',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.cliente.test',
      '',
      'Final-Recipient: rfc822; ninguem@cliente.test',
      'Action: failed',
      'Status: 5.1.1',
      '--dsn--',
      '',
    ].join('\r\n');
    await sendToReceiver({ envelope: { from: 'relatorio@cliente.test', to: forwarding }, raw: report });
    // bounces relayed with a real envelope sender and no report body
    const relayed = { envelope: { from: 'encaminhador@cliente.test', to: forwarding }, to: forwarding, text: 'A mensagem não foi entregue.' };
    await sendToReceiver({ ...relayed, from: 'servidor@cliente.test', subject: 'Aviso', headers: { 'X-Failed-Recipients': 'ninguem@cliente.test' } });
    // written raw: the mail library drops a Return-Path header of its own accord
    const keptReturnPath = ['Return-Path: <>', 'From: servidor@cliente.test', `To: ${forwarding}`, 'Subject: Aviso', 'Message-ID: <rp-1@cliente.test>', '', 'A mensagem não foi entregue.', ''].join('\r\n');
    await sendToReceiver({ envelope: relayed.envelope, raw: keptReturnPath });
    await sendToReceiver({ ...relayed, from: 'servidor@cliente.test', subject: 'Undelivered Mail Returned to Sender' });
    // "Auto-Submitted: no" is a person's mail, and so is a subject that only mentions a delivery
    await sendToReceiver({ from: 'pessoa@cliente.test', to: forwarding, subject: 'Pergunta', text: 'Uma dúvida.', headers: { 'Auto-Submitted': 'no' } });
    await sendToReceiver({ from: 'entrega@cliente.test', to: forwarding, subject: 'Re: delivery failure of my order', text: 'O pedido não chegou.' });
    await ticketOf('entrega@cliente.test');
    await ticketOf('pessoa@cliente.test');
    await markerRead();
    expect((await ticketsOf()).map((row) => row.contact.number).sort()).toEqual(['entrega@cliente.test', 'marcador1@cliente.test', 'pessoa@cliente.test']);
    const reasons = testbed.logged('inbound email dropped: automatic mail').filter((entry) => entry.connectionId === connection.id).map((entry) => entry.reason as string);
    expect(reasons).toEqual([
      'Auto-Submitted: auto-replied',
      'Precedence: bulk',
      'Precedence: auto_reply',
      'auto-responder header',
      'bounce (from mailer-daemon@cliente.test)',
      'bounce (null sender)',
      'bounce (multipart/report)',
      'bounce (X-Failed-Recipients)',
      'bounce (Return-Path <>)',
      'bounce (subject "Undelivered Mail Returned to Sender")',
    ]);
  });

  it('an inline image (cid:) shows in the formatted mail from its stored copy; an unknown cid: loses its address (issue 41 point 2)', async () => {
    const { forwarding, ticketOf, rowsWith } = await emailCompany();
    const logo = await sharp({ create: { width: 12, height: 6, channels: 3, background: '#cc3366' } }).png().toBuffer();
    await sendToReceiver({
      from: 'bia@cliente.test',
      to: forwarding,
      subject: 'Com logo',
      text: 'Veja o logo.',
      html: '<p>Veja o logo.</p><img src="cid:logo@cliente.test" alt="logo"><img src="cid:sumiu@cliente.test" alt="sumiu">',
      attachments: [{ filename: 'logo.png', content: logo, cid: 'logo@cliente.test' }],
    });
    const ticket = await ticketOf('bia@cliente.test');
    const [mail, image] = await rowsWith(ticket.id, 2);
    expect(image).toMatchObject({ mediaType: 'image', body: 'logo.png' });
    const { html } = (mail.dataJson as { email: { html: string } }).email;
    expect(html).toContain(`<img alt="logo" src="${image.mediaUrl}" />`);
    expect(html).toContain('<img alt="sumiu" />');
    expect(html).not.toContain('cid:');
    const served = await fetch(t.url + image.mediaUrl);
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);
  });

  it('a mail\'s email parts are written with its message in one statement: the first live event carries them and every stored row has its own (issue 41 point 2, atomic storage)', async () => {
    const { a, forwarding, ticketOf, rowsWith } = await emailCompany();
    const socket = await connectSocket(t, a.adminSession.token);
    try {
      const seen = recordEvents(socket);
      await sendToReceiver({
        from: 'caio@cliente.test',
        to: forwarding,
        subject: 'Nota fiscal',
        messageId: '<nota@cliente.test>',
        text: 'Preciso da nota.\n\n> pedido anterior',
        html: '<p>Preciso da <b>nota</b>.</p>',
        attachments: [{ filename: 'pedido.pdf', content: Buffer.from(`%PDF-1.4\n${'0'.repeat(300)}\n%%EOF\n`) }],
      });
      const ticket = await ticketOf('caio@cliente.test');
      const [mail, file] = await rowsWith(ticket.id, 2);
      expect(mail.dataJson).toEqual({ email: { subject: 'Nota fiscal', from: 'caio@cliente.test', quoted: '> pedido anterior', html: '<p>Preciso da <b>nota</b>.</p>' } });
      expect(file.dataJson).toEqual({ fileName: 'pedido.pdf' });
      const messageEvents = () => seen.filter((event) => event.channel === `company-${a.company.id}-appMessage`).map((event) => event.payload);
      // the attachment's event comes after everything written for the mail's own message
      await expect.poll(() => messageEvents().some((event) => event.message.id === file.id)).toBe(true);
      const ofMail = messageEvents().filter((event) => event.message.id === mail.id);
      expect(ofMail.map((event) => event.action)).toEqual(['create']);
      expect(ofMail[0].message.email).toEqual({ subject: 'Nota fiscal', quoted: '> pedido anterior', html: '<p>Preciso da <b>nota</b>.</p>' });
    } finally {
      socket.disconnect();
    }
  });

  it('the company\'s signature (Settings, up to 1000 characters) ends the answer\'s text and HTML parts but not the message in the chat; a file goes as an attachment of a threaded reply (issue 41 point 2)', async () => {
    const { a, forwarding, ticketOf, rowsWith } = await emailCompany();
    const token = a.adminSession.token;
    const signature = 'Equipe Loja <Atendimento>\n(11) 5555-0000';
    const tooLong = await t.request('PUT', '/companySettings', { token, body: { column: 'emailSignature', data: 'x'.repeat(1001) } });
    expect(tooLong).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION', fields: [{ path: 'body.data', message: 'validation.tooLong' }] } });
    const saved = await t.request('PUT', '/companySettings', { token, body: { column: 'emailSignature', data: signature } });
    expect(saved).toMatchObject({ status: 200, body: { emailSignature: signature } });

    await sendToReceiver({ from: 'duda@cliente.test', to: forwarding, subject: 'Orçamento', messageId: '<orcamento@cliente.test>', text: 'Pode mandar o orçamento?' });
    const ticket = await ticketOf('duda@cliente.test');
    await a.put(token, ticket.id, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    expect((await t.request('POST', `/messages/${ticket.id}`, { token, body: { body: 'Claro, segue em seguida.' } })).status).toBe(201);
    const answer = await companyServer.nextMail('duda@cliente.test');
    expect(answer.text).toMatch(/Claro, segue em seguida\.\n\n-- \nEquipe Loja <Atendimento>\n\(11\) 5555-0000\s*$/);
    expect(answer.html).toContain('Claro, segue em seguida.');
    expect(answer.html).toContain('-- \nEquipe Loja &lt;Atendimento&gt;\n(11) 5555-0000');
    const [, sent] = await rowsWith(ticket.id, 2);
    expect(sent.fromMe).toBe(true);
    expect(sent.body).toContain('Claro, segue em seguida.');
    expect(sent.body).not.toContain('Equipe Loja');

    const form = new FormData();
    form.append('body', 'Orçamento anexo');
    form.append('medias', new Blob([`%PDF-1.4\n${'0'.repeat(800)}\n%%EOF\n`]), 'orcamento.pdf');
    expect((await t.request('POST', `/messages/${ticket.id}`, { token, rawBody: form })).status).toBe(201);
    const withFile = await companyServer.nextMail('duda@cliente.test');
    expect(withFile).toMatchObject({ inReplyTo: '<orcamento@cliente.test>', subject: `Re: Orçamento [#${ticket.id}]` });
    expect(withFile.references).toEqual(['<orcamento@cliente.test>', answer.messageId]);
    expect(withFile.attachments).toEqual([expect.objectContaining({ filename: 'orcamento.pdf' })]);
    expect(withFile.text).toContain('Orçamento anexo');
    expect(withFile.text).toContain('-- \nEquipe Loja <Atendimento>');
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
