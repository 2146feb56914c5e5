// What the readiness probe asks the database: is it answering, and has every migration this code
// ships been applied (a process started against an older schema must not take traffic).
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsFolder, type Db } from './client.ts';

type Rows<T> = { rows: T[] };

export const pingDatabase = async (db: Db) => {
  await db.execute(sql`select 1`);
};

// the creation times of the migrations this code ships, read once
let shipped: number[] | undefined;

// Drizzle's migrator applies the migrations newer than the last one it recorded; the same rule
// here counts those still to apply.
export const countPendingMigrations = async (db: Db) => {
  shipped ??= readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  const { rows } = (await db.execute(
    sql`select max(created_at) as "lastApplied" from drizzle.__drizzle_migrations`,
  )) as unknown as Rows<{ lastApplied: string | number | null }>;
  const lastApplied = Number(rows[0]?.lastApplied ?? 0);
  return shipped.filter((createdAt) => createdAt > lastApplied).length;
};
