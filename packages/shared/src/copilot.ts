// The attendant's copilot (issue 42 points 2–5): drafts, summaries, rewrites and translations by
// the company's own OpenAI-compatible key, counted per company and user against the plan's
// monthly tokens. The key is written, never read back: no answer carries it.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam, validationMessages } from './validation.ts';

export const COPILOT_TONE_MAX_LENGTH = 500;
// what a rewrite or a translation takes: a draft, not a document
export const COPILOT_TEXT_MAX_LENGTH = 4000;

export const copilotSettingsView = z.object({
  apiKeySet: z.boolean(),
  tone: z.string(),
  // a summary is written as a private note when a ticket is transferred
  transferSummary: z.boolean(),
});
export type CopilotSettingsView = z.infer<typeof copilotSettingsView>;

export const copilotSettingsBody = z.object({
  // a key typed replaces the stored one; '' or absent keeps it
  apiKey: z.string().trim().max(500, validationMessages.tooLong).optional(),
  removeApiKey: z.boolean().optional(),
  tone: z.string().trim().max(COPILOT_TONE_MAX_LENGTH, validationMessages.tooLong).optional(),
  transferSummary: z.boolean().optional(),
});
export type CopilotSettingsBody = z.input<typeof copilotSettingsBody>;

// What any attendant needs to know before pressing a button.
export const copilotStatus = z.object({ configured: z.boolean() });

// Why a draft is shown with a warning (docs/ai-integrations.md, Copilot): it holds a link, or it
// asks the customer for a password, a code or card data.
export const draftWarnings = ['link', 'secret'] as const;
export type DraftWarning = (typeof draftWarnings)[number];

export const copilotSource = z.object({ articleId: z.number().int(), title: z.string() });
export const copilotDraft = z.object({ draft: z.string(), sources: z.array(copilotSource), warnings: z.array(z.enum(draftWarnings)) });
export type CopilotDraft = z.infer<typeof copilotDraft>;

export const copilotSummary = z.object({ summary: z.string() });

export const rewriteModes = ['grammar', 'friendlier', 'formal', 'shorter', 'translate'] as const;
export type RewriteMode = (typeof rewriteModes)[number];
export const copilotRewriteBody = z.object({
  text: z.string().trim().min(1, validationMessages.required).max(COPILOT_TEXT_MAX_LENGTH, validationMessages.tooLong),
  mode: z.enum(rewriteModes),
});
export const copilotRewrite = z.object({ text: z.string(), warnings: z.array(z.enum(draftWarnings)) });

// the attendant's UI languages
export const copilotLanguages = ['pt', 'en', 'es', 'tr'] as const;
export const copilotTranslateBody = z.object({ language: z.enum(copilotLanguages) });
export const copilotTranslation = z.object({ text: z.string() });

export const copilotUsageQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.invalidDate')
    .optional(),
});
export const copilotUsage = z.object({
  month: z.string(),
  // the plan's monthly tokens (in + out); null: no limit
  limit: z.number().int().nullable(),
  used: z.number().int(),
  users: z.array(
    z.object({ userId: z.number().int().nullable(), name: z.string(), calls: z.number().int(), tokensIn: z.number().int(), tokensOut: z.number().int() }),
  ),
});
export type CopilotUsage = z.infer<typeof copilotUsage>;

const ticketParams = z.object({ ticketId: idParam });
const messageParams = z.object({ messageId: idParam });
// what a call to the model may answer besides its result
const modelErrors = {
  404: ['ERR_NO_TICKET_FOUND'],
  409: ['ERR_AI_NOT_CONFIGURED'],
  422: ['ERR_AI_REFUSED'],
  429: ['ERR_AI_LIMIT_REACHED'],
  503: ['ERR_AI_UNAVAILABLE'],
} as const;

export const copilotEndpoints = {
  status: defineEndpoint({ method: 'GET', path: '/copilot/status', response: copilotStatus, operationId: 'copilotStatus', summary: "Whether the company's copilot has a key" }),
  settings: defineEndpoint({ method: 'GET', path: '/copilot/settings', response: copilotSettingsView, operationId: 'copilotSettings', summary: "The copilot's settings (the key only as set or not)" }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/copilot/settings',
    body: copilotSettingsBody,
    response: copilotSettingsView,
    operationId: 'updateCopilotSettings',
    summary: "Changes the copilot's key, tone and transfer summary",
  }),
  usage: defineEndpoint({
    method: 'GET',
    path: '/copilot/usage',
    query: copilotUsageQuery,
    response: copilotUsage,
    operationId: 'copilotUsage',
    summary: "A month's copilot tokens per user, with the plan's limit",
  }),
  suggest: defineEndpoint({
    method: 'POST',
    path: '/copilot/tickets/:ticketId/suggest',
    params: ticketParams,
    response: copilotDraft,
    operationId: 'suggestReply',
    summary: 'A draft answer from the conversation and the knowledge; never sent',
    errors: modelErrors,
  }),
  summary: defineEndpoint({
    method: 'POST',
    path: '/copilot/tickets/:ticketId/summary',
    params: ticketParams,
    response: copilotSummary,
    operationId: 'summarizeTicket',
    summary: "A few lines on the ticket's conversation",
    errors: modelErrors,
  }),
  rewrite: defineEndpoint({
    method: 'POST',
    path: '/copilot/tickets/:ticketId/rewrite',
    params: ticketParams,
    body: copilotRewriteBody,
    response: copilotRewrite,
    operationId: 'rewriteDraft',
    summary: "The attendant's draft corrected, reworded or translated into the customer's language",
    errors: modelErrors,
  }),
  translate: defineEndpoint({
    method: 'POST',
    path: '/copilot/messages/:messageId/translate',
    params: messageParams,
    body: copilotTranslateBody,
    response: copilotTranslation,
    operationId: 'translateMessage',
    summary: "A customer's message in the attendant's language",
    errors: { ...modelErrors, 404: ['ERR_NO_MESSAGE_FOUND', 'ERR_NO_TICKET_FOUND'] },
  }),
};
