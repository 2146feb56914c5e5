// What the email channel's tests share (issue 41 point 2): the product with its inbound SMTP
// receiver on loopback, the company's own SMTP server (a real smtp-server, helpers/smtp-receiver.ts)
// through which answers leave, a customer's mail client (nodemailer) and a company with an email
// connection. The server's log lines are kept, for the refusals that must say why.
import { and, asc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { expect } from 'vitest';
import { messages } from '../../src/db/schema.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import type { Json } from '../helpers/json.ts';
import { startSmtpReceiver } from '../helpers/smtp-receiver.ts';
import { startTestApp } from '../helpers/test-app.ts';

export const DOMAIN = 'inbound.atende.test';
export const SMTP_USER = 'suporte@loja.test';
export const SMTP_PASSWORD = 'mailbox-password-1234';

export type EmailTestbed = Awaited<ReturnType<typeof startEmailTestbed>>;

export const startEmailTestbed = async (maxBytes: number) => {
  const companyServer = await startSmtpReceiver({ user: SMTP_USER, password: SMTP_PASSWORD });
  const logLines: string[] = [];
  const t = await startTestApp(
    { logLevel: 'info', inboundEmail: { port: 0, host: '127.0.0.1', domain: DOMAIN, maxBytes } },
    { logStream: { write: (line) => void logLines.push(line) } },
  );
  const receiver = t.app.inboundSmtp.receiver;
  if (!receiver) throw new Error('the inbound SMTP receiver did not start');

  // a customer's mail client, speaking SMTP to the product's receiver
  const customerSmtp = () => createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true });
  type CustomerMail = Parameters<ReturnType<typeof customerSmtp>['sendMail']>[0];
  const sendToReceiver = (mail: CustomerMail) => customerSmtp().sendMail(mail);

  const smtpSettings = (overrides: Record<string, unknown> = {}) => ({ host: '127.0.0.1', port: companyServer.port, secure: false, user: SMTP_USER, password: SMTP_PASSWORD, ...overrides });

  // the log lines whose message is this one, parsed
  const logged = (message: string) => logLines.map((line) => JSON.parse(line) as Json).filter((entry) => entry.msg === message);

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
    const companyRows = () => t.db.select().from(messages).where(eq(messages.companyId, a.company.id)).orderBy(asc(messages.id));
    // The connection's mails are read in order: once this marker is stored, every mail sent before it was read.
    let markers = 0;
    const markerRead = async () => {
      const from = `marcador${(markers += 1)}@cliente.test`;
      await sendToReceiver({ from, to: forwarding, subject: 'Marcador', text: 'depois' });
      return ticketOf(from);
    };
    return { a, connection: created.body, forwarding, ticketsOf, ticketOf, rowsOf, rowsWith, companyRows, markerRead };
  };

  return {
    t,
    companyServer,
    sendToReceiver,
    smtpSettings,
    logged,
    emailCompany,
    close: async () => {
      await t.close();
      await companyServer.close();
    },
  };
};
