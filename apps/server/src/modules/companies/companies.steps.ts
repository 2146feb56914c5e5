// How a company comes to be, whoever creates it: the first start's seed (company 1 and the super
// admin), the super admin's company form and the public sign-up (03-saas §2). Its settings and
// service hours need no rows: stored settings only override the defaults, and the schedules
// column defaults to the default service hours.
import type { Tx } from '../../db/client.ts';
import { scheduleFolderStats } from './companies.jobs.ts';
import { insertCompany, insertCompanyAdmin, type CompanyAdmin, type NewCompany } from './companies.repo.ts';

export const provisionCompany = async (tx: Tx, values: NewCompany, admin: CompanyAdmin) => {
  const company = await insertCompany(tx, values);
  const user = await insertCompanyAdmin(tx, company.id, admin);
  await scheduleFolderStats(tx, company.id);
  return { company, admin: user };
};
