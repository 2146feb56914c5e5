import { z } from 'zod';
import { passwordField } from './users.ts';
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
