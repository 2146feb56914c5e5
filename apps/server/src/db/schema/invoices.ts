import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

// 03-saas §3 Invoice. One invoice per company and due date: the daily job may run twice (a
// restart, two processes) and still bills a period once.
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    detail: text('detail').notNull().default(''),
    users: integer('users').notNull().default(0),
    connections: integer('connections').notNull().default(0),
    queues: integer('queues').notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 12, scale: 2 }).notNull().default('0'),
    status: text('status').notNull().default('Aberto'),
    linkInvoice: text('link_invoice').notNull().default(''),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoices_company_due_date_key').on(t.companyId, t.dueDate), index('invoices_company_id_idx').on(t.companyId, t.id)],
);

// A Pix charge created at the provider for an invoice (POST /subscription). An invoice may get
// several (the customer came back after one expired); a payment of any of them pays it.
export const invoiceCharges = pgTable(
  'invoice_charges',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    // the provider's charge id (Efí's txid)
    txid: text('txid').notNull(),
    locationId: integer('location_id'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    // set when the charge is for a custom plan: the limits its payment gives the company
    customUsers: integer('custom_users'),
    customConnections: integer('custom_connections'),
    qrcode: text('qrcode').notNull().default(''),
    imageQrcode: text('image_qrcode').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endToEndId: text('end_to_end_id'),
    // what the payer sent (the provider's valor): below `amount` the payment renews nothing
    paidAmount: numeric('paid_amount', { precision: 12, scale: 2 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invoice_charges_txid_key').on(t.txid), index('invoice_charges_company_invoice_idx').on(t.companyId, t.invoiceId)],
);
