import type { GlobalSettingKey, PublicSettingKey } from '@atende/shared/settings';
import { settingsEndpoints } from '@atende/shared/settings-schemas';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// the platform's settings (03-saas §7): the super admin's, and those the login and sign-up pages read
export const globalSettingsApi = {
  all: () => callEndpoint(settingsEndpoints.global),
  update: (key: GlobalSettingKey, value: string) => callEndpoint(settingsEndpoints.updateGlobal, { params: { key }, body: { value } }),
  // called with no session
  public: (key: PublicSettingKey) => callEndpoint(settingsEndpoints.publicOne, { params: { key } }, { public: true }),
};
