// Baileys' AuthenticationState kept in the database (auth-state.repo.ts): the creds and the
// signal key store (SignalKeyStore get/set), so a restart or another process resumes the session
// without a new QR. Values are stored in Baileys' BufferJSON form, which keeps its binary keys.
import { BufferJSON, initAuthCreds, type AuthenticationCreds, type AuthenticationState, type SignalDataTypeMap } from '@whiskeysockets/baileys';
import type { Db } from '../../db/client.ts';
import { applyAuthKeyChanges, readAuthKey, readAuthKeys, writeAuthKeys } from './auth-state.repo.ts';
import { waProto } from './baileys-proto.ts';

const CREDS = 'creds';

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string) => JSON.parse(text, BufferJSON.reviver) as unknown;

const isAbsent = (value: unknown) => value === null || value === undefined;

export const loadAuthState = async (db: Db, companyId: number, connectionId: number) => {
  const stored = await readAuthKey(db, companyId, connectionId, CREDS, '');
  const creds = stored ? (decode(stored) as AuthenticationCreds) : initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const found: { [id: string]: SignalDataTypeMap[T] } = {};
        if (ids.length === 0) return found;
        for (const row of await readAuthKeys(db, companyId, connectionId, type, ids)) {
          const value = decode(row.value);
          // Baileys expects the protobuf object back for app-state keys, as its file store does
          found[row.keyId] = (
            type === 'app-state-sync-key' ? waProto.Message.AppStateSyncKeyData.fromObject(value as object) : value
          ) as SignalDataTypeMap[T];
        }
        return found;
      },
      set: async (data) => {
        const changes = Object.entries(data).map(([type, entries]) => {
          const all = Object.entries(entries ?? {});
          return {
            type,
            written: all.filter(([, value]) => !isAbsent(value)).map(([keyId, value]) => ({ keyId, value: encode(value) })),
            removedIds: all.filter(([, value]) => isAbsent(value)).map(([id]) => id),
          };
        });
        await applyAuthKeyChanges(db, companyId, connectionId, changes);
      },
    },
  };
  // creds.update hands over the changed part (Baileys merges it too; merging twice is harmless)
  const saveCreds = (update: Partial<AuthenticationCreds>) => {
    Object.assign(state.creds, update);
    return writeAuthKeys(db, companyId, connectionId, [{ type: CREDS, keyId: '', value: encode(state.creds) }]);
  };
  return { state, saveCreds };
};
