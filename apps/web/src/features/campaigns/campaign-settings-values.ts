import { campaignSettingsDefaults, campaignSettingsValues, type CampaignSettingEntry, type CampaignSettingsValues } from '@atende/shared/campaigns';

// The answer's text values back into typed ones (variables are JSON); a value that does not read
// keeps its default.
export const toCampaignSettingsValues = (entries: CampaignSettingEntry[]): CampaignSettingsValues => {
  const values = { ...campaignSettingsDefaults };
  for (const { key, value } of entries) {
    const parsed = campaignSettingsValues.shape[key].safeParse(key === 'startHour' || key === 'endHour' ? value : JSON.parse(value));
    if (parsed.success) Object.assign(values, { [key]: parsed.data });
  }
  return values;
};
