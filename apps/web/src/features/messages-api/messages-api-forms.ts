import { z } from 'zod';

// 03-saas §2 /messages-api: token and number required, the number digits only (country code,
// area code and number); text needs a body, media needs a file.
const token = z.string().trim().min(1, 'validation.required');
const number = z.string().trim().min(1, 'validation.required').regex(/^\d+$/, 'validation.digitsOnlyNumber');

export const textTestForm = z.object({ token, number, body: z.string().trim().min(1, 'validation.required') });
export const mediaTestForm = z.object({ token, number, file: z.instanceof(File, { message: 'messagesApi.fileRequired' }) });

export type FieldErrors = Partial<Record<'token' | 'number' | 'body' | 'file', string>>;

export const fieldErrorsOf = (issues: z.core.$ZodIssue[]): FieldErrors =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
