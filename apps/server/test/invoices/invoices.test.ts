import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addRecurrence } from '@atende/shared/recurrence';
import { companies, invoiceCharges, invoices, jobs, plans } from '../../src/db/schema.ts';
import { manualClock } from '../../src/platform/clock.ts';
import { createCompany, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { connectSocket, recordEvents } from '../helpers/attendance.ts';
import { EFI_CLIENT_ID, EFI_CLIENT_SECRET, EFI_PIX_KEY, startFakeEfiPix, type FakeEfiPix } from '../helpers/fake-efi-pix.ts';
import { awaitMarker } from '../helpers/socket-marker.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

const WEBHOOK_SECRET = 'webhook-secret-0123456789';
const TODAY = '2030-03-10';

let t: TestApp;
let efi: FakeEfiPix;
const clock = manualClock(`${TODAY}T12:00:00Z`);
const sockets: Socket[] = [];

beforeAll(async () => {
  efi = await startFakeEfiPix();
  t = await startTestApp(
    {
      pix: {
        baseUrl: efi.baseUrl,
        clientId: EFI_CLIENT_ID,
        clientSecret: EFI_CLIENT_SECRET,
        key: EFI_PIX_KEY,
        webhookSecret: WEBHOOK_SECRET,
        chargeExpirationSeconds: 3600,
        timeoutMs: 5000,
      },
      invoiceDaysBeforeDue: 10,
    },
    { clock },
  );
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await t?.close();
  await efi?.close();
});

const webhookUrl = (secret = WEBHOOK_SECRET) => `${t.url}/subscription/webhook/${secret}`;

const insertInvoice = async (companyId: number, values: Partial<typeof invoices.$inferInsert> = {}) => {
  const [row] = await t.db
    .insert(invoices)
    .values({ companyId, detail: 'Plano Ouro', users: 5, connections: 2, queues: 4, dueDate: '2030-03-15', value: '99.90', ...values })
    .returning();
  return row;
};

// a company due in five days (its admin can still sign in), with an open invoice
const billedCompany = async (dueDate = '2030-03-15') => {
  const tenant = await createCompany(t.db, { dueDate });
  const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
  const invoice = await insertInvoice(tenant.company.id, { dueDate });
  return { ...tenant, token, invoice };
};

const checkout = (invoiceId: number, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Silva',
  zipcode: '123.456.789-09',
  plan: JSON.stringify({ title: 'Plano Ouro', planId: 1, price: 99.9, users: 5, connections: 2, queues: 4 }),
  price: 99.9,
  invoiceId,
  ...overrides,
});

const dueDateOf = async (companyId: number) => (await t.db.select().from(companies).where(eq(companies.id, companyId)))[0].dueDate;
const invoiceRow = async (id: number) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0];

describe('invoices list (03-saas §2 Invoices screen, §7 GET /invoices)', () => {
  it('lists the company’s invoices newest due date first, pages with hasMore and filters by searchParam', async () => {
    const s = await billedCompany();
    for (let month = 1; month <= 21; month += 1) {
      await insertInvoice(s.company.id, { dueDate: `2028-${String((month % 12) + 1).padStart(2, '0')}-${month > 12 ? '20' : '10'}`, detail: month === 3 ? 'Plano Prata' : 'Plano Ouro' });
    }
    const first = await t.request('GET', '/invoices?pageNumber=1', { token: s.token });
    expect(first.status).toBe(200);
    expect(first.body.invoices).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.invoices[0]).toEqual({
      id: s.invoice.id,
      companyId: s.company.id,
      detail: 'Plano Ouro',
      users: 5,
      connections: 2,
      queues: 4,
      dueDate: '2030-03-15',
      value: '99.90',
      valuePaid: '0.00',
      status: 'Aberto',
      linkInvoice: '',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await t.request('GET', '/invoices?pageNumber=2', { token: s.token });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.invoices).toHaveLength(2);
    const searched = await t.request('GET', '/invoices?searchParam=prata', { token: s.token });
    expect(searched.body.invoices.map((invoice: { detail: string }) => invoice.detail)).toEqual(['Plano Prata']);
    expect((await t.request('GET', '/invoices?pageNumber=0', { token: s.token })).status).toBe(400);
  });

  it('shows no invoice of another company; a profile user has no permission (03-saas §6)', async () => {
    const a = await billedCompany();
    const b = await billedCompany();
    const listed = await t.request('GET', '/invoices', { token: b.token });
    expect(listed.body.invoices.map((invoice: { id: number }) => invoice.id)).toEqual([b.invoice.id]);
    const agent = await createUser(t.db, a.company.id, { profile: 'user' });
    const { token } = await t.login(agent.email, TEST_PASSWORD);
    expect((await t.request('GET', '/invoices', { token })).body).toEqual({ error: 'ERR_NO_PERMISSION' });
    expect((await t.request('POST', '/subscription', { token, body: checkout(a.invoice.id) })).status).toBe(403);
  });
});

