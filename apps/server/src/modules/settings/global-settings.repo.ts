import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { globalSettings } from '../../db/schema.ts';

export const readGlobalSettings = (db: DbOrTx, keys: readonly string[]) =>
  db
    .select({ key: globalSettings.key, value: globalSettings.value })
    .from(globalSettings)
    .where(inArray(globalSettings.key, [...keys]));

export const readGlobalSetting = async (db: DbOrTx, key: string) => {
  const [row] = await db.select({ value: globalSettings.value }).from(globalSettings).where(eq(globalSettings.key, key));
  return row?.value;
};

export const writeGlobalSetting = (db: DbOrTx, key: string, value: string) =>
  db
    .insert(globalSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: globalSettings.key, set: { value, updatedAt: sql`now()` } });
