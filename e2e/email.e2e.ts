// An email connection in a real browser (issue 41 point 2): the admin connects the support mailbox
// from the connections screen (a refused SMTP login shows in the dialog) and is shown the forwarding
// address; the company's signature is set on the Settings screen; a customer's mail sent there over
// SMTP opens a ticket (its quoted history and formatted HTML folded, its inline image shown from
// storage), and the attendant's answer leaves through the company's SMTP server as a reply with the
// signature, which the chat does not show. Both SMTP servers are real, on loopback.
import { createTransport } from 'nodemailer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../apps/server/test/helpers/smtp-receiver.ts';
import { apiAs, signIn, type Api } from './helpers/attendance.ts';
import { launchBrowser } from './helpers/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, startServer, type RunningServer } from './helpers/server.ts';

const SUPPORT = 'suporte@loja.test';
const PASSWORD = 'mailbox-password-1234';

let companySmtp: SmtpReceiver;
let server: RunningServer;
let browser: Browser;
let admin: Api;
let queueId: number;
let inboundPort: number;

beforeAll(async () => {
  companySmtp = await startSmtpReceiver({ user: SUPPORT, password: PASSWORD });
  inboundPort = await freePort();
  server = await startServer({ INBOUND_SMTP_PORT: String(inboundPort), INBOUND_SMTP_HOST: '127.0.0.1', INBOUND_EMAIL_DOMAIN: 'inbound.atende.test', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  browser = await launchBrowser();
  admin = await apiAs(server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
  queueId = (await admin.call<{ id: number }>('POST', '/queue', { name: 'Atendimento', color: '#4caf50' })).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await companySmtp?.close();
});

describe('Email connection (issue 41 point 2)', () => {
  it('the admin connects a mailbox from the connections screen and sees its forwarding address; a customer mail opens a ticket and the answer is mailed back', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 820 } });
    await signIn(page, server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${server.url}/connections`);
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connections-add-email').click();
    await page.getByTestId('email-dialog').waitFor();
    await page.getByTestId('email-name').fill('Suporte da loja');
    await page.getByTestId('email-supportAddress').fill(SUPPORT);
    await page.getByTestId('email-smtp.host').fill('127.0.0.1');
    await page.getByTestId('email-smtp.port').fill(String(companySmtp.port));
    await page.getByTestId('email-smtp.user').fill(SUPPORT);
    await page.getByTestId('email-smtp.password').fill('wrong password');
    await page.getByTestId('email-submit').click();
    await page.getByTestId('email-error').waitFor();
    await page.getByTestId('email-smtp.password').fill(PASSWORD);
    await page.getByTestId('email-submit').click();
    const shown = page.getByTestId('email-forwarding-address');
    await shown.waitFor();
    const forwarding = (await shown.textContent())?.trim() ?? '';
    expect(forwarding).toMatch(/^[a-z0-9]{20}@inbound\.atende\.test$/);
    await page.getByTestId('email-forwarding-close').click();
    await page.getByTestId('connections-row').filter({ hasText: 'Suporte da loja' }).filter({ hasText: forwarding }).waitFor();

    // the company's signature, set on the Settings screen's email section
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('settings-section-email').getByText('Assinatura dos e-mails').first().waitFor();
    const signature = page.getByTestId('setting-emailSignature-input');
    await signature.fill('Equipe da Loja\nAtendimento');
    await signature.blur();
    await expect.poll(async () => (await admin.call<{ emailSignature?: string }>('GET', '/companySettingOne?column=emailSignature')).emailSignature).toBe('Equipe da Loja\nAtendimento');

    // a 12 x 6 PNG
    const logo = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAwAAAAGCAIAAAB4jOjWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4Y5xGEDEMVUUAqStkaYlvBmgAAAAASUVORK5CYII=', 'base64');
    await createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true }).sendMail({
      from: 'Clara Cliente <clara@cliente.test>',
      to: forwarding,
      subject: 'Troca de tamanho',
      text: 'Posso trocar o tamanho?\n\nOn Mon, 1 Jan 2026, Loja wrote:\n> Seu pedido foi enviado.',
      html: '<p>Posso trocar o <b>tamanho</b>?</p><img src="cid:etiqueta@cliente.test" alt="etiqueta"><script>document.title = "hacked"</script>',
      attachments: [{ filename: 'etiqueta.png', content: logo, cid: 'etiqueta@cliente.test' }],
    });

    await page.goto(`${server.url}/tickets`);
    await page.getByTestId('tickets-tab-pending').click();
    await page.getByTestId('ticket-list').locator('[data-ticket-uuid]').filter({ hasText: 'Clara Cliente' }).getByTestId('ticket-row-accept').click();
    await page.getByTestId('accept-dialog').waitFor();
    if (await page.getByTestId('accept-start').isDisabled()) {
      await page.getByTestId('accept-queue').click();
      await page.getByTestId(`accept-queue-option-${queueId}`).click();
    }
    await page.getByTestId('accept-start').click();
    const chat = page.getByTestId('ticket-chat');
    const mail = chat.locator('[data-message-id]').filter({ hasText: 'Posso trocar o tamanho?' });
    await mail.waitFor();
    // the subject over the text; the quoted history and the formatted mail folded under it
    await mail.getByTestId('message-email-subject').filter({ hasText: 'Troca de tamanho' }).waitFor();
    await mail.getByTestId('message-email-quoted-toggle').click();
    await mail.getByTestId('message-email-quoted').filter({ hasText: '> Seu pedido foi enviado.' }).waitFor();
    await mail.getByTestId('message-email-html-toggle').click();
    const frame = mail.getByTestId('message-email-html');
    expect(await frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(await frame.getAttribute('srcdoc')).toContain('<b>tamanho</b>');
    expect(await frame.getAttribute('srcdoc')).not.toContain('script');
    // the inline image shows from its stored copy
    const inline = mail.frameLocator('[data-testid="message-email-html"]').locator('img[alt="etiqueta"]');
    await expect.poll(() => inline.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : -1))).toBe(12);
    await page.getByTestId('message-input').fill('Pode sim!');
    await page.getByTestId('message-input').press('Enter');
    const answer = await companySmtp.nextMail('clara@cliente.test');
    expect(answer.subject).toMatch(/^Re: Troca de tamanho \[#\d+\]$/);
    expect(answer.text).toContain('Pode sim!\n\n-- \nEquipe da Loja\nAtendimento');
    expect(answer.html).toContain('Equipe da Loja');
    // the chat shows the answer without the signature
    const sent = chat.locator('[data-message-id]').filter({ hasText: 'Pode sim!' });
    await sent.waitFor();
    expect(await sent.textContent()).not.toContain('Equipe da Loja');
    await page.close();
  });
});
