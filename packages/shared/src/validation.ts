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

// A query date 'YYYY-MM-DD…' whose first ten characters are a real calendar day (the database
// casts them, so 2024-13-45 must be a 400, not a 500).
export const isoDatePrefix = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}/, 'validation.invalidDate')
  .refine((text) => {
    const day = text.slice(0, 10);
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day && day >= '0001-01-01';
  }, 'validation.invalidDate');

export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, validationMessages.invalidTime);