describe('invoice generation (03-saas §4, §9): the daily sweep on the job runner', () => {
  it('bills each company due within the configured days once, from its plan; company 1 never; the next day is queued', async () => {
    const soon = await createCompany(t.db, { dueDate: '2030-03-18', planFlags: { amount: '150.00', users: 7, connections: 3, queues: 2 } });
    const later = await createCompany(t.db, { dueDate: '2030-04-30' });
    await t.db.update(companies).set({ dueDate: '2030-03-12' }).where(eq(companies.id, 1));
    const { scheduleInvoiceSweep } = await import('../../src/modules/invoices/invoices.jobs.ts');
    await scheduleInvoiceSweep(t.db, clock);
    // a second process starting the same day
    await scheduleInvoiceSweep(t.db, clock);
    await t.app.jobs.runDue();
    const billed = await t.db.select().from(invoices).where(eq(invoices.companyId, soon.company.id));
    expect(billed).toMatchObject([{ dueDate: '2030-03-18', detail: soon.plan.name, users: 7, connections: 3, queues: 2, value: '150.00', status: 'Aberto' }]);
    expect(await t.db.select().from(invoices).where(eq(invoices.companyId, later.company.id))).toEqual([]);
    expect(await t.db.select().from(invoices).where(eq(invoices.companyId, 1))).toEqual([]);
    const next = (await t.db.select().from(jobs).where(eq(jobs.kind, 'invoices.sweep'))).filter((job) => job.state === 'waiting');
    expect(next.map((job) => job.singletonKey)).toEqual(['2030-03-11']);

    // the sweep run again (a restart the same day) bills nothing twice
    await scheduleInvoiceSweep(t.db, clock);
    await t.app.jobs.runDue();
    expect(await t.db.select().from(invoices).where(eq(invoices.companyId, soon.company.id))).toHaveLength(1);
    await t.db.update(companies).set({ dueDate: '2999-12-31' }).where(eq(companies.id, 1));
  });
});

