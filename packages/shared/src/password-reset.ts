// Password reset (issue 38 point 2): "forgot password" mails a single-use link that expires; the
// answer is the same whether the email belongs to a user or not. Using the link sets a new
// password and ends every sign-in of the user; it does not sign in (the login page then asks for
// the new password, and the second factor where it is on).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { accountLinkToken } from './invitations.ts';
import { passwordField } from './users.ts';
import { emailField } from './validation.ts';

export const PASSWORD_RESET_TTL_MINUTES = 30;

// locale: the language of the page that asked, for the mail (pt when absent or unknown)
export const forgotPasswordBody = z.strictObject({ email: emailField, locale: z.string().max(20).optional() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const passwordResetQuery = z.strictObject({ token: accountLinkToken });

export const passwordResetBody = z.strictObject({ token: accountLinkToken, password: passwordField });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

const invalidLink = { 400: ['ERR_INVALID_TOKEN'], 429: ['ERR_TOO_MANY_REQUESTS'] } as const;

export const passwordResetEndpoints = {
  forgot: defineEndpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    body: forgotPasswordBody.meta({ id: 'ForgotPasswordBody' }),
    response: null,
    status: 204,
    operationId: 'requestPasswordReset',
    summary: 'Mails a password reset link to the user with this email, if there is one; answers the same either way',
    errors: { 429: ['ERR_TOO_MANY_REQUESTS'], 503: ['ERR_EMAIL_DISABLED'] },
  }),
  check: defineEndpoint({
    method: 'GET',
    path: '/auth/reset-password',
    query: passwordResetQuery,
    response: null,
    status: 204,
    operationId: 'checkPasswordResetLink',
    summary: 'Whether a reset link still works (unused, not expired), without using it',
    errors: invalidLink,
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/auth/reset-password',
    body: passwordResetBody.meta({ id: 'PasswordResetBody' }),
    response: null,
    status: 204,
    operationId: 'resetPassword',
    summary: "Sets a new password with a reset link (once) and ends every sign-in of the user; they then sign in",
    errors: invalidLink,
  }),
};
