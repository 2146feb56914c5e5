// AI prompts (02-operations §3 Prompt, §7 Prompts, §9 defaults): an AI agent that answers a
// connection's or a queue's customers, optionally with a voice. The keys (apiKey, voiceKey) are
// written, never read back: no answer carries them.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam, validationMessages } from './validation.ts';

// 'texto' answers in text; the others are Azure Speech's Brazilian Portuguese neural voices
export const promptVoices = [
  'texto',
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ThalitaNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export type PromptVoice = (typeof promptVoices)[number];

export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, voice: 'texto' } as const;
export const PROMPT_LIMITS = { maxTokens: 4096, maxMessages: 50, temperature: 2 } as const;

// An answer of the AI that contains this marker hands the ticket to the prompt's queue; the text
// around it, if any, is sent first (docs/ai-integrations.md).
export const HUMAN_HANDOFF_MARKER = '[[atendente]]';

export const promptView = z.object({
  id: z.number().int(),
  name: z.string(),
  prompt: z.string(),
  voice: z.enum(promptVoices),
  voiceRegion: z.string(),
  maxTokens: z.number().int(),
  temperature: z.number(),
  maxMessages: z.number().int(),
  queueId: z.number().int(),
  queue: z.object({ id: z.number().int(), name: z.string(), color: z.string() }).nullable(),
  companyId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromptView = z.infer<typeof promptView>;

const key = z.string().trim().max(500, validationMessages.tooLong);

// a prompt is used by its queue's tickets and hands them over to that queue
const queueField = z.coerce
  .number({ error: 'prompts.queueRequired' })
  .int('prompts.queueRequired')
  .positive('prompts.queueRequired')
  .max(2_147_483_647);

const promptFields = {
  name: boundedText(1, 100),
  prompt: boundedText(1, 10_000),
  voice: z.enum(promptVoices),
  voiceKey: key,
  voiceRegion: z.string().trim().max(50, validationMessages.tooLong).regex(/^[a-z0-9-]*$/, 'validation.invalidRegion'),
  maxTokens: z.number().int().min(1).max(PROMPT_LIMITS.maxTokens),
  temperature: z.number().min(0).max(PROMPT_LIMITS.temperature),
  maxMessages: z.number().int().min(1).max(PROMPT_LIMITS.maxMessages),
  // 'Informe o setor' (02-operations §5 Prompt)
  queueId: queueField,
  apiKey: key,
  companyId: z.unknown().optional(),
};

// POST /prompt: the apiKey is required once; an update keeps the stored keys unless new ones are typed
export const promptBody = z.strictObject({
  ...promptFields,
  voice: promptFields.voice.default(PROMPT_DEFAULTS.voice),
  voiceKey: key.default(''),
  voiceRegion: promptFields.voiceRegion.default(''),
  maxTokens: promptFields.maxTokens.default(PROMPT_DEFAULTS.maxTokens),
  temperature: promptFields.temperature.default(PROMPT_DEFAULTS.temperature),
  maxMessages: promptFields.maxMessages.default(PROMPT_DEFAULTS.maxMessages),
  apiKey: key.min(1, validationMessages.required),
});
export type PromptBody = z.input<typeof promptBody>;
export type PromptInput = z.infer<typeof promptBody>;

export const promptUpdateBody = z.strictObject(promptFields).partial();
export type PromptUpdateBody = z.infer<typeof promptUpdateBody>;

export const promptParams = z.strictObject({ promptId: idParam });

export const promptsAnswer = z.object({ prompts: z.array(promptView) });
export type PromptsAnswer = z.infer<typeof promptsAnswer>;

// 02-operations §7 Prompts calls (the keys are written, never answered: the answer's schema has none)
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;
export const promptsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/prompt', response: promptsAnswer, operationId: 'listPrompts', summary: "The company's AI prompts" }),
  show: defineEndpoint({ method: 'GET', path: '/prompt/:promptId', params: promptParams, response: promptView, operationId: 'showPrompt', summary: 'One AI prompt', errors: notFound }),
  create: defineEndpoint({ method: 'POST', path: '/prompt', body: promptBody, response: promptView, status: 201, operationId: 'createPrompt', summary: 'Adds an AI prompt' }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/prompt/:promptId',
    params: promptParams,
    body: promptUpdateBody,
    response: promptView,
    operationId: 'updatePrompt',
    summary: 'Changes an AI prompt; keys left out are kept',
    errors: notFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/prompt/:promptId',
    params: promptParams,
    response: z.object({ message: z.string() }),
    operationId: 'deletePrompt',
    summary: 'Removes an AI prompt',
    errors: notFound,
  }),
};
