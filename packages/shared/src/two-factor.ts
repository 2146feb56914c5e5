// Two-factor sign-in with an authenticator app (issue 38 point 4): enrolment of the signed-in
// user, its recovery codes, and an admin's reset for a user who lost the device. The sign-in's
// second step is in auth.ts, beside the login it follows.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam, validationMessages } from './validation.ts';

export const RECOVERY_CODE_COUNT = 10;
// six digits, as the apps show them; spaces people type between the groups are dropped
export const twoFactorCodeField = z
  .string({ error: validationMessages.required })
  .transform((text) => text.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'validation.twoFactorCode'));
// xxxxx-xxxxx, lower case letters and digits; read in any case, with or without the dash
export const recoveryCodeField = z
  .string({ error: validationMessages.required })
  .transform((text) => text.trim().toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'validation.recoveryCode'));

// start: the secret is stored, not yet in force; the app reads the URI from a QR code, or the
// manual key is typed in
export const twoFactorSetupAnswer = z.object({ otpauthUri: z.string(), manualKey: z.string() }).meta({ id: 'TwoFactorSetup' });
export const twoFactorCodeBody = z.strictObject({ code: twoFactorCodeField });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;
// shown once: only their hashes are kept
export const recoveryCodesAnswer = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });
// turning it off asks for a current code or the password, so a borrowed session cannot
export const twoFactorDisableBody = z
  .strictObject({ code: twoFactorCodeField.optional(), password: z.string().min(1).max(200).optional() })
  .refine((body) => body.code !== undefined || body.password !== undefined, { path: ['code'], message: validationMessages.required });
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

const invalidCode = { 400: ['ERR_INVALID_TWO_FACTOR_CODE'], 429: ['ERR_TOO_MANY_REQUESTS'] } as const;

export const twoFactorEndpoints = {
  setup: defineEndpoint({
    method: 'POST',
    path: '/auth/two-factor/setup',
    response: twoFactorSetupAnswer,
    operationId: 'startTwoFactorEnrollment',
    summary: 'A new authenticator secret for the signed-in user, in force once a first code confirms it',
    errors: { 409: ['ERR_TWO_FACTOR_ALREADY_ENABLED'] },
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/auth/two-factor/confirm',
    body: twoFactorCodeBody.meta({ id: 'TwoFactorCodeBody' }),
    response: recoveryCodesAnswer,
    operationId: 'confirmTwoFactorEnrollment',
    summary: 'Turns two-factor sign-in on with a first code; answers ten single-use recovery codes, once',
    errors: { ...invalidCode, 409: ['ERR_TWO_FACTOR_ALREADY_ENABLED', 'ERR_TWO_FACTOR_NOT_STARTED'] },
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: '/auth/two-factor/disable',
    body: twoFactorDisableBody.meta({ id: 'TwoFactorDisableBody' }),
    response: null,
    status: 204,
    operationId: 'disableTwoFactor',
    summary: 'Turns two-factor sign-in off, with a current code or the password',
    // 409 ERR_TWO_FACTOR_REQUIRED: the company (or, for an admin, the platform) requires it
    errors: { ...invalidCode, 409: ['ERR_TWO_FACTOR_NOT_ENABLED', 'ERR_TWO_FACTOR_REQUIRED'] },
  }),
  regenerateRecoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/auth/two-factor/recovery-codes',
    body: twoFactorCodeBody,
    response: recoveryCodesAnswer,
    operationId: 'regenerateRecoveryCodes',
    summary: 'Ten new recovery codes in place of the old ones, with a current code',
    errors: { ...invalidCode, 409: ['ERR_TWO_FACTOR_NOT_ENABLED'] },
  }),
  reset: defineEndpoint({
    method: 'DELETE',
    path: '/users/:id/two-factor',
    params: z.strictObject({ id: idParam }),
    response: null,
    status: 204,
    operationId: 'resetUserTwoFactor',
    summary: "An admin turns a user's two-factor sign-in off (a lost device) and ends the user's sessions",
    errors: { 404: ['ERR_NO_USER_FOUND'] },
  }),
};
