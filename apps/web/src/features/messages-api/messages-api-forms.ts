import { z } from 'zod';

// 03-saas §2 /messages-api: token and number required, the number digits only (country code,
// area code and number); text needs a body, media needs a file.
const token = z.string().trim().min(1, 'validation.required');
const number = z.string().trim().min(1, 'validation.required').regex(/^\d+$/, 'validation.digitsOnlyNumber');

export const textTestForm = z.object({ token, number, body: z.string().trim().min(1, 'validation.required') });
export const mediaTestForm = z.object({ token, number, file: z.instanceof(File, { message: 'messagesApi.fileRequired' }) });

export type TextTestValues = z.input<typeof textTestForm>;
export type MediaTestValues = { token: string; number: string; file: File | null };
