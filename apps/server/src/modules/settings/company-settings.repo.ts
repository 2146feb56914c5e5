import { eq, sql } from 'drizzle-orm';
import { companySettingDefaults, type CompanySettingKey, type CompanySettings } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import { companySettings } from '../../db/schema.ts';

// Stored rows override the defaults; a company never needs its settings seeded.
export const readCompanySettings = async (db: DbOrTx, companyId: number): Promise<CompanySettings> => {
  const rows = await db
    .select({ key: companySettings.key, value: companySettings.value })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  const settings: CompanySettings = { ...companySettingDefaults };
  for (const row of rows) {
    if (row.key in settings) settings[row.key as CompanySettingKey] = row.value;
  }
  return settings;
};

export const writeCompanySetting = (db: DbOrTx, companyId: number, key: CompanySettingKey, value: string) =>
  db
    .insert(companySettings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [companySettings.companyId, companySettings.key], set: { value, updatedAt: sql`now()` } });
