import { twoFactorEndpoints, type TwoFactorCodeBody, type TwoFactorDisableBody } from '@atende/shared/two-factor';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// The signed-in user's own two-factor calls (issue 38 point 4). What they answer is shown once and
// never cached, so there is no query key.
export const twoFactorApi = {
  setup: () => callEndpoint(twoFactorEndpoints.setup),
  confirm: (body: TwoFactorCodeBody) => callEndpoint(twoFactorEndpoints.confirm, { body }),
  disable: (body: TwoFactorDisableBody) => callEndpoint(twoFactorEndpoints.disable, { body }),
  regenerateRecoveryCodes: (body: TwoFactorCodeBody) => callEndpoint(twoFactorEndpoints.regenerateRecoveryCodes, { body }),
};
