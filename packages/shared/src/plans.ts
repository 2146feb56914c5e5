// Plan feature flags (03-saas §3 Plan). A company's plan switches menu areas on or off.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { boundedText, idParam } from './validation.ts';

export const planFlags = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  // issue 40: automation rules, macros, SLA policies and capacity assignment
  'useAutomation',
  // issue 41: the Telegram, web chat and email channels
  'useTelegram',
  'useWebchat',
  'useEmail',
] as const;

export type PlanFlag = (typeof planFlags)[number];
export type PlanFlags = Record<PlanFlag, boolean>;

export const allPlanFlagsOn: PlanFlags = Object.fromEntries(planFlags.map((flag) => [flag, true])) as PlanFlags;

const planLimit = z.coerce.number().int().min(0).max(100_000);
// issue 42 point 5: the copilot's tokens (in + out) a company may spend in a month; null or '' is no limit
const aiMonthlyTokens = z.preprocess((value) => (value === '' ? null : value), z.coerce.number().int().min(0).max(2_000_000_000).nullable());
const planFlagShape = Object.fromEntries(planFlags.map((flag) => [flag, z.boolean()])) as Record<PlanFlag, z.ZodBoolean>;

// 03-saas §2 Plans tab, §3 Plan: the form's defaults are 0 for the limits and price (no price
// given is 0), every feature on and public. An update that leaves a field out keeps the stored value.
const planFields = {
  name: boundedText(1, 100),
  users: planLimit,
  connections: planLimit,
  queues: planLimit,
  amount: z.coerce.number().min(0).max(1_000_000_000),
  // the price under its other name (03-saas §3 Plan: amount, also called value); amount wins
  value: z.coerce.number().min(0).max(1_000_000_000),
  isPublic: z.boolean(),
  aiMonthlyTokens,
  ...planFlagShape,
};
export const planBody = z.strictObject({
  name: planFields.name,
  users: planLimit.default(0),
  connections: planLimit.default(0),
  queues: planLimit.default(0),
  amount: planFields.amount.optional(),
  value: planFields.value.optional(),
  isPublic: z.boolean().default(true),
  aiMonthlyTokens: aiMonthlyTokens.default(null),
  ...(Object.fromEntries(planFlags.map((flag) => [flag, z.boolean().default(true)])) as Record<PlanFlag, z.ZodDefault<z.ZodBoolean>>),
});
export type PlanBody = z.infer<typeof planBody>;
export const planUpdateBody = z.strictObject(planFields).partial();
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

export const planView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    users: z.number().int(),
    connections: z.number().int(),
    queues: z.number().int(),
    amount: z.number(),
    // the spec calls the price both amount and value (03-saas §3 Plan)
    value: z.number(),
    isPublic: z.boolean(),
    aiMonthlyTokens: z.number().int().nullable(),
    ...planFlagShape,
  })
  .meta({ id: 'Plan' });
export type PlanView = z.infer<typeof planView>;

export const planParams = z.strictObject({ planId: idParam });

// 03-saas §7 plans calls: the list of public plans feeds the sign-up page, everything else is the
// super admin's
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;
export const plansEndpoints = {
  publicList: defineEndpoint({ method: 'GET', path: '/plans/list', response: z.array(planView), operationId: 'listPublicPlans', summary: 'The public plans a sign-up may choose' }),
  list: defineEndpoint({ method: 'GET', path: '/plans/all', response: z.array(planView), operationId: 'listPlans', summary: 'Every plan, public or not' }),
  show: defineEndpoint({ method: 'GET', path: '/plans/:planId', params: planParams, response: planView, operationId: 'showPlan', summary: 'One plan', errors: notFound }),
  create: defineEndpoint({ method: 'POST', path: '/plans', body: planBody.meta({ id: 'PlanBody' }), response: planView, status: 201, operationId: 'createPlan', summary: 'Adds a plan (its name is unique)' }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/plans/:planId',
    params: planParams,
    body: planUpdateBody.meta({ id: 'PlanUpdateBody' }),
    response: planView,
    operationId: 'updatePlan',
    summary: 'Changes a plan; fields left out are kept',
    errors: notFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/plans/:planId',
    params: planParams,
    response: null,
    status: 204,
    operationId: 'deletePlan',
    summary: 'Removes a plan no company uses',
    errors: { 404: ['ERR_NOT_FOUND'], 409: ['ERR_PLAN_IN_USE'] },
  }),
};
