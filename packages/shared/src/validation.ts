// Message keys shared by server answers and web forms; the web translates them (validation.*).
import { z } from 'zod';

export const validationMessages = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
  invalidTime: 'validation.invalidTime',
} as const;

export const boundedText = (min: number, max: number) =>
  z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, validationMessages.required)
    .min(min, validationMessages.tooShort)
    .max(max, validationMessages.tooLong);

export const emailField = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, validationMessages.required)
  .max(254, validationMessages.tooLong)
  .pipe(z.email({ error: validationMessages.invalidEmail }));

// Numeric route params and query values arrive as strings.
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
export const pageNumberQuery = z.coerce.number().int().min(1).max(100_000).default(1);
export const searchParamQuery = z.string().max(200).default('');

export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, validationMessages.invalidTime);
