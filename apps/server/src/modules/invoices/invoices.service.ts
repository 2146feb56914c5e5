// Invoices, the Pix checkout and the provider's payment notice (03-saas §2, §4, §7). A tenant sees
// and pays only its own company's invoices; the super user too (its company is never billed, so its
// list is empty): the companies screen is where the platform looks at other companies.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CUSTOM_PLAN,
  INVOICES_PAGE_SIZE,
  customPlanPrice,
  invoiceStatuses,
  pixAmount,
  pixDebtor,
  type CheckoutAvailability,
  type InvoicesListQuery,
  type InvoicesPage,
  type PixChargeAnswer,
  type PixWebhookBody,
  type SubscriptionBody,
} from '@atende/shared/invoices';
import { addRecurrence, recurrences, type Recurrence } from '@atende/shared/recurrence';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, forbidden, invalidField, notFound } from '../../platform/errors.ts';
import type { DomainEvent, EventBus } from '../../platform/events.ts';
import { lockCompanyBilling, setCompanyCustomLimits, setCompanyDueDate } from '../companies/companies.repo.ts';
import { readGlobalSetting } from '../settings/global-settings.repo.ts';
import type { PaymentProvider } from './payment.provider.ts';
import {
  findChargeOwner,
  findInvoice,
  insertCharge,
  listInvoices,
  lockCharge,
  lockInvoice,
  markChargePaid,
  markInvoicePaid,
  markInvoicePartlyPaid,
} from './invoices.repo.ts';
import type { BillIfDue } from './invoices.jobs.ts';
import { toInvoiceView, toPixChargeAnswer } from './invoices.view.ts';

type Deps = {
  db: Db;
  bus: EventBus;
  clock: Clock;
  provider: PaymentProvider;
  pix: { chargeExpirationSeconds: number; webhookSecret?: string };
  billIfDue: BillIfDue;
};

const invoiceNotFound = () => notFound('ERR_NO_INVOICE_FOUND');

// Compared as digests, so neither the length nor the content of the secret leaks through timing.
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

// Amounts compared in cents, as the provider writes them ("123.45").
const cents = (amount: string) => Math.round(Number(amount) * 100);

const asRecurrence = (value: string): Recurrence => ((recurrences as readonly string[]).includes(value) ? (value as Recurrence) : 'MENSAL');

// What the customer buys: the invoice's value, or a custom plan (03-saas §9) priced by the shared
// function the checkout shows (the price sent must be the one shown) with the limits it pays for.
const chargedPurchase = (body: SubscriptionBody, invoiceValue: string) => {
  const custom = body.plan.custom
    ? {
        customUsers: Math.max(body.users ?? body.plan.users ?? 0, CUSTOM_PLAN.minUsers),
        customConnections: Math.max(body.connections ?? body.plan.connections ?? 0, CUSTOM_PLAN.minConnections),
      }
    : { customUsers: null, customConnections: null };
  const amount = custom.customUsers !== null ? customPlanPrice(custom.customUsers, custom.customConnections ?? 0) : Number(invoiceValue);
  if (Math.abs(amount - body.price) >= 0.005) throw invalidField('price', 'invoices.validation.priceMismatch');
  return { amount: pixAmount(amount), ...custom };
};

