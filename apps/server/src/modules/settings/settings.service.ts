import {
  companySettingChoices,
  companyTextSettingKeys,
  globalSettingDefaults,
  globalSettingKeys,
  type CompanySettingKey,
  type GlobalSettingKey,
} from '@atende/shared/settings';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events.ts';
import { readCompanySettings, writeCompanySetting } from './company-settings.repo.ts';
import { readGlobalSetting, readGlobalSettings, writeGlobalSetting } from './global-settings.repo.ts';

const toggleChoices = ['enabled', 'disabled'] as const;
const FRONTEND_VERSION_KEY = 'frontendVersion';

const allowedCompanyValues = (key: CompanySettingKey): readonly string[] | undefined =>
  companyTextSettingKeys.includes(key) ? undefined : (companySettingChoices[key] ?? toggleChoices);

const globalValueIsValid = (key: GlobalSettingKey, value: string) => {
  if (key === 'userCreation') return (toggleChoices as readonly string[]).includes(value);
  if (key === 'primaryColorLight' || key === 'primaryColorDark') return /^#[0-9a-fA-F]{6}$/.test(value);
  return true;
};

export const createSettingsService = (deps: { db: Db; bus: EventBus }) => ({
  companySettings: (tenant: TenantContext, companyId: number) => {
    if (companyId !== tenant.companyId && !tenant.actor.super) throw notFound('ERR_NO_SETTING_FOUND');
    return readCompanySettings(deps.db, companyId);
  },

  updateCompanySetting: async (tenant: TenantContext, key: CompanySettingKey, value: string) => {
    const allowed = allowedCompanyValues(key);
    if (allowed && !allowed.includes(value)) throw invalidField('body.data', 'validation.invalidChoice');
    await writeCompanySetting(deps.db, tenant.companyId, key, value);
    deps.bus.publish({ companyId: tenant.companyId, event: 'settings', payload: { action: 'update', setting: { key, value } } });
    return readCompanySettings(deps.db, tenant.companyId);
  },

  globalSettings: async () => {
    const stored = new Map((await readGlobalSettings(deps.db, globalSettingKeys)).map((row) => [row.key, row.value]));
    return globalSettingKeys.map((key) => ({ key, value: stored.get(key) ?? globalSettingDefaults[key] }));
  },

  globalSetting: async (key: GlobalSettingKey) => ({
    key,
    value: (await readGlobalSetting(deps.db, key)) ?? globalSettingDefaults[key],
  }),

  updateGlobalSetting: async (key: GlobalSettingKey, value: string) => {
    if (!globalValueIsValid(key, value)) throw invalidField('body.value', 'validation.invalidChoice');
    await writeGlobalSetting(deps.db, key, value);
    return { key, value };
  },

  frontendVersion: async () => ({ version: (await readGlobalSetting(deps.db, FRONTEND_VERSION_KEY)) ?? '' }),

  recordFrontendVersion: async (version: string) => {
    await writeGlobalSetting(deps.db, FRONTEND_VERSION_KEY, version);
    return { version };
  },
});

export type SettingsService = ReturnType<typeof createSettingsService>;
