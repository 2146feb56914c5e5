import { globalSettingValues } from '@atende/shared/settings-schemas';
import {
  BRANDING_FOLDER,
  companySettingChoices,
  companyTextSettingKeys,
  companyTextSettingMaxLength,
  globalSettingDefaults,
  globalSettingKeys,
  isBrandingImageKey,
  isPublicSettingKey,
  type BrandingImageKey,
  type CompanySettingKey,
  type GlobalSettingKey,
} from '@atende/shared/settings';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { TenantContext } from '../../platform/access.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { keptImageExtension } from '../../platform/images.ts';
import type { Storage } from '../../platform/storage.ts';
import { openUpload, type Upload } from '../../platform/uploads.ts';
import { recordUpdate, type AuditActor } from '../audit/audit.steps.ts';
import type { CompanySettingsCache } from './company-settings.cache.ts';
import { readCompanySettings, writeCompanySetting } from './company-settings.repo.ts';
import { readGlobalSetting, readGlobalSettings, writeGlobalSetting } from './global-settings.repo.ts';

const toggleChoices = ['enabled', 'disabled'] as const;
const FRONTEND_VERSION_KEY = 'frontendVersion';

const allowedCompanyValues = (key: CompanySettingKey): readonly string[] | undefined =>
  companyTextSettingKeys.includes(key) ? undefined : (companySettingChoices[key] ?? toggleChoices);

// serverDefaults: what the server's configuration makes of a global setting left empty (the
// sign-up's trial days come from SIGNUP_TRIAL_DAYS until the super admin sets them)
export const createSettingsService = (deps: { db: Db; bus: EventBus; storage: Storage; cache: CompanySettingsCache; serverDefaults: Partial<Record<GlobalSettingKey, string>> }) => {
  const valueOf = (key: GlobalSettingKey, stored: string | undefined) => (stored || deps.serverDefaults[key]) ?? stored ?? globalSettingDefaults[key];
  const readGlobal = async (key: GlobalSettingKey) => valueOf(key, await readGlobalSetting(deps.db, key));

  // Branding changes reach every open screen, the login page included, on the public namespace.
  const saveGlobal = async (key: GlobalSettingKey, value: string, actor: AuditActor) => {
    const previous = await readGlobal(key);
    await withTransaction(deps.db, async (tx) => {
      await writeGlobalSetting(tx, key, value);
      await recordUpdate(tx, actor, { companyId: null, action: 'globalSetting.update', entityType: 'globalSetting', entityId: key }, { [key]: previous }, { [key]: value });
    });
    // a replaced or reset image leaves no file behind
    if (isBrandingImageKey(key) && previous && previous !== value) await deps.storage.removePlatformFile(BRANDING_FOLDER, previous);
    if (isPublicSettingKey(key)) deps.bus.publishPublic({ event: 'public-settings', payload: { action: 'update', setting: { key, value } } });
    return { key, value };
  };

  return {
    companySettings: (tenant: TenantContext, companyId: number) => {
      if (companyId !== tenant.companyId && !tenant.actor.super) throw notFound('ERR_NO_SETTING_FOUND');
      return readCompanySettings(deps.db, companyId);
    },

    updateCompanySetting: async (tenant: TenantContext, key: CompanySettingKey, value: string, actor: AuditActor) => {
      const allowed = allowedCompanyValues(key);
      if (allowed && !allowed.includes(value)) throw invalidField('body.data', 'validation.invalidChoice');
      if (value.length > (companyTextSettingMaxLength[key] ?? Infinity)) throw invalidField('body.data', 'validation.tooLong');
      await withTransaction(deps.db, async (tx) => {
        const previous = (await readCompanySettings(tx, tenant.companyId))[key];
        await writeCompanySetting(tx, tenant.companyId, key, value);
        await recordUpdate(tx, actor, { companyId: tenant.companyId, action: 'setting.update', entityType: 'setting', entityId: key }, { [key]: previous }, { [key]: value });
      });
      deps.cache.forget(tenant.companyId);
      deps.bus.publish({ companyId: tenant.companyId, event: 'settings', payload: { action: 'update', setting: { key, value } } });
      return readCompanySettings(deps.db, tenant.companyId);
    },

    globalSettings: async () => {
      const stored = new Map((await readGlobalSettings(deps.db, globalSettingKeys)).map((row) => [row.key, row.value]));
      return globalSettingKeys.map((key) => ({ key, value: valueOf(key, stored.get(key)) }));
    },

    globalSetting: async (key: GlobalSettingKey) => ({ key, value: await readGlobal(key) }),

    updateGlobalSetting: async (key: GlobalSettingKey, value: string, actor: AuditActor) => {
      const parsed = globalSettingValues[key].safeParse(value);
      if (!parsed.success) throw invalidField('body.value', parsed.error.issues[0]?.message ?? 'validation.invalidChoice');
      return saveGlobal(key, parsed.data, actor);
    },

    // POST /settings-whitelabel/logo and /login (03-saas §7): the image replaces the setting's file
    // at once, and the answer is the stored file name.
    uploadBrandingImage: async (key: BrandingImageKey, upload: Upload, actor: AuditActor) => {
      const name = await deps.storage.savePlatformFile(BRANDING_FOLDER, openUpload(upload), await keptImageExtension(upload));
      await saveGlobal(key, name, actor);
      return name;
    },

    frontendVersion: async () => ({ version: (await readGlobalSetting(deps.db, FRONTEND_VERSION_KEY)) ?? '' }),

    recordFrontendVersion: async (version: string) => {
      await writeGlobalSetting(deps.db, FRONTEND_VERSION_KEY, version);
      return { version };
    },
  };
};

export type SettingsService = ReturnType<typeof createSettingsService>;
