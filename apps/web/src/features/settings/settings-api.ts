import type { CompanySettingKey } from '@atende/shared/settings';
import { settingsEndpoints } from '@atende/shared/settings-schemas';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// the company's own settings (01-core §7); the platform's are in branding/branding-api.ts
export const companySettingsApi = {
  all: (companyId: number) => callEndpoint(settingsEndpoints.company, { params: { companyId } }),
  update: (key: CompanySettingKey, value: string) => callEndpoint(settingsEndpoints.updateCompany, { body: { column: key, data: value } }),
};
