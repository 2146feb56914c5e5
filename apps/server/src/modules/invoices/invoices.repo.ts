import { and, asc, desc, eq, getTableColumns, ilike, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import { PLATFORM_COMPANY_ID } from '@atende/shared/constants';
import { invoiceStatuses } from '@atende/shared/invoices';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { companies, invoiceCharges, invoices, plans } from '../../db/schema.ts';

// An invoice with what its paid charges brought in. The names are spelt out: Drizzle leaves the
// columns of a one-table select unqualified, which inside the subquery would name the charge's own.
const invoiceColumns = {
  ...getTableColumns(invoices),
  valuePaid: sql<string>`(select coalesce(sum(charge.paid_amount), 0)::numeric(12, 2)::text from ${invoiceCharges} charge
    where charge.company_id = ${invoices}.company_id and charge.invoice_id = ${invoices}.id and charge.paid_at is not null)`,
};

export type InvoiceRow = typeof invoices.$inferSelect & { valuePaid: string };
export type ChargeRow = typeof invoiceCharges.$inferSelect;
export type NewInvoice = Pick<InvoiceRow, 'detail' | 'users' | 'connections' | 'queues' | 'dueDate' | 'value'>;
export type NewCharge = Pick<
  ChargeRow,
  'invoiceId' | 'txid' | 'locationId' | 'amount' | 'customUsers' | 'customConnections' | 'qrcode' | 'imageQrcode' | 'expiresAt'
>;

export const listInvoices = (db: DbOrTx, companyId: number, filter: { searchParam: string; limit: number; offset: number }) => {
  const pattern = containsPattern(filter.searchParam.trim());
  return db
    .select(invoiceColumns)
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        filter.searchParam.trim() ? or(ilike(invoices.detail, pattern), ilike(invoices.status, pattern)) : undefined,
      ),
    )
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(filter.limit)
    .offset(filter.offset);
};

export const findInvoice = async (db: DbOrTx, companyId: number, invoiceId: number) =>
  (await db.select(invoiceColumns).from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId))).limit(1))[0];

export const lockInvoice = async (tx: Tx, companyId: number, invoiceId: number) =>
  (await tx.select().from(invoices).where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId))).for('update'))[0];

// Nothing when the company already has an invoice for that due date.
// A payment below its charge: the invoice says so and stays to be paid.
export const markInvoicePartlyPaid = (tx: Tx, companyId: number, invoiceId: number) =>
  tx
    .update(invoices)
    .set({ status: invoiceStatuses.partial, updatedAt: sql`now()` })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId), ne(invoices.status, invoiceStatuses.paid)));

export const insertInvoice = async (db: DbOrTx, companyId: number, values: NewInvoice) =>
  (await db.insert(invoices).values({ ...values, companyId }).onConflictDoNothing().returning())[0];

export const markInvoicePaid = (tx: Tx, companyId: number, invoiceId: number) =>
  tx
    .update(invoices)
    .set({ status: invoiceStatuses.paid, paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));

export const insertCharge = async (db: DbOrTx, companyId: number, values: NewCharge) =>
  (await db.insert(invoiceCharges).values({ ...values, companyId }).returning())[0];

// The provider's webhook names a charge, not a company: this finds whose it is.
export const findChargeOwner = async (db: DbOrTx, txid: string) =>
  (await db.select({ companyId: invoiceCharges.companyId }).from(invoiceCharges).where(eq(invoiceCharges.txid, txid)).limit(1))[0];

export const lockCharge = async (tx: Tx, companyId: number, txid: string) =>
  (await tx.select().from(invoiceCharges).where(and(eq(invoiceCharges.companyId, companyId), eq(invoiceCharges.txid, txid))).for('update'))[0];

export const markChargePaid = (tx: Tx, companyId: number, chargeId: number, payment: { endToEndId: string; paidAmount: string }) =>
  tx
    .update(invoiceCharges)
    .set({ paidAt: sql`now()`, ...payment })
    .where(and(eq(invoiceCharges.companyId, companyId), eq(invoiceCharges.id, chargeId), isNull(invoiceCharges.paidAt)));

// The daily sweep's one read across companies: active companies (never the platform's) due by
// `until` with no invoice for that due date yet, with their plan and any custom limits they bought;
// or only `companyId`, whose due date just changed.
export const findCompaniesToBill = (db: DbOrTx, until: string, companyId?: number) =>
  db
    .select({
      companyId: companies.id,
      dueDate: companies.dueDate,
      detail: plans.name,
      users: plans.users,
      connections: plans.connections,
      queues: plans.queues,
      value: plans.amount,
      customUsers: companies.customUsers,
      customConnections: companies.customConnections,
    })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(
      and(
        ne(companies.id, PLATFORM_COMPANY_ID),
        companyId === undefined ? undefined : eq(companies.id, companyId),
        eq(companies.status, true),
        lte(companies.dueDate, until),
        notExists(
          db
            .select({ id: invoices.id })
            .from(invoices)
            .where(and(eq(invoices.companyId, companies.id), eq(invoices.dueDate, companies.dueDate))),
        ),
      ),
    )
    .orderBy(asc(companies.id));

export type CompanyToBill = Awaited<ReturnType<typeof findCompaniesToBill>>[number];
