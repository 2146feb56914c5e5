import { z } from 'zod';
import { companyPlanView } from './companies.ts';
import { defineEndpoint } from './contract.ts';
import { companySettingKeys, type CompanySettingKey } from './settings.ts';
import { recoveryCodeField, twoFactorCodeField } from './two-factor.ts';
import { passwordField, userView } from './users.ts';
import { emailField, validationMessages } from './validation.ts';

export const loginBody = z.strictObject({
  email: emailField,
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const versionBody = z.strictObject({ version: z.string().trim().min(1).max(50) });
export type VersionBody = z.infer<typeof versionBody>;

// PUT /auth/password: the signed-in user replaces its own password. The current one is asked
// again, so a borrowed session cannot lock its owner out.
export const passwordChangeBody = z.strictObject({
  currentPassword: z.string({ error: validationMessages.required }).min(1, validationMessages.required).max(200),
  password: passwordField,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

// The signed-in user's company: its plan's limits and flags, and its settings.
export const sessionCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  dueDate: z.string(),
  plan: companyPlanView,
  settings: z.object(Object.fromEntries(companySettingKeys.map((key) => [key, z.string()])) as Record<CompanySettingKey, z.ZodString>),
});

// mustChangePassword: the first password was generated at the first start and must be replaced
// before anything else (PUT /auth/password); the server refuses other calls until then.
// mustEnrollTwoFactor: the company (or, for an admin, the platform) requires two-factor sign-in
// and the user has not turned it on: the enrolment calls come before anything else (issue 38 point 4).
export const sessionUser = userView
  .extend({ company: sessionCompany, mustChangePassword: z.boolean(), mustEnrollTwoFactor: z.boolean() })
  .meta({ id: 'SessionUser' });

// sessionId names the sign-in (refresh-token family); the auth event carries it.
export const sessionAnswer = z.object({ token: z.string(), sessionId: z.string(), user: sessionUser }).meta({ id: 'Session' });

// The login's answer for a user with two-factor sign-in on (issue 38 point 4): the password was
// right, no session is issued yet; the challenge (valid five minutes, bound to the user) goes to
// POST /auth/login/two-factor with a code from the app or a recovery code.
export const twoFactorChallenge = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() }).meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;
export const loginAnswer = z.union([sessionAnswer, twoFactorChallenge]);

export const twoFactorLoginBody = z
  .strictObject({ challenge: z.string().min(1).max(2000), code: twoFactorCodeField.optional(), recoveryCode: recoveryCodeField.optional() })
  .refine((body) => body.code !== undefined || body.recoveryCode !== undefined, { path: ['code'], message: validationMessages.required });
export type TwoFactorLoginBody = z.input<typeof twoFactorLoginBody>;

// 01-core §7 auth calls. The refresh token travels only in the httpOnly cookie `jrt`, scoped to /auth.
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/auth/login',
    body: loginBody.meta({ id: 'LoginBody' }),
    response: loginAnswer,
    operationId: 'signIn',
    summary: 'Signs in: answers an access token and sets the refresh cookie, or a two-factor challenge',
    // 402: an overdue company (its admin's answer also carries a session reaching only the invoices)
    errors: { 401: ['ERR_INVALID_CREDENTIALS'], 402: ['ERR_SUBSCRIPTION_OVERDUE'], 403: ['ERR_EMAIL_NOT_VERIFIED'], 429: ['ERR_TOO_MANY_REQUESTS'] },
  }),
  loginTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/login/two-factor',
    body: twoFactorLoginBody.meta({ id: 'TwoFactorLoginBody' }),
    response: sessionAnswer,
    operationId: 'signInSecondFactor',
    summary: "The sign-in's second step: the login's challenge with a code or a recovery code; answers as the login does",
    // wrong codes count with wrong passwords (429 once the limits hold)
    errors: {
      401: ['ERR_INVALID_TWO_FACTOR_CODE', 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED'],
      402: ['ERR_SUBSCRIPTION_OVERDUE'],
      429: ['ERR_TOO_MANY_REQUESTS'],
    },
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/auth/refresh_token',
    response: sessionAnswer,
    operationId: 'refreshSession',
    summary: 'A new access token for the refresh cookie, which is replaced',
    errors: { 401: ['ERR_SESSION_EXPIRED'], 429: ['ERR_TOO_MANY_REQUESTS'] },
  }),
  logout: defineEndpoint({ method: 'DELETE', path: '/auth/logout', response: null, status: 204, operationId: 'signOut', summary: "Ends the refresh cookie's session" }),
  me: defineEndpoint({ method: 'GET', path: '/auth/me', response: sessionUser, operationId: 'showSessionUser', summary: 'The signed-in user with its company' }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/auth/password',
    body: passwordChangeBody.meta({ id: 'PasswordChangeBody' }),
    response: sessionUser,
    operationId: 'changeOwnPassword',
    summary: "Replaces the signed-in user's password (the current one is asked again)",
    errors: { 429: ['ERR_TOO_MANY_REQUESTS'] },
  }),
};
