import type { CompanyView } from '@atende/shared/companies';
import type { Recurrence } from '@atende/shared/recurrence';
import type { CompanyWithPlanName } from './companies.repo.ts';

export const toCompanyView = (row: CompanyWithPlanName): CompanyView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  planId: row.planId,
  status: row.status,
  document: row.document,
  dueDate: row.dueDate,
  recurrence: row.recurrence as Recurrence,
  paymentMethod: row.paymentMethod,
  schedules: row.schedules,
  createdAt: row.createdAt.toISOString(),
  lastLogin: row.lastLogin?.toISOString() ?? null,
  folderSize: row.folderSize,
  numberFileFolder: row.numberFileFolder,
  updatedAtFolder: row.updatedAtFolder?.toISOString() ?? null,
  plan: row.plan && { id: row.plan.id, name: row.plan.name, amount: Number(row.plan.amount) },
});
