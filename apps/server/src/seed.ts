// Seeds the platform once: default plan, company 1 (never expires) provisioned as every company is
// (companies.steps.ts), global settings defaults and the super admin. Runs at every start and changes nothing that already exists.
import { randomBytes } from 'node:crypto';
import { NEVER_EXPIRES_DUE_DATE } from '@atende/shared/constants';
import type { Db } from './db/client.ts';
import { advanceCompanySequence, findSeeded, insertGlobalSettingDefaults, insertPlanIfMissing } from './db/seed.repo.ts';
import { insertCompanyAdmin } from './modules/companies/companies.repo.ts';
import { provisionCompany } from './modules/companies/companies.steps.ts';
import { hashPassword } from './modules/users/users.service.ts';

export type SeedOptions = { adminEmail: string; adminPassword?: string };
export type SeedResult = { generatedPassword?: string };

const DEFAULT_PLAN = { name: 'Padrão', users: 100, connections: 100, queues: 100, amount: '0', isPublic: false };

export const seedPlatform = async (db: Db, options: SeedOptions): Promise<SeedResult> => {
  return db.transaction(async (tx) => {
    await insertGlobalSettingDefaults(tx);
    const { companyId, hasSuperUser } = await findSeeded(tx);
    if (companyId !== undefined && hasSuperUser) return {};
    // hashed only here: argon2 is slow on purpose, and every later start finds the super admin
    const password = options.adminPassword ?? randomBytes(9).toString('base64url');
    const admin = { name: 'Admin', email: options.adminEmail, passwordHash: await hashPassword(password), super: true, mustChangePassword: !options.adminPassword };
    if (companyId !== undefined) {
      await insertCompanyAdmin(tx, companyId, admin);
    } else {
      const planId = await insertPlanIfMissing(tx, DEFAULT_PLAN);
      await provisionCompany(tx, { id: 1, name: 'Empresa 1', email: options.adminEmail, planId, dueDate: NEVER_EXPIRES_DUE_DATE }, admin);
      await advanceCompanySequence(tx);
    }
    return options.adminPassword ? {} : { generatedPassword: password };
  });
};
