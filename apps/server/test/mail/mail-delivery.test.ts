// issue 38 point 1: transactional email through SMTP, sent by the mail.send job, read back from a
// real SMTP server on loopback.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema.ts';
import { enqueueMail, mailSendJob } from '../../src/platform/mail/mail.jobs.ts';
import { createMailer, type SmtpSettings } from '../../src/platform/mail/mailer.ts';
import { createCompany, TEST_PASSWORD } from '../factories/company.factory.ts';
import { dueRetriesNow, jobsOfKind } from '../helpers/jobs.ts';
import { eventually } from '../helpers/integration-conversation.ts';
import { linkIn, startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const LINK_BASE = 'https://crm.example.test';

describe('transactional email over SMTP (issue 38 point 1)', () => {
  let receiver: SmtpReceiver;
  let t: TestApp;
  let superToken: string;

  beforeAll(async () => {
    receiver = await startSmtpReceiver({ user: 'mailer', password: 'smtp-secret' });
    t = await startTestApp({ mail: receiver.mailConfig(LINK_BASE) });
    superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const sendReset = async (companyId: number, to: string, locale: 'pt' | 'en' | 'es' | 'tr', name = 'Ana') =>
    enqueueMail(t.db, { companyId, to, locale, template: 'passwordReset', data: { name, token: 'tok-123', validMinutes: 30 } });

  it('issue 38 point 1: GET /email-delivery says email is on when SMTP is configured', async () => {
    expect(await t.request('GET', '/email-delivery')).toMatchObject({ status: 200, body: { enabled: true } });
  });

  it('issue 38 point 1: a mail reaches the SMTP server in the language asked, with its link under the public address', async () => {
    const { company } = await createCompany(t.db);
    const subjects: Record<string, RegExp> = { pt: /^Redefinição de senha/, en: /^Password reset/, es: /^Restablecer contraseña/, tr: /^Parola sıfırlama/ };
    for (const locale of ['pt', 'en', 'es', 'tr'] as const) {
      const to = `lang-${locale}@example.test`;
      await sendReset(company.id, to, locale);
      const mail = await receiver.nextMail(to);
      expect(mail.subject).toMatch(subjects[locale]);
      expect(linkIn(mail, '/reset-password')).toBe(`${LINK_BASE}/reset-password?token=tok-123`);
      expect(mail.html).toContain(`href="${LINK_BASE}/reset-password?token=tok-123"`);
    }
  });

  it("issue 38 point 1: the mail wears the whitelabel's name and colour, from the operator's address with the company's sender name", async () => {
    await t.request('PUT', '/settings/appName', { token: superToken, body: { value: 'Atende Mais' } });
    await t.request('PUT', '/settings/primaryColorLight', { token: superToken, body: { value: '#AA3300' } });
    const { company, admin } = await createCompany(t.db);
    const adminToken = (await t.login(admin.email, TEST_PASSWORD)).token;
    const to = 'branding@example.test';

    await sendReset(company.id, to, 'en');
    const plain = await receiver.nextMail(to);
    expect(plain.subject).toBe('Password reset - Atende Mais');
    expect(plain.from).toEqual({ address: 'no-reply@atende.test', name: 'Atende Mais' });
    expect(plain.html).toContain('#AA3300');
    expect(plain.text).toContain('Atende Mais');

    const saved = await t.request('PUT', '/companySettings', { token: adminToken, body: { column: 'emailSenderName', data: 'Loja da Ana' } });
    expect(saved.status).toBe(200);
    await sendReset(company.id, to, 'en');
    expect((await receiver.nextMail(to)).from).toEqual({ address: 'no-reply@atende.test', name: 'Loja da Ana' });
  });

  it("issue 38 point 1: the mail shows the whitelabel's logo, linked under the public address, in place of the name", async () => {
    const logo = '0f8fad5b-d9cb-469f-a165-70867728950e.png';
    const { company } = await createCompany(t.db);
    const to = 'logo@example.test';
    await sendReset(company.id, to, 'en');
    expect((await receiver.nextMail(to)).html).not.toContain('<img');

    expect((await t.request('PUT', '/settings/appLogoLight', { token: superToken, body: { value: logo } })).status).toBe(200);
    try {
      await sendReset(company.id, to, 'en');
      expect((await receiver.nextMail(to)).html).toMatch(new RegExp(`<img src="${LINK_BASE}/public/branding/${logo}" alt="[^"]+"`));
    } finally {
      await t.request('PUT', '/settings/appLogoLight', { token: superToken, body: { value: '' } });
    }
  });

  it('issue 38 point 1: every value put into the HTML is escaped', async () => {
    const { company } = await createCompany(t.db);
    const to = 'escape@example.test';
    await sendReset(company.id, to, 'pt', '<img src=x onerror=alert(1)> & "Bo"');
    const mail = await receiver.nextMail(to);
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Bo&quot;');
    // the text part is not HTML: the name is as typed
    expect(mail.text).toContain('<img src=x onerror=alert(1)> & "Bo"');
  });

  it('issue 38 point 1: a server answering 4xx or 5xx gets the job retried with backoff until it accepts', async () => {
    const { company } = await createCompany(t.db);
    const to = 'refused@example.test';
    const jobOf = async () => (await jobsOfKind(t.db, mailSendJob.name)).find((job) => (job.payload as { to: string }).to === to);
    for (const code of [451, 554]) {
      receiver.refuseWith(code);
      await sendReset(company.id, to, 'pt');
      await eventually(async () => (await jobOf())?.attempts ?? 0).toBeGreaterThanOrEqual(1);
      await eventually(async () => (await jobOf())?.lastError ?? '').toContain(String(code));
      expect((await jobOf())?.state).toBe('waiting');
      expect(receiver.receivedBy(to)).toHaveLength(code === 451 ? 0 : 1);
      receiver.refuseWith(null);
      await dueRetriesNow(t.db, mailSendJob.name);
      await receiver.nextMail(to);
      // a delivered mail's job (its payload may hold a link's token) is deleted at once
      await eventually(async () => (await jobOf()) === undefined).toBe(true);
    }
  });

  it('issue 38 point 1: a server that refuses the connection gets the job retried, and a request never waits for it', async () => {
    const dead = await startSmtpReceiver();
    const deadConfig = dead.mailConfig(LINK_BASE);
    await dead.close();
    const other = await startTestApp({ mail: deadConfig });
    try {
      const { company } = await createCompany(other.db);
      await enqueueMail(other.db, { companyId: company.id, to: 'nobody@example.test', locale: 'en', template: 'passwordReset', data: { name: 'A', token: 't', validMinutes: 30 } });
      const mine = () => other.db.select().from(jobs).where(and(eq(jobs.kind, mailSendJob.name), eq(jobs.companyId, company.id)));
      await eventually(async () => (await mine())[0]?.lastError ?? '').toMatch(/ECONNREFUSED|connect/i);
      expect((await mine())[0]).toMatchObject({ state: 'waiting', attempts: 1 });
      // the server answers while the job waits for its next attempt
      expect((await other.request('GET', '/email-delivery')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe("the operator's TLS settings (issue 38 point 1)", () => {
  let t: TestApp;
  const opened: SmtpReceiver[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
    for (const receiver of opened) await receiver.close();
  });

  const receiverWith = async (tls?: 'implicit' | 'starttls') => {
    const receiver = await startSmtpReceiver({ user: 'mailer', password: 'smtp-secret', tls });
    opened.push(receiver);
    return receiver;
  };
  // the configured transport's own send, the receiver's settings changed as an operator would
  const sendThrough = async (receiver: SmtpReceiver, settings: Partial<SmtpSettings>, to: string) => {
    const config = receiver.mailConfig(LINK_BASE);
    if (config.transport !== 'smtp') throw new Error('the receiver configures SMTP');
    const mailer = createMailer({ ...config, smtp: { ...config.smtp, ...settings } }, t.app.log);
    try {
      await mailer.send({ from: config.from, to, subject: 'Over TLS', text: 'sent over TLS', html: '<p>sent over TLS</p>' });
    } finally {
      mailer.close();
    }
  };

  it('issue 38 point 1: SMTP_SECURE speaks TLS from the first byte, and the certificate is checked unless SMTP_TLS_REJECT_UNAUTHORIZED is false', async () => {
    const implicit = await receiverWith('implicit');
    await expect(sendThrough(implicit, { secure: true }, 'checked@example.test')).rejects.toThrow(/certificate/i);
    await sendThrough(implicit, { secure: true, rejectUnauthorized: false }, 'implicit@example.test');
    expect(await implicit.nextMail('implicit@example.test')).toMatchObject({ subject: 'Over TLS', secure: true });
    expect(implicit.receivedBy('checked@example.test')).toHaveLength(0);
  });

  it('issue 38 point 1: STARTTLS is used when the server offers it, and SMTP_REQUIRE_TLS refuses a server that does not', async () => {
    const starttls = await receiverWith('starttls');
    await sendThrough(starttls, { requireTls: true, rejectUnauthorized: false }, 'upgraded@example.test');
    expect(await starttls.nextMail('upgraded@example.test')).toMatchObject({ secure: true });

    const plain = await receiverWith();
    await expect(sendThrough(plain, { requireTls: true }, 'cleartext@example.test')).rejects.toThrow(/STARTTLS/i);
    expect(plain.receivedBy('cleartext@example.test')).toHaveLength(0);
    await sendThrough(plain, {}, 'allowed@example.test');
    expect(await plain.nextMail('allowed@example.test')).toMatchObject({ secure: false });
  });
});

describe('email off and the development log (issue 38 point 1)', () => {
  it('issue 38 point 1: with no SMTP configured (tests, production) GET /email-delivery says email is off', async () => {
    const t = await startTestApp();
    try {
      expect(await t.request('GET', '/email-delivery')).toMatchObject({ status: 200, body: { enabled: false } });
    } finally {
      await t.close();
    }
  });

  it('issue 38 point 1: development without SMTP prints each mail, its link with it, to the server log', async () => {
    const lines: string[] = [];
    const t = await startTestApp(
      { logLevel: 'info', mail: { transport: 'log', from: { address: 'no-reply@localhost' }, linkBase: 'http://localhost:8080' } },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      expect((await t.request('GET', '/email-delivery')).body).toEqual({ enabled: true });
      const { company } = await createCompany(t.db);
      await enqueueMail(t.db, { companyId: company.id, to: 'dev@example.test', locale: 'en', template: 'passwordReset', data: { name: 'Dev', token: 'abc', validMinutes: 30 } });
      await eventually(async () => lines.find((line) => line.includes('dev@example.test')) ?? '').toContain('Password reset');
      const logged = JSON.parse(lines.find((line) => line.includes('dev@example.test'))!) as { mail: { to: string; subject: string; text: string } };
      expect(logged.mail.to).toBe('dev@example.test');
      expect(logged.mail.text).toContain('http://localhost:8080/reset-password?token=abc');
    } finally {
      await t.close();
    }
  });
});
