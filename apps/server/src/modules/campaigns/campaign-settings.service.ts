// Campaign settings (02-operations §3 Campaign settings, §7, §9): the company's pacing, sending
// window and custom variables, as key and value pairs; a key never saved answers its default.
import { isSendingWindowValid, type CampaignSettingEntry, type CampaignSettingKey, type CampaignSettingsBody } from '@atende/shared/campaigns';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/access.ts';
import { invalidField } from '../../platform/errors.ts';
import { readCampaignSettings, saveCampaignSettings } from './campaigns.repo.ts';
import { settingsFromEntries } from './campaigns.rules.ts';

const asEntries = (settings: Record<string, unknown>) =>
  Object.entries(settings).map(([key, value]) => ({ key: key as CampaignSettingKey, value: typeof value === 'string' ? value : JSON.stringify(value) }));

export const createCampaignSettingsService = ({ db }: { db: Db }) => {
  const read = async (companyId: number) => settingsFromEntries(await readCampaignSettings(db, companyId));

  return {
    list: async (tenant: TenantContext): Promise<CampaignSettingEntry[]> => asEntries(await read(tenant.companyId)),

    save: async (tenant: TenantContext, body: CampaignSettingsBody): Promise<CampaignSettingEntry[]> => {
      const merged = { ...(await read(tenant.companyId)), ...body.settings };
      if (!isSendingWindowValid(merged)) throw invalidField('body.settings.endHour', 'validation.invalidTime');
      await saveCampaignSettings(db, tenant.companyId, asEntries(body.settings));
      return asEntries(merged);
    },
  };
};

export type CampaignSettingsService = ReturnType<typeof createCampaignSettingsService>;
