// Plan feature flags (03-saas §3 Plan). A company's plan switches menu areas on or off.
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
