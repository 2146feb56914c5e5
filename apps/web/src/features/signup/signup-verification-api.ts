import { signupVerificationEndpoints, type SignupResendBody, type SignupVerifyBody } from '@atende/shared/signup-verification';
import { callEndpoint } from '../../lib/endpoint-client.ts';

// Issue 38 point 3: the sign-up's email verification, called with no session.
export const signupVerificationApi = {
  verify: (body: SignupVerifyBody) => callEndpoint(signupVerificationEndpoints.verify, { body }, { public: true }),
  resend: (body: SignupResendBody) => callEndpoint(signupVerificationEndpoints.resend, { body }, { public: true }),
};
