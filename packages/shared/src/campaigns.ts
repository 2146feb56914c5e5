// Campaigns and their settings (02-operations §3 Campaign, Campaign settings, §4 Campaign status,
// §5 Campaign, §7 Campaigns, §9 campaign constants).
import { z } from 'zod';
import { dateTimeText } from './scheduled-messages.ts';
import { boundedText, hhmm, idParam, pageNumberQuery, searchParamQuery, validationMessages } from './validation.ts';

export const campaignStatuses = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const CAMPAIGNS_PAGE_SIZE = 20;
export const CAMPAIGN_MESSAGE_SLOTS = [1, 2, 3, 4, 5] as const;
export const CAMPAIGN_MESSAGE_MAX = 5000;
// §4: editable only when INATIVA, or PROGRAMADA more than this far ahead
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;
// §4: the report reloads this long after a live update shows FINALIZADA
export const CAMPAIGN_REPORT_RELOAD_MS = 5000;
// any file a message may carry (typed by its content on the server)
export const CAMPAIGN_MEDIA_MAX_BYTES = 20 * 1024 * 1024;

export const campaignDefaults = { status: 'INATIVA', statusTicket: 'closed', openTicket: 'disabled', confirmation: false } as const;

// §4 editability: a CANCELADA campaign can still be submitted (its texts, before a restart).
export const isCampaignEditable = (campaign: { status: CampaignStatus; scheduledAt: string | null }, now: Date) =>
  campaign.status === 'INATIVA' ||
  campaign.status === 'CANCELADA' ||
  (campaign.status === 'PROGRAMADA' && campaign.scheduledAt !== null && Date.parse(campaign.scheduledAt) - now.getTime() > CAMPAIGN_EDIT_LEAD_MS);

const message = z.string().trim().max(CAMPAIGN_MESSAGE_MAX, validationMessages.tooLong);
const optionalId = idParam.nullable().optional();

const campaignFields = {
  name: boundedText(2, 50),
  message1: message,
  message2: message,
  message3: message,
  message4: message,
  message5: message,
  confirmationMessage1: message,
  confirmationMessage2: message,
  confirmationMessage3: message,
  confirmationMessage4: message,
  confirmationMessage5: message,
  confirmation: z.boolean(),
  // empty: not scheduled (INATIVA); set: PROGRAMADA, starting at that time
  scheduledAt: z.union([dateTimeText, z.literal('').transform(() => null), z.null()]).optional(),
  contactListId: optionalId,
  tagListId: optionalId,
  whatsappId: optionalId,
  openTicket: z.enum(['enabled', 'disabled']),
  statusTicket: z.enum(['closed', 'open']),
  userId: optionalId,
  queueId: optionalId,
  // sent by the web; the tenant and the state come from the server
  companyId: z.unknown().optional(),
  status: z.unknown().optional(),
};

// §5: a queue is required when a user is chosen.
const queueWithUser = (body: { userId?: number | null; queueId?: number | null }) => !body.userId || Boolean(body.queueId);
const queueIssue = { message: validationMessages.required, path: ['queueId'] };

export const campaignCreateBody = z
  .strictObject({
    ...campaignFields,
    message1: message.default(''),
    message2: message.default(''),
    message3: message.default(''),
    message4: message.default(''),
    message5: message.default(''),
    confirmationMessage1: message.default(''),
    confirmationMessage2: message.default(''),
    confirmationMessage3: message.default(''),
    confirmationMessage4: message.default(''),
    confirmationMessage5: message.default(''),
    confirmation: campaignFields.confirmation.default(campaignDefaults.confirmation),
    openTicket: campaignFields.openTicket.default(campaignDefaults.openTicket),
    statusTicket: campaignFields.statusTicket.default(campaignDefaults.statusTicket),
  })
  .refine(queueWithUser, queueIssue);
export type CampaignCreateBody = z.infer<typeof campaignCreateBody>;
export type CampaignCreateInput = z.input<typeof campaignCreateBody>;

export const campaignUpdateBody = z.strictObject(campaignFields).partial().refine(queueWithUser, queueIssue);
export type CampaignUpdateBody = z.infer<typeof campaignUpdateBody>;

export const campaignsListQuery = z.strictObject({ searchParam: searchParamQuery, pageNumber: pageNumberQuery, companyId: z.unknown().optional() });
export type CampaignsListQuery = z.infer<typeof campaignsListQuery>;

export const campaignParams = z.strictObject({ campaignId: idParam });

// 02-operations §5 Campaign report: the counts of the audience's shipping rows.
export type CampaignCounts = { contacts: number; delivered: number; confirmationRequested: number; confirmed: number; failed: number };

export type CampaignShippingView = {
  id: number;
  number: string;
  name: string;
  deliveredAt: string | null;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  failedAt: string | null;
  failureReason: string | null;
};

export type CampaignView = {
  id: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  contactListId: number | null;
  contactList: { id: number; name: string } | null;
  tagListId: number | null;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  companyId: number;
  openTicket: 'enabled' | 'disabled';
  statusTicket: 'closed' | 'open';
  userId: number | null;
  queueId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  counts: CampaignCounts;
  createdAt: string;
  updatedAt: string;
};

// GET /campaigns/{id} also answers the shipping rows (§3 Campaign shipping).
export type CampaignDetail = CampaignView & { shipping: CampaignShippingView[] };

export type CampaignsPage = { records: CampaignView[]; count: number; hasMore: boolean };

// 02-operations §3 Campaign settings and §9 options and defaults.
export const messageIntervalOptions = [0, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const longerIntervalAfterOptions = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
export const greaterIntervalOptions = [0, 40, 60, 80, 100, 120, 140, 160, 180, 200] as const;

export const campaignVariable = z.strictObject({
  key: z.string().trim().min(1, validationMessages.required).max(40, validationMessages.tooLong).regex(/^\w+$/, 'validation.invalidVariable'),
  value: z.string().max(1000, validationMessages.tooLong),
});
export type CampaignVariable = z.infer<typeof campaignVariable>;

const oneOf = <T extends readonly number[]>(options: T) =>
  z.number().int().refine((value) => (options as readonly number[]).includes(value), 'validation.invalidChoice');

export const campaignSettingsValues = z.strictObject({
  messageInterval: oneOf(messageIntervalOptions),
  longerIntervalAfter: oneOf(longerIntervalAfterOptions),
  greaterInterval: oneOf(greaterIntervalOptions),
  variables: z.array(campaignVariable).max(50),
  sabado: z.boolean(),
  domingo: z.boolean(),
  startHour: hhmm,
  endHour: hhmm,
});
export type CampaignSettingsValues = z.infer<typeof campaignSettingsValues>;
export type CampaignSettingKey = keyof CampaignSettingsValues;

export const campaignSettingsDefaults: CampaignSettingsValues = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
};

// POST /campaign-settings with settings: every key given is saved, the others kept; the server
// checks that the window it gives (startHour before endHour) is not empty.
export const campaignSettingsBody = z.strictObject({ settings: campaignSettingsValues.partial(), companyId: z.unknown().optional() });
export const isSendingWindowValid = (settings: Pick<CampaignSettingsValues, 'startHour' | 'endHour'>) => settings.startHour < settings.endHour;
export type CampaignSettingsBody = z.infer<typeof campaignSettingsBody>;

// GET /campaign-settings: key and value list; values as text (variables as JSON), as stored.
export type CampaignSettingEntry = { key: CampaignSettingKey; value: string };
