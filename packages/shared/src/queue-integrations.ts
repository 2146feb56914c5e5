// Queue integrations (02-operations §3 Queue integration, §5, §7 Queue integrations, §9):
// connectors to chatbot and automation services, chosen by a connection, a queue or a chatbot
// option. The form's fields depend on the type; a dialogflow service account (jsonContent) holds
// a private key, so it is written and never read back.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { idParam, pageNumberQuery, searchParamQuery } from './validation.ts';

export const integrationTypes = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof integrationTypes)[number];
export const integrationLanguages = ['pt-BR', 'en', 'es'] as const;

export const INTEGRATION_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1, language: 'pt-BR' } as const;
export const QUEUE_INTEGRATIONS_PAGE_SIZE = 20;

export const queueIntegrationView = z
  .object({
    id: z.number().int(),
    type: z.enum(integrationTypes),
    name: z.string(),
    projectName: z.string(),
    // true when a service account is stored (its content is never answered)
    hasJsonContent: z.boolean(),
    language: z.string(),
    urlN8N: z.string(),
    typebotSlug: z.string(),
    typebotExpires: z.number().int(),
    typebotDelayMessage: z.number().int(),
    typebotKeywordFinish: z.string(),
    typebotKeywordRestart: z.string(),
    typebotUnknownMessage: z.string(),
    typebotRestartMessage: z.string(),
    companyId: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'QueueIntegration' });
export type QueueIntegrationView = z.infer<typeof queueIntegrationView>;

// 'Too Short!', 'Too Long!', 'Required' (02-operations §5 Queue integration)
const name = z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(50, 'Too Long!');
const text = (max: number) => z.string().trim().max(max, 'validation.tooLong');
const url = z.string().trim().max(2000, 'validation.tooLong').refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'queueIntegration.invalidUrl');

// A Google service account key file, as Dialogflow ES needs it.
const isServiceAccount = (value: string) => {
  if (value === '') return true;
  try {
    const parsed = JSON.parse(value) as Record<string, unknown>;
    return (
      parsed.type === 'service_account' &&
      typeof parsed.project_id === 'string' &&
      typeof parsed.client_email === 'string' &&
      typeof parsed.private_key === 'string' &&
      parsed.private_key.includes('PRIVATE KEY')
    );
  } catch {
    return false;
  }
};

const fields = {
  type: z.enum(integrationTypes),
  name,
  projectName: text(200),
  jsonContent: z.string().max(20_000, 'validation.tooLong').refine(isServiceAccount, 'queueIntegration.invalidServiceAccount'),
  // the family's clients add their interface language ('pt') to every request
  language: z.preprocess((value) => (value === 'pt' ? 'pt-BR' : value), z.enum(integrationLanguages)),
  urlN8N: url,
  typebotSlug: text(200),
  typebotExpires: z.number().int().min(0).max(100_000),
  typebotDelayMessage: z.number().int().min(0).max(60_000),
  typebotKeywordFinish: text(100),
  typebotKeywordRestart: text(100),
  typebotUnknownMessage: text(2000),
  typebotRestartMessage: text(2000),
  companyId: z.unknown().optional(),
};

// What each type needs (02-operations §5): n8n and webhook a URL; typebot a URL and a slug;
// dialogflow a project name and, once, its service account.
type Needs = { type?: IntegrationType; urlN8N?: string; typebotSlug?: string; projectName?: string };
export const missingIntegrationFields = (values: Needs, hasJsonContent: boolean) => {
  const missing: (keyof Needs | 'jsonContent')[] = [];
  if (values.type === 'n8n' || values.type === 'webhook' || values.type === 'typebot') {
    if (!values.urlN8N) missing.push('urlN8N');
  }
  if (values.type === 'typebot' && !values.typebotSlug) missing.push('typebotSlug');
  if (values.type === 'dialogflow') {
    if (!values.projectName) missing.push('projectName');
    if (!hasJsonContent) missing.push('jsonContent');
  }
  return missing;
};

export const queueIntegrationBody = z
  .strictObject({
    ...fields,
    projectName: fields.projectName.default(''),
    jsonContent: fields.jsonContent.default(''),
    language: fields.language.default(INTEGRATION_DEFAULTS.language),
    urlN8N: fields.urlN8N.default(''),
    typebotSlug: fields.typebotSlug.default(''),
    typebotExpires: fields.typebotExpires.default(INTEGRATION_DEFAULTS.typebotExpires),
    typebotDelayMessage: fields.typebotDelayMessage.default(INTEGRATION_DEFAULTS.typebotDelayMessage),
    typebotKeywordFinish: fields.typebotKeywordFinish.default(''),
    typebotKeywordRestart: fields.typebotKeywordRestart.default(''),
    typebotUnknownMessage: fields.typebotUnknownMessage.default(''),
    typebotRestartMessage: fields.typebotRestartMessage.default(''),
  })
  .superRefine((values, context) => {
    for (const path of missingIntegrationFields(values, values.jsonContent !== '')) context.addIssue({ code: 'custom', path: [path], message: 'validation.required' });
  });
