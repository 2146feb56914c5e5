// Plan feature flags (03-saas §3 Plan). A company's plan switches menu areas on or off.
import { z } from 'zod';
import { boundedText } from './validation.ts';

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
] as const;

export type PlanFlag = (typeof planFlags)[number];
export type PlanFlags = Record<PlanFlag, boolean>;

export const allPlanFlagsOn: PlanFlags = Object.fromEntries(planFlags.map((flag) => [flag, true])) as PlanFlags;

const planLimit = z.coerce.number().int().min(0).max(100_000);
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
  ...(Object.fromEntries(planFlags.map((flag) => [flag, z.boolean().default(true)])) as Record<PlanFlag, z.ZodDefault<z.ZodBoolean>>),
});
export type PlanBody = z.infer<typeof planBody>;
export const planUpdateBody = z.strictObject(planFields).partial();
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

export type PlanView = PlanFlags & {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  // the spec calls the price both amount and value (03-saas §3 Plan)
  value: number;
  isPublic: boolean;
};