export const createInvoicesService = ({ db, bus, clock, provider, pix, billIfDue }: Deps) => ({
  list: async (tenant: TenantContext, query: InvoicesListQuery): Promise<InvoicesPage> => {
    const rows = await listInvoices(db, tenant.companyId, {
      searchParam: query.searchParam,
      limit: INVOICES_PAGE_SIZE + 1,
      offset: (query.pageNumber - 1) * INVOICES_PAGE_SIZE,
    });
    return { invoices: rows.slice(0, INVOICES_PAGE_SIZE).map(toInvoiceView), hasMore: rows.length > INVOICES_PAGE_SIZE };
  },

  availability: async (): Promise<CheckoutAvailability> => ({
    pixAvailable: provider.configured,
    supportContact: (await readGlobalSetting(db, 'supportContact')) ?? '',
  }),

  // POST /subscription: a Pix charge for one of the company's open invoices.
  subscribe: async (tenant: TenantContext, body: SubscriptionBody): Promise<PixChargeAnswer> => {
    const invoice = await findInvoice(db, tenant.companyId, body.invoiceId);
    if (!invoice) throw invoiceNotFound();
    if (invoice.status === invoiceStatuses.paid) throw new AppError('ERR_INVOICE_ALREADY_PAID', 409);
    const { amount: price, ...customLimits } = chargedPurchase(body, invoice.value);
    // what an earlier payment below its charge brought in counts: this charge asks for the rest
    const rest = cents(price) - cents(invoice.valuePaid);
    if (rest <= 0) throw new AppError('ERR_INVOICE_ALREADY_PAID', 409);
    const amount = pixAmount(rest / 100);
    const name = [body.firstName, body.lastName].filter(Boolean).join(' ');
    const charge = await provider.createPixCharge({
      amount,
      debtor: pixDebtor(body.zipcode, name),
      expirationSeconds: pix.chargeExpirationSeconds,
      description: `${invoice.detail} #${invoice.id}`.slice(0, 140),
    });
    const stored = await insertCharge(db, tenant.companyId, {
      invoiceId: invoice.id,
      txid: charge.txid,
      locationId: charge.locationId,
      amount,
      ...customLimits,
      qrcode: charge.qrcode,
      imageQrcode: charge.imageQrcode,
      expiresAt: new Date(clock.now().getTime() + pix.chargeExpirationSeconds * 1000),
    });
    return toPixChargeAnswer(stored);
  },

  // The provider's notice of paid charges. Every charge must be known before anything changes;
  // a charge already paid is skipped, so a delivery repeated moves no due date twice.
  paymentReceived: async (secret: string, body: PixWebhookBody) => {
    if (!pix.webhookSecret || !sameSecret(secret, pix.webhookSecret)) throw forbidden();
    const owners = await Promise.all(body.pix.map((payment) => findChargeOwner(db, payment.txid)));
    if (owners.some((owner) => !owner)) throw invoiceNotFound();
    const events = await withTransaction(db, async (tx) => {
      const renewed: DomainEvent<'payment'>[] = [];
      for (const [index, payment] of body.pix.entries()) {
        const companyId = owners[index]!.companyId;
        const company = await lockCompanyBilling(tx, companyId);
        const charge = await lockCharge(tx, companyId, payment.txid);
        if (!company || !charge || charge.paidAt) continue;
        await markChargePaid(tx, companyId, charge.id, { endToEndId: payment.endToEndId, paidAmount: pixAmount(cents(payment.valor) / 100) });
        const invoice = await lockInvoice(tx, companyId, charge.invoiceId);
        if (!invoice || invoice.status === invoiceStatuses.paid) continue;
        // less than the charge asked for is kept on the invoice (valuePaid) and renews nothing
        if (cents(payment.valor) < cents(charge.amount)) {
          await markInvoicePartlyPaid(tx, companyId, invoice.id);
          continue;
        }
        await markInvoicePaid(tx, companyId, invoice.id);
        if (charge.customUsers !== null) {
          await setCompanyCustomLimits(tx, companyId, { customUsers: charge.customUsers, customConnections: charge.customConnections });
        }
        const dueDate = addRecurrence(company.dueDate, asRecurrence(company.recurrence));
        await setCompanyDueDate(tx, companyId, dueDate);
        await billIfDue(tx, companyId);
        renewed.push({ companyId, event: 'payment', payload: { action: 'CONCLUIDA', company: { id: companyId, dueDate } } });
      }
      return renewed;
    });
    for (const event of events) bus.publish(event);
  },
});

export type InvoicesService = ReturnType<typeof createInvoicesService>;
