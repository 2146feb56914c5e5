// Company settings read on hot paths (every ticket list, every ticket event) from memory. A change
// forgets the company's entry in this process at once and sends a NOTIFY, at commit, that makes
// every process of the deployment (one database) forget all it holds; a lost listening connection
// does the same, since notifications may have been missed meanwhile.
import type { CompanySettings } from '@atende/shared/settings';
import type { Db, DbOrTx, Listen } from '../../db/client.ts';
import { COMPANY_SETTINGS_CHANNEL, readCompanySettings } from './company-settings.repo.ts';

export type CompanySettingsCache = {
  // `through`: the transaction a caller runs in; a miss reads through it, since on PGlite (one
  // connection) a read on another handle would wait for that very transaction to end
  read: (companyId: number, through?: DbOrTx) => Promise<CompanySettings>;
  forget: (companyId: number) => void;
  start: (listen: Listen) => Promise<void>;
  stop: () => Promise<void>;
};

export const createCompanySettingsCache = (db: Db): CompanySettingsCache => {
  const entries = new Map<number, Promise<CompanySettings>>();
  // a read that began before a change must not store what it read after the change forgot it
  let generation = 0;
  let unlisten: (() => Promise<void>) | undefined;

  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };

  return {
    read: (companyId, through = db) => {
      const cached = entries.get(companyId);
      if (cached) return cached;
      const startedAt = generation;
      const reading = readCompanySettings(through, companyId);
      entries.set(companyId, reading);
      reading.then(
        () => {
          if (generation !== startedAt && entries.get(companyId) === reading) entries.delete(companyId);
        },
        () => {
          if (entries.get(companyId) === reading) entries.delete(companyId);
        },
      );
      return reading;
    },
    forget: (companyId) => {
      generation += 1;
      entries.delete(companyId);
    },
    start: async (listen) => {
      unlisten = await listen(COMPANY_SETTINGS_CHANNEL, forgetAll);
    },
    stop: async () => {
      await unlisten?.();
      unlisten = undefined;
      forgetAll();
    },
  };
};
