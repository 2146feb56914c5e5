import { z } from 'zod';

const confirmed = z
  .object({ password: z.string(), confirmation: z.string().trim() })
  .refine((values) => values.password === values.confirmation, { path: ['confirmation'], message: 'validation.passwordsDiffer' });

// A request's schema with the new password typed twice, as the first-password, reset and
// invitation pages ask it: the confirmation is the form's alone.
export const withPasswordConfirmation = <Schema extends z.ZodObject<{ password: z.ZodType<string, string> }>>(schema: Schema) => z.intersection(schema, confirmed);
