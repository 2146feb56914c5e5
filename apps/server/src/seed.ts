// Seeds the platform once: default plan, company 1 (never expires) provisioned as every company is
// (companies.rules.ts), global settings defaults and the super admin. Runs at every start and changes nothing that already exists.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NEVER_EXPIRES_DUE_DATE } from '@atende/shared/constants';
import { globalSettingDefaults } from '@atende/shared/settings';
import type { Db } from './db/client.ts';
import { companies, globalSettings, plans, users } from './db/schema.ts';
import { insertCompanyAdmin } from './modules/companies/companies.repo.ts';
import { provisionCompany } from './modules/companies/companies.rules.ts';
import { hashPassword } from './modules/users/users.service.ts';

export type SeedOptions = { adminEmail: string; adminPassword?: string };
export type SeedResult = { generatedPassword?: string };

const DEFAULT_PLAN = { name: 'Padrão', users: 100, connections: 100, queues: 100, amount: '0', isPublic: false };

export const seedPlatform = async (db: Db, options: SeedOptions): Promise<SeedResult> => {
  return db.transaction(async (tx) => {
    await tx
      .insert(globalSettings)
      .values(Object.entries(globalSettingDefaults).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();

    const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, 1));
    const [superUser] = await tx.select({ id: users.id }).from(users).where(eq(users.super, true)).limit(1);
    if (company && superUser) return {};
    // hashed only here: argon2 is slow on purpose, and every later start finds the super admin
    const password = options.adminPassword ?? randomBytes(9).toString('base64url');
    const admin = { name: 'Admin', email: options.adminEmail, passwordHash: await hashPassword(password), super: true, mustChangePassword: !options.adminPassword };
    if (company) {
      await insertCompanyAdmin(tx, company.id, admin);
    } else {
      const [plan] = await tx.insert(plans).values(DEFAULT_PLAN).onConflictDoNothing().returning({ id: plans.id });
      await provisionCompany(tx, { id: 1, name: 'Empresa 1', email: options.adminEmail, planId: plan?.id, dueDate: NEVER_EXPIRES_DUE_DATE }, admin);
      // the explicit id 1 leaves the sequence behind; move it past
      await tx.execute(`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`);
    }
    return options.adminPassword ? {} : { generatedPassword: password };
  });
};