describe('Pix checkout (03-saas §2 Checkout dialog, §3 Subscription form, §5, §7 POST /subscription)', () => {
  it('creates an Efí charge for the invoice and answers the Pix code and amount', async () => {
    const s = await billedCompany();
    const answer = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    expect(answer.status).toBe(200);
    const cob = efi.charges.at(-1)!;
    expect(cob).toMatchObject({ valor: { original: '99.90' }, chave: EFI_PIX_KEY, devedor: { cpf: '12345678909', nome: 'Maria Silva' }, calendario: { expiracao: 3600 } });
    expect(answer.body).toEqual({
      invoiceId: s.invoice.id,
      txid: cob.txid,
      valor: { original: '99.90' },
      qrcode: { qrcode: cob.pixCopiaECola, imagemQrcode: expect.stringMatching(/^data:image\/png;base64,/) },
      expiresAt: expect.any(String),
    });
  });

  it('a CNPJ becomes the debtor’s cnpj; the token is reused between charges', async () => {
    const s = await billedCompany();
    const before = efi.tokenRequests();
    await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id, { zipcode: '12.345.678/0001-95' }) });
    expect(efi.charges.at(-1)!.devedor).toEqual({ cnpj: '12345678000195', nome: 'Maria Silva' });
    expect(efi.tokenRequests() - before).toBeLessThanOrEqual(1);
  });

  it('charges a custom plan at the shared price: 49 plus 11 a user and 20 a connection past 3 each (03-saas §9)', async () => {
    const s = await billedCompany();
    const custom = { plan: { custom: true, title: 'Personalizado' }, users: 5, connections: 4 };
    const answer = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id, { ...custom, price: 49 + 22 + 20 }) });
    expect(answer.body.valor).toEqual({ original: '91.00' });
    const wrong = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id, { ...custom, price: 49 }) });
    expect(wrong.body).toEqual({ error: 'ERR_VALIDATION', fields: [{ path: 'price', message: 'invoices.validation.priceMismatch' }] });
    const wrongInvoicePrice = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id, { price: 1 }) });
    expect(wrongInvoicePrice.status).toBe(400);
  });

  it('step-1 rules: name and CPF/CNPJ required with the spec messages; nothing is charged (03-saas §5)', async () => {
    const s = await billedCompany();
    const count = efi.charges.length;
    const answer = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id, { firstName: ' ', zipcode: '' }) });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'body.firstName', message: 'invoices.validation.firstNameRequired' },
        { path: 'body.zipcode', message: 'invoices.validation.zipcodeRequired' },
      ]),
    );
    const badDocument = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id, { zipcode: '123' }) });
    expect(badDocument.body.fields).toEqual([{ path: 'body.zipcode', message: 'invoices.validation.documentInvalid' }]);
    expect(efi.charges.length).toBe(count);
  });

  it('another company’s invoice is not found; a paid invoice is refused', async () => {
    const a = await billedCompany();
    const b = await billedCompany();
    expect((await t.request('POST', '/subscription', { token: b.token, body: checkout(a.invoice.id) })).body).toEqual({ error: 'ERR_NO_INVOICE_FOUND' });
    await t.db.update(invoices).set({ status: 'Pago' }).where(eq(invoices.id, b.invoice.id));
    expect(await t.request('POST', '/subscription', { token: b.token, body: checkout(b.invoice.id) })).toMatchObject({ status: 409, body: { error: 'ERR_INVOICE_ALREADY_PAID' } });
  });

  it('a provider refusal is ERR_PAYMENT_PROVIDER (502) and stores no charge', async () => {
    const s = await billedCompany();
    efi.refuseNextCharge(400, { nome: 'documento_bloqueado', mensagem: 'O documento do devedor está bloqueado' });
    expect(await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) })).toMatchObject({ status: 502, body: { error: 'ERR_PAYMENT_PROVIDER' } });
    expect(await t.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, s.invoice.id))).toEqual([]);
  });

  it('a provider slower than PIX_TIMEOUT_MS is ERR_PAYMENT_PROVIDER (502)', async () => {
    const impatient = await startTestApp({ pix: { ...t.config.pix, timeoutMs: 200 } });
    try {
      const tenant = await createCompany(impatient.db, { dueDate: '2030-03-15' });
      const { token } = await impatient.login(tenant.admin.email, TEST_PASSWORD);
      const [invoice] = await impatient.db.insert(invoices).values({ companyId: tenant.company.id, dueDate: '2030-03-15', value: '99.90' }).returning();
      efi.stallNextCharge(1500);
      const answer = await impatient.request('POST', '/subscription', { token, body: checkout(invoice.id) });
      expect(answer).toMatchObject({ status: 502, body: { error: 'ERR_PAYMENT_PROVIDER' } });
    } finally {
      await impatient.close();
    }
  });

  it('without provider credentials the checkout answers ERR_PAYMENT_NOT_CONFIGURED (503)', async () => {
    const bare = await startTestApp();
    try {
      const tenant = await createCompany(bare.db, { dueDate: '2030-03-15' });
      const { token } = await bare.login(tenant.admin.email, TEST_PASSWORD);
      const [invoice] = await bare.db.insert(invoices).values({ companyId: tenant.company.id, dueDate: '2030-03-15', value: '99.90' }).returning();
      expect(await bare.request('POST', '/subscription', { token, body: checkout(invoice.id) })).toMatchObject({ status: 503, body: { error: 'ERR_PAYMENT_NOT_CONFIGURED' } });
    } finally {
      await bare.close();
    }
  });

  it('GET /subscription says before any checkout whether Pix can be paid and whom to contact (issue 35 point 5)', async () => {
    const bare = await startTestApp();
    try {
      const tenant = await createCompany(bare.db, { dueDate: '2030-03-15' });
      const { token } = await bare.login(tenant.admin.email, TEST_PASSWORD);
      expect(await bare.request('GET', '/subscription', { token })).toMatchObject({ status: 200, body: { pixAvailable: false, supportContact: '' } });
      const superToken = (await bare.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
      const contact = 'financeiro@plataforma.test ou (11) 4000-1234';
      expect((await bare.request('PUT', '/settings/supportContact', { token: superToken, body: { value: contact } })).status).toBe(200);
      expect((await bare.request('PUT', '/settings/supportContact', { token: superToken, body: { value: 'x'.repeat(201) } })).status).toBe(400);
      expect((await bare.request('GET', '/subscription', { token })).body).toEqual({ pixAvailable: false, supportContact: contact });
      // an attendant has no billing to see (03-saas §6)
      const attendant = await createUser(bare.db, tenant.company.id, { profile: 'user' });
      expect((await bare.request('GET', '/subscription', { token: (await bare.login(attendant.email, TEST_PASSWORD)).token })).status).toBe(403);
    } finally {
      await bare.close();
    }
    const configured = await billedCompany();
    expect((await t.request('GET', '/subscription', { token: configured.token })).body).toMatchObject({ pixAvailable: true });
  });
});

