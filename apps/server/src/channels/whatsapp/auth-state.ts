// Baileys' AuthenticationState kept in the database (whatsapp_auth_keys): the creds and the
// signal key store (SignalKeyStore get/set), so a restart or another process resumes the session
// without a new QR. Values are stored in Baileys' BufferJSON form, which keeps its binary keys.
import { BufferJSON, initAuthCreds, type AuthenticationCreds, type AuthenticationState, type SignalDataTypeMap } from '@whiskeysockets/baileys';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { waProto } from './baileys-proto.ts';
import { whatsappAuthKeys } from '../../db/schema.ts';

const CREDS = 'creds';

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string) => JSON.parse(text, BufferJSON.reviver) as unknown;

const byConnection = (connectionId: number) => eq(whatsappAuthKeys.connectionId, connectionId);

export const removeAuthState = (db: DbOrTx, connectionId: number) => db.delete(whatsappAuthKeys).where(byConnection(connectionId));

export const loadAuthState = async (db: Db, companyId: number, connectionId: number) => {
  const upsert = (tx: DbOrTx, rows: { type: string; keyId: string; value: string }[]) =>
    rows.length === 0
      ? Promise.resolve()
      : tx
          .insert(whatsappAuthKeys)
          .values(rows.map((row) => ({ ...row, companyId, connectionId })))
          .onConflictDoUpdate({
            target: [whatsappAuthKeys.connectionId, whatsappAuthKeys.type, whatsappAuthKeys.keyId],
            set: { value: sql`excluded.value` },
          });

  const [stored] = await db
    .select({ value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(and(byConnection(connectionId), eq(whatsappAuthKeys.type, CREDS)));
  const creds = stored ? (decode(stored.value) as AuthenticationCreds) : initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const found: { [id: string]: SignalDataTypeMap[T] } = {};
        if (ids.length === 0) return found;
        const rows = await db
          .select({ keyId: whatsappAuthKeys.keyId, value: whatsappAuthKeys.value })
          .from(whatsappAuthKeys)
          .where(and(byConnection(connectionId), eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, ids)));
        for (const row of rows) {
          const value = decode(row.value);
          // Baileys expects the protobuf object back for app-state keys, as its file store does
          found[row.keyId] = (
            type === 'app-state-sync-key' ? waProto.Message.AppStateSyncKeyData.fromObject(value as object) : value
          ) as SignalDataTypeMap[T];
        }
        return found;
      },
      set: async (data) => {
        await db.transaction(async (tx) => {
          for (const [type, entries] of Object.entries(data)) {
            const present = Object.entries(entries ?? {}).filter(([, value]) => value !== null && value !== undefined);
            const removed = Object.entries(entries ?? {}).filter(([, value]) => value === null || value === undefined).map(([id]) => id);
            await upsert(tx, present.map(([keyId, value]) => ({ type, keyId, value: encode(value) })));
            if (removed.length > 0) {
              await tx
                .delete(whatsappAuthKeys)
                .where(and(byConnection(connectionId), eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, removed)));
            }
          }
        });
      },
    },
  };
  // creds.update hands over the changed part (Baileys merges it too; merging twice is harmless)
  const saveCreds = (update: Partial<AuthenticationCreds>) => {
    Object.assign(state.creds, update);
    return upsert(db, [{ type: CREDS, keyId: '', value: encode(state.creds) }]);
  };
  return { state, saveCreds };
};
