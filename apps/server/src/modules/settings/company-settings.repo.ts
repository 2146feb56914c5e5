import { eq, sql } from 'drizzle-orm';
import { companySettingDefaults, type CompanySettingKey, type CompanySettings } from '@atende/shared/settings';
import type { DbOrTx } from '../../db/client.ts';
import { companySettings } from '../../db/schema.ts';

// The NOTIFY channel of settings changes (company-settings.cache.ts listens on it).
export const COMPANY_SETTINGS_CHANNEL = 'company_settings';

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

// A company_settings row written as it comes: a setting of the screen through writeCompanySetting,
// or a row of a module's own under a key the settings do not know (the copilot's sealed key, the
// knowledge's last intake report), which GET /settings never lists and PUT /settings cannot write.
export const writeCompanyValue = (db: DbOrTx, companyId: number, key: string, value: string) =>
  db
    .insert(companySettings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [companySettings.companyId, companySettings.key], set: { value, updatedAt: sql`now()` } });

// Every process caching settings (company-settings.cache.ts) hears of the change at commit.
export const writeCompanySetting = async (db: DbOrTx, companyId: number, key: CompanySettingKey, value: string) => {
  await writeCompanyValue(db, companyId, key, value);
  await db.execute(sql`select pg_notify(${COMPANY_SETTINGS_CHANNEL}, '')`);
};
