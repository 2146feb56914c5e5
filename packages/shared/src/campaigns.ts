// Campaigns and their settings (02-operations §3 Campaign, Campaign settings, §4 Campaign status,
// §5 Campaign, §7 Campaigns, §9 campaign constants).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
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
export const campaignCounts = z.object({
  contacts: z.number().int(),
  delivered: z.number().int(),
  confirmationRequested: z.number().int(),
  confirmed: z.number().int(),
  failed: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCounts>;

export const campaignShippingView = z
  .object({
    id: z.number().int(),
    number: z.string(),
    name: z.string(),
    deliveredAt: z.string().nullable(),
    confirmationRequestedAt: z.string().nullable(),
    confirmedAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'CampaignShipping' });
export type CampaignShippingView = z.infer<typeof campaignShippingView>;

const namedRecord = z.object({ id: z.number().int(), name: z.string() });
export const campaignView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    message1: z.string(),
    message2: z.string(),
    message3: z.string(),
    message4: z.string(),
    message5: z.string(),
    confirmationMessage1: z.string(),
    confirmationMessage2: z.string(),
    confirmationMessage3: z.string(),
    confirmationMessage4: z.string(),
    confirmationMessage5: z.string(),
    status: z.enum(campaignStatuses),
    confirmation: z.boolean(),
    scheduledAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    contactListId: z.number().int().nullable(),
    contactList: namedRecord.nullable(),
    tagListId: z.number().int().nullable(),
    whatsappId: z.number().int().nullable(),
    whatsapp: namedRecord.nullable(),
    companyId: z.number().int(),
    openTicket: z.enum(['enabled', 'disabled']),
    statusTicket: z.enum(['closed', 'open']),
    userId: z.number().int().nullable(),
    queueId: z.number().int().nullable(),
    mediaPath: z.string().nullable(),
    mediaName: z.string().nullable(),
    counts: campaignCounts,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Campaign' });
export type CampaignView = z.infer<typeof campaignView>;

// GET /campaigns/{id} also answers the shipping rows (§3 Campaign shipping).
export const campaignDetail = campaignView.extend({ shipping: z.array(campaignShippingView) }).meta({ id: 'CampaignDetail' });
export type CampaignDetail = z.infer<typeof campaignDetail>;

export const campaignsPage = z.object({ records: z.array(campaignView), count: z.number().int(), hasMore: z.boolean() }).meta({ id: 'CampaignPage' });
export type CampaignsPage = z.infer<typeof campaignsPage>;

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
export const campaignSettingEntry = z
  .object({ key: z.enum(Object.keys(campaignSettingsValues.shape) as [CampaignSettingKey, ...CampaignSettingKey[]]), value: z.string() })
  .meta({ id: 'CampaignSetting' });
export type CampaignSettingEntry = z.infer<typeof campaignSettingEntry>;

// 02-operations §7 Campaigns calls
const notFound = { 404: ['ERR_NO_CAMPAIGN_FOUND'] } as const;
// a contact list, tag, connection or user of the body that is not the company's
const referencesNotFound = ['ERR_NO_CONTACT_LIST_FOUND', 'ERR_NOT_FOUND', 'ERR_NO_WAPP_FOUND', 'ERR_NO_USER_FOUND'] as const;
const notEditable = { 409: ['ERR_CAMPAIGN_NOT_EDITABLE'] } as const;
export const campaignsEndpoints = {
  page: defineEndpoint({ method: 'GET', path: '/campaigns', query: campaignsListQuery, response: campaignsPage, operationId: 'listCampaigns', summary: 'A page of campaigns, searched by name, with their counts' }),
  show: defineEndpoint({
    method: 'GET',
    path: '/campaigns/:campaignId',
    params: campaignParams,
    response: campaignDetail,
    operationId: 'showCampaign',
    summary: 'One campaign with its shipping rows (the report)',
    errors: notFound,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/campaigns',
    body: campaignCreateBody,
    response: campaignView,
    status: 201,
    operationId: 'createCampaign',
    summary: 'Adds a campaign; with scheduledAt it is PROGRAMADA for that time',
    errors: { 404: referencesNotFound },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/campaigns/:campaignId',
    params: campaignParams,
    body: campaignUpdateBody,
    response: campaignView,
    operationId: 'updateCampaign',
    summary: 'Changes a campaign that is still editable; fields left out are kept',
    errors: { 404: ['ERR_NO_CAMPAIGN_FOUND', ...referencesNotFound], ...notEditable },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/campaigns/:campaignId',
    params: campaignParams,
    response: null,
    status: 204,
    operationId: 'deleteCampaign',
    summary: 'Removes a campaign, stopping what it has still to send',
    errors: notFound,
  }),
  // the body is multipart (one `file`), read by the route
  uploadMedia: defineEndpoint({
    method: 'POST',
    path: '/campaigns/:campaignId/media-upload',
    params: campaignParams,
    response: campaignView,
    operationId: 'uploadCampaignMedia',
    summary: "Sets the file a campaign's messages carry",
    errors: { 400: ['ERR_INVALID_FILE', 'ERR_INVALID_IMAGE'], ...notFound, ...notEditable, 413: ['ERR_FILE_TOO_LARGE'] },
  }),
  removeMedia: defineEndpoint({
    method: 'DELETE',
    path: '/campaigns/:campaignId/media-upload',
    params: campaignParams,
    response: campaignView,
    operationId: 'deleteCampaignMedia',
    summary: "Removes the file a campaign's messages carry",
    errors: { ...notFound, ...notEditable },
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/campaigns/:campaignId/cancel',
    params: campaignParams,
    response: campaignView,
    operationId: 'cancelCampaign',
    summary: 'Stops a running campaign (EM_ANDAMENTO to CANCELADA)',
    errors: { ...notFound, 409: ['ERR_CAMPAIGN_NOT_RUNNING'] },
  }),
  restart: defineEndpoint({
    method: 'POST',
    path: '/campaigns/:campaignId/restart',
    params: campaignParams,
    response: campaignView,
    operationId: 'restartCampaign',
    summary: 'Runs a cancelled campaign again for whom it has not reached (CANCELADA to EM_ANDAMENTO)',
    errors: { ...notFound, 409: ['ERR_CAMPAIGN_NOT_CANCELLED'] },
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/campaign-settings',
    response: z.array(campaignSettingEntry),
    operationId: 'listCampaignSettings',
    summary: "The company's campaign settings as key and value (values as text, variables as JSON)",
  }),
  saveSettings: defineEndpoint({
    method: 'POST',
    path: '/campaign-settings',
    body: campaignSettingsBody,
    response: z.array(campaignSettingEntry),
    operationId: 'saveCampaignSettings',
    summary: 'Saves the campaign settings given and answers them all',
  }),
};
