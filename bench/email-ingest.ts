// Email ingestion (issue 41 point 2), on a fresh database of its own (the PostgreSQL server's
// `bench_email`): the server's inbound SMTP receiver (INBOUND_SMTP_PORT) takes
// BENCH_EMAIL_MESSAGES (500) mails sent with nodemailer to one email connection's forwarding
// address over BENCH_EMAIL_CONCURRENCY (8) pooled SMTP connections, from 100 customers, each mail a
// new thread. Measured: mails per second accepted by the receiver (the SMTP sessions ending), and
// mails per second stored, from the first mail sent until the last one is a message row (the
// database polled every 100 ms), since the receiver hands each mail to the job runner.
// The connection's own SMTP server, which its answers would leave through, is an smtp-server sink.
import type { AddressInfo } from 'node:net';
import { createTransport } from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { call, freePort, freshDatabase, heading, line, loadAverages, login, residentMb, startServer, SUPER_EMAIL } from './lib/common.ts';
import { record } from './lib/figures.ts';

const MESSAGES = Number(process.env.BENCH_EMAIL_MESSAGES ?? 500);
const CONCURRENCY = Number(process.env.BENCH_EMAIL_CONCURRENCY ?? 8);
const CUSTOMERS = 100;
const DOMAIN = 'inbound.bench.test';
const MAILBOX = { user: 'support@shop.bench.test', password: 'bench-mailbox-password' };

// the company's SMTP server: accepts the login the connection is verified with, keeps nothing
const startSink = async () => {
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, done) =>
      auth.username === MAILBOX.user && auth.password === MAILBOX.password ? done(null, { user: auth.username }) : done(new Error('invalid credentials')),
    onData: (stream, _session, done) => {
      stream.resume();
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const pause = (duration: number) => new Promise((done) => setTimeout(done, duration));

export const benchEmailIngest = async () => {
  heading(`Email ingestion: ${MESSAGES} mails to the inbound SMTP receiver (PostgreSQL, fresh database)`);
  const sink = await startSink();
  const database = await freshDatabase('bench_email');
  const smtpPort = await freePort();
  // the sink is on loopback, which a deployment refuses unless its operator allows it
  const server = await startServer(database, { INBOUND_SMTP_PORT: String(smtpPort), INBOUND_SMTP_HOST: '127.0.0.1', INBOUND_EMAIL_DOMAIN: DOMAIN, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  const db = new pg.Client({ connectionString: database });
  const transport = createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: CONCURRENCY, maxMessages: Infinity });
  try {
    const { token } = await login(server.url, SUPER_EMAIL);
    const connection = await call<{ id: number; number: string }>(server.url, 'POST', '/email/connections', token, {
      name: 'Bench support',
      supportAddress: MAILBOX.user,
      smtp: { host: '127.0.0.1', port: sink.port, secure: false, ...MAILBOX },
    });
    await db.connect();
    const stored = async () =>
      Number((await db.query<{ count: string }>('select count(*) from messages where whatsapp_id = $1 and from_me = false', [connection.id])).rows[0].count);
    const rest = residentMb(server.pid);

    let next = 0;
    let refused = 0;
    const started = performance.now();
    const sender = async () => {
      while (next < MESSAGES) {
        const index = next;
        next += 1;
        const customer = index % CUSTOMERS;
        try {
          await transport.sendMail({
            from: `Bench customer ${customer} <customer${customer}@client.bench.test>`,
            to: connection.number,
            subject: `Order question ${index}`,
            messageId: `<bench-${index}@client.bench.test>`,
            text: `Hello, this is mail ${index} about my order.\n\nThanks,\nCustomer ${customer}`,
            html: `<p>Hello, this is mail <b>${index}</b> about my order.</p><p>Thanks,<br>Customer ${customer}</p>`,
          });
        } catch {
          refused += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    const accepted = performance.now();
    const expected = MESSAGES - refused;
    const deadline = performance.now() + 600_000;
    let count = await stored();
    while (count < expected && performance.now() < deadline) {
      await pause(100);
      count = await stored();
    }
    const done = performance.now();
    const acceptedRate = expected / ((accepted - started) / 1000);
    const storedRate = count / ((done - started) / 1000);
    record(`email: mails accepted by the receiver`, acceptedRate, 'mails/s');
    record(`email: mails stored as messages`, storedRate, 'mails/s');
    line(`load averages ${loadAverages()}`);
    line('| mails (SMTP connections) | accepted by the receiver in | accepted per second | stored as messages in | stored per second | refused / not stored | server RSS at rest / after |');
    line('|---|---|---|---|---|---|---|');
    line(
      `| ${MESSAGES} (${CONCURRENCY}) | ${((accepted - started) / 1000).toFixed(1)} s | ${acceptedRate.toFixed(0)} mails/s | ${((done - started) / 1000).toFixed(1)} s | ` +
        `${storedRate.toFixed(0)} mails/s | ${refused} / ${expected - count} | ${rest.toFixed(0)} / ${residentMb(server.pid).toFixed(0)} MB |`,
    );
  } finally {
    transport.close();
    await db.end();
    await server.stop();
    await sink.close();
  }
};
