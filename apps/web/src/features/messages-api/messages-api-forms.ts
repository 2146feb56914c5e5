import { externalSendBody } from '@atende/shared/messages-api';
import { z } from 'zod';

// 03-saas §2 /messages-api: token and number required, the number as the API takes it (digits, or
// an address for an email connection; the server checks it against the token's channel); text
// needs a body, media needs a file.
const token = z.string().trim().min(1, 'validation.required');
const number = z.string().trim().min(1, 'validation.required').pipe(externalSendBody.shape.number);

export const textTestForm = z.object({ token, number, body: z.string().trim().min(1, 'validation.required') });
// the form starts without a file (null), which the schema refuses with its message
const file = z.instanceof(File).nullable().pipe(z.instanceof(File, { message: 'messagesApi.fileRequired' }));
export const mediaTestForm = z.object({ token, number, file });

export type TextTestValues = z.input<typeof textTestForm>;
export type MediaTestValues = z.input<typeof mediaTestForm>;
export type MediaTestOutput = z.output<typeof mediaTestForm>;
export type TextTestOutput = z.output<typeof textTestForm>;
