import { z } from 'zod';
import { emailField } from './validation.ts';

export const loginBody = z.strictObject({
  email: emailField,
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const versionBody = z.strictObject({ version: z.string().trim().min(1).max(50) });
export type VersionBody = z.infer<typeof versionBody>;
