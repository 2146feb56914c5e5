import type { InvoiceStatus, InvoiceView, PixChargeAnswer } from '@atende/shared/invoices';
import type { ChargeRow, InvoiceRow } from './invoices.repo.ts';

export const toInvoiceView = (row: InvoiceRow): InvoiceView => ({
  id: row.id,
  companyId: row.companyId,
  detail: row.detail,
  users: row.users,
  connections: row.connections,
  queues: row.queues,
  dueDate: row.dueDate,
  value: row.value,
  valuePaid: row.valuePaid,
  status: row.status as InvoiceStatus,
  linkInvoice: row.linkInvoice,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toPixChargeAnswer = (charge: ChargeRow): PixChargeAnswer => ({
  invoiceId: charge.invoiceId,
  txid: charge.txid,
  valor: { original: charge.amount },
  qrcode: { qrcode: charge.qrcode, imagemQrcode: charge.imageQrcode },
  expiresAt: charge.expiresAt.toISOString(),
});
