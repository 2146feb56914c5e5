import { passwordResetEndpoints, type ForgotPasswordBody, type PasswordResetBody } from '@atende/shared/password-reset';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// Issue 38 point 2: the public password reset calls.
export const passwordResetApi = {
  forgot: (body: ForgotPasswordBody) => callEndpoint(passwordResetEndpoints.forgot, { body }, { public: true }),
  check: (token: string) => callEndpoint(passwordResetEndpoints.check, { query: { token } }, { public: true }),
  reset: (body: PasswordResetBody) => callEndpoint(passwordResetEndpoints.reset, { body }, { public: true }),
};

export const passwordResetQueryKeys = {
  link: (token: string) => ['password-reset-link', token] as const,
};
