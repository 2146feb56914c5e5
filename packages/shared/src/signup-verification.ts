// The public sign-up's email verification (issue 38 point 3): a signed-up company cannot be used
// until its admin opens the mailed link, and one left unverified for a day is removed, so nobody
// holds an email that is not theirs.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { accountLinkToken } from './invitations.ts';
import { emailField } from './validation.ts';

// how long a verification link is honoured, and how long an unverified company is kept
export const SIGNUP_VERIFICATION_TTL_HOURS = 24;

export const signupVerifyBody = z.strictObject({ token: accountLinkToken });
export type SignupVerifyBody = z.infer<typeof signupVerifyBody>;

export const signupResendBody = z.strictObject({ email: emailField });
export type SignupResendBody = z.infer<typeof signupResendBody>;

export const signupVerificationEndpoints = {
  verify: defineEndpoint({
    method: 'POST',
    path: '/auth/signup/verify',
    body: signupVerifyBody.meta({ id: 'SignupVerifyBody' }),
    response: null,
    status: 204,
    operationId: 'verifySignup',
    summary: "Confirms a sign-up's email with its mailed link; the company can then be used",
    errors: { 400: ['ERR_INVALID_TOKEN'], 429: ['ERR_TOO_MANY_REQUESTS'] },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/auth/signup/resend',
    body: signupResendBody.meta({ id: 'SignupResendBody' }),
    response: null,
    status: 204,
    operationId: 'resendSignupVerification',
    // the same answer whatever the email, so it tells nobody which emails signed up
    summary: 'Mails a new verification link to a sign-up awaiting it; answers the same for any email',
    errors: { 429: ['ERR_TOO_MANY_REQUESTS'] },
  }),
};
