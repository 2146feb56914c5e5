// Baileys' auth items of a connection (whatsapp_auth_keys): one row per (type, key id), the creds
// under type 'creds' and key id ''. Values are text; auth-state.ts encodes them.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { whatsappAuthKeys } from '../../db/schema.ts';

export type AuthKey = { type: string; keyId: string; value: string };
// One type's changes from the signal key store: values to write and ids to remove.
export type AuthKeyChanges = { type: string; written: Omit<AuthKey, 'type'>[]; removedIds: string[] };

const ofConnection = (companyId: number, connectionId: number) =>
  and(eq(whatsappAuthKeys.companyId, companyId), eq(whatsappAuthKeys.connectionId, connectionId));

export const readAuthKey = async (db: DbOrTx, companyId: number, connectionId: number, type: string, keyId: string) => {
  const [row] = await db
    .select({ value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(and(ofConnection(companyId, connectionId), eq(whatsappAuthKeys.type, type), eq(whatsappAuthKeys.keyId, keyId)));
  return row?.value;
};

export const readAuthKeys = (db: DbOrTx, companyId: number, connectionId: number, type: string, keyIds: string[]) =>
  db
    .select({ keyId: whatsappAuthKeys.keyId, value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(and(ofConnection(companyId, connectionId), eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, keyIds)));

export const writeAuthKeys = async (db: DbOrTx, companyId: number, connectionId: number, rows: AuthKey[]) => {
  if (rows.length === 0) return;
  await db
    .insert(whatsappAuthKeys)
    .values(rows.map((row) => ({ ...row, companyId, connectionId })))
    .onConflictDoUpdate({
      target: [whatsappAuthKeys.connectionId, whatsappAuthKeys.type, whatsappAuthKeys.keyId],
      set: { value: sql`excluded.value` },
    });
};

// All of one key-store update or none of it, so a crash cannot leave half a session.
export const applyAuthKeyChanges = (db: DbOrTx, companyId: number, connectionId: number, changes: AuthKeyChanges[]) =>
  db.transaction(async (tx) => {
    for (const { type, written, removedIds } of changes) {
      await writeAuthKeys(tx, companyId, connectionId, written.map((row) => ({ ...row, type })));
      if (removedIds.length > 0) {
        await tx.delete(whatsappAuthKeys).where(and(ofConnection(companyId, connectionId), eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, removedIds)));
      }
    }
  });

export const removeAuthState = (db: DbOrTx, companyId: number, connectionId: number) => db.delete(whatsappAuthKeys).where(ofConnection(companyId, connectionId));