export type QueueIntegrationBody = z.input<typeof queueIntegrationBody>;
export type QueueIntegrationInput = z.infer<typeof queueIntegrationBody>;

export const queueIntegrationUpdateBody = z.strictObject(fields).partial();
export type QueueIntegrationUpdateBody = z.infer<typeof queueIntegrationUpdateBody>;

export const queueIntegrationParams = z.strictObject({ integrationId: idParam });

export const queueIntegrationsQuery = z.strictObject({ searchParam: searchParamQuery, pageNumber: pageNumberQuery, companyId: z.unknown().optional() });
export type QueueIntegrationsQuery = z.infer<typeof queueIntegrationsQuery>;

// 02-operations §7 POST /queueIntegration/testSession: a Dialogflow agent asked one question with the
// service account being typed in the form (nothing is stored)
export const DIALOGFLOW_TEST_QUESTION = { 'pt-BR': 'Olá', en: 'Hello', es: 'Hola' } as const;
export const queueIntegrationTestBody = z.strictObject({
  projectName: fields.projectName.pipe(z.string().min(1, 'validation.required')),
  jsonContent: fields.jsonContent.pipe(z.string().min(1, 'validation.required')),
  language: fields.language.default(INTEGRATION_DEFAULTS.language),
  companyId: z.unknown().optional(),
});
export type QueueIntegrationTestBody = z.input<typeof queueIntegrationTestBody>;
export type QueueIntegrationTestInput = z.infer<typeof queueIntegrationTestBody>;
export const queueIntegrationTestResult = z.object({ message: z.string(), intent: z.string(), replies: z.array(z.string()) }).meta({ id: 'QueueIntegrationTestResult' });
export type QueueIntegrationTestResult = z.infer<typeof queueIntegrationTestResult>;

export const queueIntegrationsPage = z
  .object({ queueIntegrations: z.array(queueIntegrationView), count: z.number().int(), hasMore: z.boolean() })
  .meta({ id: 'QueueIntegrationPage' });
export type QueueIntegrationsPage = z.infer<typeof queueIntegrationsPage>;

const notFound = { 404: ['ERR_NOT_FOUND'] } as const;
// a URL the deployment's outbound rules refuse
const refusedAddress = { 400: ['ERR_OUTBOUND_ADDRESS_REFUSED'] } as const;

// 02-operations §7 Queue integrations calls
export const queueIntegrationsEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: '/queueIntegration',
    query: queueIntegrationsQuery,
    response: queueIntegrationsPage,
    operationId: 'listQueueIntegrations',
    summary: "A page of the company's queue integrations, searched by name",
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/queueIntegration/:integrationId',
    params: queueIntegrationParams,
    response: queueIntegrationView,
    operationId: 'showQueueIntegration',
    summary: 'One queue integration (its service account is never answered)',
    errors: notFound,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/queueIntegration',
    body: queueIntegrationBody.meta({ id: 'QueueIntegrationBody' }),
    response: queueIntegrationView,
    status: 201,
    operationId: 'createQueueIntegration',
    summary: 'Adds a queue integration',
    errors: refusedAddress,
  }),
  testSession: defineEndpoint({
    method: 'POST',
    path: '/queueIntegration/testSession',
    body: queueIntegrationTestBody.meta({ id: 'QueueIntegrationTestBody' }),
    response: queueIntegrationTestResult,
    operationId: 'testQueueIntegration',
    summary: 'Asks Dialogflow a test question with a service account',
    errors: { 400: ['ERR_INTEGRATION_TEST_FAILED'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/queueIntegration/:integrationId',
    params: queueIntegrationParams,
    body: queueIntegrationUpdateBody.meta({ id: 'QueueIntegrationUpdateBody' }),
    response: queueIntegrationView,
    operationId: 'updateQueueIntegration',
    summary: 'Changes a queue integration; a service account left out is kept',
    errors: { ...refusedAddress, ...notFound },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/queueIntegration/:integrationId',
    params: queueIntegrationParams,
    response: z.object({ message: z.string() }),
    operationId: 'deleteQueueIntegration',
    summary: 'Removes a queue integration',
    errors: notFound,
  }),
};