describe('payment webhook (03-saas §4 Checkout, §7 company-{id}-payment; issue 15 point 4)', () => {
  it('overdue admin: invoice -> charge -> webhook -> paid -> due date moved -> CONCLUIDA event -> sign-in released at once', async () => {
    // the sign-in gate reads the real date: yesterday is overdue, yesterday plus a month is not
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    const renewed = addRecurrence(yesterday, 'MENSAL');
    const tenant = await createCompany(t.db, { dueDate: yesterday });
    const invoice = await insertInvoice(tenant.company.id, { dueDate: yesterday });
    const login = () => t.request('POST', '/auth/login', { body: { email: tenant.admin.email, password: TEST_PASSWORD } });
    const refused = await login();
    expect(refused.body).toMatchObject({ error: 'ERR_SUBSCRIPTION_OVERDUE', dueDate: yesterday });
    const token = refused.body.token as string;
    expect((await t.request('GET', '/tickets', { token })).status).toBe(402);
    const socket = await connectSocket(t, token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    expect((await t.request('GET', '/invoices', { token })).body.invoices).toMatchObject([{ id: invoice.id, status: 'Aberto' }]);
    const charge = await t.request('POST', '/subscription', { token, body: checkout(invoice.id) });
    expect(charge.status).toBe(200);

    expect(await efi.deliver(webhookUrl(), efi.paymentNotice(charge.body.txid))).toBe(200);

    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Pago', paidAt: expect.any(Date) });
    expect(await dueDateOf(tenant.company.id)).toBe(renewed);
    expect((await t.request('GET', '/tickets', { token })).status).toBe(200);
    await awaitMarker(t, { socket, token, user: tenant.admin });
    expect(seen.filter((event) => event.channel === `company-${tenant.company.id}-payment`).map((event) => event.payload)).toEqual([
      { action: 'CONCLUIDA', company: { id: tenant.company.id, dueDate: renewed } },
    ]);
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    // the renewed due date may lie within the sweep's window of the test clock: the list may hold its next invoice too
    const listed = (await t.request('GET', '/invoices', { token: signedIn.body.token })).body.invoices as { id: number }[];
    expect(listed.find((row) => row.id === invoice.id)).toMatchObject({ status: 'Pago', valuePaid: '99.90' });
  });

  it('the same payment delivered twice moves the due date once and emits once', async () => {
    const s = await billedCompany('2030-03-15');
    const socket = await connectSocket(t, s.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const charge = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    const notice = efi.paymentNotice(charge.body.txid);
    const [first, second] = await Promise.all([efi.deliver(webhookUrl(), notice), efi.deliver(webhookUrl(), notice)]);
    expect([first, second]).toEqual([200, 200]);
    expect(await efi.deliver(webhookUrl(), notice)).toBe(200);
    expect(await dueDateOf(s.company.id)).toBe('2030-04-15');
    await awaitMarker(t, { socket, token: s.token, user: s.admin });
    expect(seen.filter((event) => event.channel === `company-${s.company.id}-payment`)).toHaveLength(1);
  });

  it('a second charge of an invoice already paid records its payment but moves nothing', async () => {
    const s = await billedCompany('2030-03-15');
    const one = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    const two = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    expect(await efi.deliver(webhookUrl(), efi.paymentNotice(one.body.txid))).toBe(200);
    expect(await efi.deliver(webhookUrl(), efi.paymentNotice(two.body.txid))).toBe(200);
    expect(await dueDateOf(s.company.id)).toBe('2030-04-15');
  });

  it('a bad secret or an unknown charge is refused and changes nothing; the registration check answers 200', async () => {
    const s = await billedCompany('2030-03-15');
    const charge = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    const notice = efi.paymentNotice(charge.body.txid);
    expect(await efi.deliver(webhookUrl('wrong-secret-0123456789'), notice)).toBe(403);
    const unknown = efi.paymentNotice('unknown-txid');
    expect(await efi.deliver(webhookUrl(), { pix: [...notice.pix, ...unknown.pix] })).toBe(404);
    expect(await invoiceRow(s.invoice.id)).toMatchObject({ status: 'Aberto', paidAt: null });
    expect(await dueDateOf(s.company.id)).toBe('2030-03-15');
    const check = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ evento: 'teste_webhook' }) });
    expect(check.status).toBe(200);
  });

  it('with no webhook secret configured every delivery is refused', async () => {
    const bare = await startTestApp({ pix: { ...t.config.pix, webhookSecret: undefined } });
    try {
      const answer = await fetch(`${bare.url}/subscription/webhook/anything-at-all-here/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pix: [] }),
      });
      expect(answer.status).toBe(403);
    } finally {
      await bare.close();
    }
  });
});

describe('a payment below its charge (03-saas §3 Invoice, §4 Invoice; issue 33 point 3)', () => {
  it('is recorded on the invoice as Parcial with what came in, renews nothing, and the next charge asks for the rest', async () => {
    const s = await billedCompany('2030-03-15');
    const socket = await connectSocket(t, s.token);
    sockets.push(socket);
    const seen = recordEvents(socket);
    const charge = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    expect(await efi.deliver(webhookUrl(), efi.paymentNotice(charge.body.txid, '50.00'))).toBe(200);

    expect(await dueDateOf(s.company.id)).toBe('2030-03-15');
    const listed = async () => (await t.request('GET', '/invoices', { token: s.token })).body.invoices;
    expect(await listed()).toMatchObject([{ id: s.invoice.id, value: '99.90', valuePaid: '50.00', status: 'Parcial' }]);
    expect(await invoiceRow(s.invoice.id)).toMatchObject({ paidAt: null });
    // the same notice again moves nothing more
    expect(await efi.deliver(webhookUrl(), efi.paymentNotice(charge.body.txid, '50.00'))).toBe(200);
    expect(await listed()).toMatchObject([{ valuePaid: '50.00', status: 'Parcial' }]);

    const rest = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    expect(rest.body.valor).toEqual({ original: '49.90' });
    expect(efi.charges.at(-1)!.valor).toEqual({ original: '49.90' });
    expect(await efi.deliver(webhookUrl(), efi.paymentNotice(rest.body.txid))).toBe(200);
    expect(await listed()).toMatchObject([{ id: s.invoice.id, valuePaid: '99.90', status: 'Pago' }]);
    expect(await dueDateOf(s.company.id)).toBe('2030-04-15');
    await awaitMarker(t, { socket, token: s.token, user: s.admin });
    expect(seen.filter((event) => event.channel === `company-${s.company.id}-payment`)).toHaveLength(1);
  });

  it('a notice whose amount is not an amount is refused (400) and changes nothing', async () => {
    const s = await billedCompany('2030-03-15');
    const charge = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    for (const valor of ['abc', '-5.00', '1e9', '']) {
      expect(await efi.deliver(webhookUrl(), efi.paymentNotice(charge.body.txid, valor))).toBe(400);
    }
    expect(await invoiceRow(s.invoice.id)).toMatchObject({ status: 'Aberto', paidAt: null });
    expect((await t.db.select().from(invoiceCharges).where(eq(invoiceCharges.invoiceId, s.invoice.id)))[0]).toMatchObject({ paidAt: null, paidAmount: null });
  });
});

describe('a due date set within INVOICE_DAYS_BEFORE_DUE is billed at once (03-saas §4, §7 PUT /companies/{id}; issue 33 point 3)', () => {
  const openInvoices = async (companyId: number) =>
    (await t.db.select().from(invoices).where(eq(invoices.companyId, companyId))).map((row) => ({ dueDate: row.dueDate, status: row.status }));
  const runSweep = async () => {
    const { scheduleInvoiceSweep } = await import('../../src/modules/invoices/invoices.jobs.ts');
    await scheduleInvoiceSweep(t.db, clock);
    await t.app.jobs.runDue();
  };

  it('by the super admin: the company has its invoice before the next sweep, and the sweep adds none', async () => {
    const superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
    const tenant = await createCompany(t.db, { dueDate: '2030-05-01', planFlags: { amount: '120.00' } });
    const { token } = await t.login(tenant.admin.email, TEST_PASSWORD);
    expect((await t.request('PUT', `/companies/${tenant.company.id}`, { token: superToken, body: { dueDate: '2030-03-13' } })).status).toBe(200);
    expect((await t.request('GET', '/invoices', { token })).body.invoices).toMatchObject([{ dueDate: '2030-03-13', value: '120.00', status: 'Aberto' }]);
    // saved again, or swept, it stays one invoice
    expect((await t.request('PUT', `/companies/${tenant.company.id}`, { token: superToken, body: { dueDate: '2030-03-13', name: 'Renomeada' } })).status).toBe(200);
    await runSweep();
    expect(await openInvoices(tenant.company.id)).toEqual([{ dueDate: '2030-03-13', status: 'Aberto' }]);

    // a company the super admin creates due within the window too; one due later is not billed yet
    const plan = (await t.db.select().from(plans).where(eq(plans.id, tenant.plan.id)))[0];
    const body = (email: string, dueDate: string) => ({ name: `Nova ${email}`, email, password: 'secret-1', planId: plan.id, dueDate });
    const soon = await t.request('POST', '/companies', { token: superToken, body: body(`soon-${tenant.company.id}@example.test`, '2030-03-18') });
    const later = await t.request('POST', '/companies', { token: superToken, body: body(`later-${tenant.company.id}@example.test`, '2030-04-18') });
    expect(await openInvoices(soon.body.id)).toEqual([{ dueDate: '2030-03-18', status: 'Aberto' }]);
    expect(await openInvoices(later.body.id)).toEqual([]);
  });

  it('by a payment: a renewal that still lands within the window bills the new due date at once', async () => {
    const s = await billedCompany('2030-02-12');
    const charge = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id) });
    expect(await efi.deliver(webhookUrl(), efi.paymentNotice(charge.body.txid))).toBe(200);
    expect(await dueDateOf(s.company.id)).toBe('2030-03-12');
    expect(await openInvoices(s.company.id)).toEqual(
      expect.arrayContaining([
        { dueDate: '2030-02-12', status: 'Pago' },
        { dueDate: '2030-03-12', status: 'Aberto' },
      ]),
    );
    await runSweep();
    expect(await openInvoices(s.company.id)).toHaveLength(2);
  });
});

describe('a custom plan bought at the checkout (03-saas §3 Plan card in checkout, §9 custom plan)', () => {
  it('its payment gives the company the users and connections it paid for, the next invoice bills them, and another plan replaces them', async () => {
    const s = await billedCompany('2030-03-15');
    const limits = async () => (await t.request('GET', `/companies/listPlan/${s.company.id}`, { token: s.token })).body.plan;
    const addUser = (index: number) =>
      t.request('POST', '/users', { token: s.token, body: { name: `Extra ${index}`, email: `extra-${index}-${s.company.id}@example.test`, password: 'secret-1' } });
    await t.db.update(plans).set({ users: 1, connections: 1 }).where(eq(plans.id, s.plan.id));
    expect((await addUser(1)).body).toEqual({ error: 'ERR_PLAN_USER_LIMIT' });

    const custom = { plan: { custom: true, title: 'Personalizado' }, users: 4, connections: 5 };
    const charge = await t.request('POST', '/subscription', { token: s.token, body: checkout(s.invoice.id, { ...custom, price: 49 + 11 + 40 }) });
    expect(charge.status).toBe(200);
    // nothing changes before the payment
    expect(await limits()).toMatchObject({ users: 1, connections: 1 });
    expect(await efi.deliver(webhookUrl(), efi.paymentNotice(charge.body.txid))).toBe(200);

    expect(await limits()).toMatchObject({ users: 4, connections: 5 });
    for (const index of [2, 3, 4]) expect((await addUser(index)).status).toBe(201);
    expect((await addUser(5)).body).toEqual({ error: 'ERR_PLAN_USER_LIMIT' });

    // the next period is billed at the custom price with the custom limits
    await t.db.update(companies).set({ dueDate: '2030-03-20' }).where(eq(companies.id, s.company.id));
    clock.advance(24 * 3600 * 1000);
    const { scheduleInvoiceSweep } = await import('../../src/modules/invoices/invoices.jobs.ts');
    await scheduleInvoiceSweep(t.db, clock);
    await t.app.jobs.runDue();
    expect(await t.db.select().from(invoices).where(eq(invoices.dueDate, '2030-03-20'))).toMatchObject([
      { companyId: s.company.id, users: 4, connections: 5, value: '100.00', status: 'Aberto' },
    ]);

    // the super admin moving the company to a catalogue plan ends the custom limits
    const superToken = (await t.login(SUPER_EMAIL, SUPER_PASSWORD)).token;
    const other = await t.request('POST', '/plans', { token: superToken, body: { name: `Catalogue ${s.company.id}`, users: 2, connections: 2, queues: 2, amount: 10 } });
    expect((await t.request('PUT', `/companies/${s.company.id}`, { token: superToken, body: { planId: other.body.id } })).status).toBe(200);
    expect(await limits()).toMatchObject({ users: 2, connections: 2 });
  });
});
