// Connection entity and form (02-operations §3 Connection, §5 Connection validation).
import { z } from 'zod';
import { allConnectionsAnswer, allConnectionsQuery } from './companies.ts';
import { defineEndpoint } from './contract.ts';
import { queueSummary } from './users.ts';
import { namesOtherScale } from './ratings.ts';
import { weekdayServiceHoursView, weekServiceHours } from './service-hours.ts';
import { boundedText, idParam, isoDatePrefix, validationMessages } from './validation.ts';

export const connectionChannels = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'sandbox', 'telegram', 'webchat', 'email'] as const;
export type ConnectionChannel = (typeof connectionChannels)[number];

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const CONNECTION_TOKEN_LENGTH = 30;

// 02-operations §3: 30 random alphanumeric characters (bytes past 247 are redrawn, so each
// character is equally likely). Works in the browser and in Node.
export const newConnectionToken = () => {
  let token = '';
  while (token.length < CONNECTION_TOKEN_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(CONNECTION_TOKEN_LENGTH))) {
      if (byte < 248 && token.length < CONNECTION_TOKEN_LENGTH) token += TOKEN_ALPHABET[byte % TOKEN_ALPHABET.length];
    }
  }
  return token;
};

export const connectionStatuses = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING', 'CONNECTED'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

// Why a WhatsApp Web session stopped, or keeps failing while it retries (not in the spec; see
// docs/connections.md): WhatsApp could not be reached, the phone logged the session out, or the
// number was opened with these credentials elsewhere. statusReasonCode carries Baileys' code.
export const connectionStatusReasons = ['unreachable', 'loggedOut', 'replaced'] as const;
export type ConnectionStatusReason = (typeof connectionStatusReasons)[number];


const minutes = z.coerce.number().int().min(0).max(525_600);
const longText = z.string().max(5000);
const isoDate = isoDatePrefix.refine((text) => text.length === 10, 'validation.invalidDate');

export const connectionFields = {
  name: boundedText(2, 50),
  isDefault: z.boolean().optional(),
  token: z.string().length(CONNECTION_TOKEN_LENGTH, 'validation.invalidToken').regex(/^[A-Za-z0-9]+$/, 'validation.invalidToken').optional(),
  greetingMessage: longText.optional(),
  complationMessage: longText.optional(),
  outOfHoursMessage: longText.optional(),
  ratingMessage: longText.refine((text) => !namesOtherScale(text), 'validation.otherRatingScale').optional(),
  provider: z.string().max(30).optional(),
  allowGroup: z.boolean().optional(),
  groupAsTicket: z.enum(['enabled', 'disabled']).optional(),
  maxUseBotQueues: minutes.optional(),
  timeUseBotQueues: minutes.optional(),
  // an empty redirect time means 0 (02-operations §5)
  timeSendQueue: z.union([z.literal('').transform(() => 0), minutes]).optional(),
  sendIdQueue: idParam.nullable().optional(),
  expiresTicket: minutes.optional(),
  expiresTicketNPS: minutes.optional(),
  maxUseBotQueuesNPS: minutes.optional(),
  expiresInactiveMessage: longText.optional(),
  timeInactiveMessage: minutes.optional(),
  inactiveMessage: longText.optional(),
  whenExpiresTicket: z.enum(['0', '1']).optional(),
  timeCreateNewTicket: minutes.optional(),
  integrationId: idParam.nullable().optional(),
  promptId: idParam.nullable().optional(),
  collectiveVacationStart: isoDate.nullable().optional(),
  collectiveVacationEnd: isoDate.nullable().optional(),
  collectiveVacationMessage: longText.optional(),
  schedules: weekServiceHours.optional(),
  queueIds: z.array(idParam).max(200).optional(),
  enableImportMessage: z.boolean().optional(),
  importOldMessages: isoDate.nullable().optional(),
  importRecentMessages: isoDate.nullable().optional(),
  importOldMessagesGroups: z.boolean().optional(),
  closedTicketsPostImported: z.boolean().optional(),
  queueIdImportMessages: idParam.nullable().optional(),
  // sent by the web; the tenant always comes from the token
  companyId: idParam.optional(),
};

type ConnectionInput = {
  timeSendQueue?: number;
  sendIdQueue?: number | null;
  collectiveVacationMessage?: string;
  collectiveVacationStart?: string | null;
  collectiveVacationEnd?: string | null;
  enableImportMessage?: boolean;
  importOldMessages?: string | null;
  importRecentMessages?: string | null;
  queueIdImportMessages?: number | null;
};

// A calendar day 'YYYY-MM-DD' in the local time of whoever checks (browser or server).
const dayOf = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

// 02-operations §5 Import dates: the oldest day goes back at most 2 years, neither day is in the
// future, and the recent day is not before the old one. The web shows the same bounds on its pickers.
export const importDateBounds = (now = new Date()) => {
  const twoYearsAgo = new Date(now);
  twoYearsAgo.setFullYear(now.getFullYear() - 2);
  return { oldest: dayOf(twoYearsAgo), today: dayOf(now) };
};

// sending: a create reads a missing field as empty; an update leaves it as stored (the server then
// checks the stored values)
type IssueSink = { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void };

const importRules = (value: ConnectionInput, ctx: IssueSink, sending: 'create' | 'update') => {
  const missing = (field: unknown) => field === null || (sending === 'create' && field === undefined);
  const { oldest, today } = importDateBounds();
  const old = value.importOldMessages ?? null;
  const recent = value.importRecentMessages ?? null;
  if (old !== null && (old.slice(0, 10) < oldest || old.slice(0, 10) > today)) {
    ctx.addIssue({ code: 'custom', path: ['importOldMessages'], message: 'validation.importOldRange' });
  }
  if (recent !== null && ((old !== null && recent.slice(0, 10) < old.slice(0, 10)) || recent.slice(0, 10) > today)) {
    ctx.addIssue({ code: 'custom', path: ['importRecentMessages'], message: 'validation.importRecentRange' });
  }
  if (value.enableImportMessage) {
    if (missing(value.importOldMessages)) ctx.addIssue({ code: 'custom', path: ['importOldMessages'], message: validationMessages.required });
    if (missing(value.queueIdImportMessages)) ctx.addIssue({ code: 'custom', path: ['queueIdImportMessages'], message: validationMessages.required });
  }
};

// Cross-field rules of 02-operations §5 that need no database.
const crossFieldRules = (value: ConnectionInput, ctx: IssueSink) => {
  const redirectTime = value.timeSendQueue ?? 0;
  const redirectQueue = value.sendIdQueue ?? null;
  if ((redirectTime > 0) !== (redirectQueue !== null) && (value.timeSendQueue !== undefined || value.sendIdQueue !== undefined)) {
    ctx.addIssue({ code: 'custom', path: [redirectTime > 0 ? 'sendIdQueue' : 'timeSendQueue'], message: 'validation.redirectNeedsBoth' });
  }
  if (value.collectiveVacationMessage?.trim()) {
    if (!value.collectiveVacationStart) ctx.addIssue({ code: 'custom', path: ['collectiveVacationStart'], message: validationMessages.required });
    if (!value.collectiveVacationEnd) ctx.addIssue({ code: 'custom', path: ['collectiveVacationEnd'], message: validationMessages.required });
  }
};

// 02-operations §5 rules that depend on the company: the greeting with more than one queue, and
// the NPS fields while ratings are on. The server checks them against its database; the form
// checks them with what it knows, so every error of a save shows at once (issue 35 point 9).
const companyRules = (value: CompanyRulesInput, ctx: IssueSink, company: { ratingsOn: boolean }) => {
  if ((value.queueIds?.length ?? 0) > 1 && !value.greetingMessage?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['greetingMessage'], message: 'validation.greetingRequired' });
  }
  if (!company.ratingsOn) return;
  if (!value.ratingMessage?.trim()) ctx.addIssue({ code: 'custom', path: ['ratingMessage'], message: 'validation.npsNeedsMessage' });
  if (!value.expiresTicketNPS) ctx.addIssue({ code: 'custom', path: ['expiresTicketNPS'], message: 'validation.npsNeedsTime' });
};
type CompanyRulesInput = ConnectionInput & { queueIds?: number[]; greetingMessage?: string; ratingMessage?: string; expiresTicketNPS?: number | string };

// Every cross-field rule's issue for a connection body, whatever its single fields hold (zod runs
// an object's refinements only once its fields are valid): what the form shows in one go.
export const connectionRuleIssues = (value: CompanyRulesInput, sending: 'create' | 'update', company: { ratingsOn: boolean }) => {
  const issues: { path: string[]; message: string }[] = [];
  const sink: IssueSink = { addIssue: ({ path, message }) => issues.push({ path, message }) };
  crossFieldRules(value, sink);
  importRules(value, sink, sending);
  companyRules(value, sink, company);
  return issues;
};

export const connectionCreateBody = z
  .strictObject({ ...connectionFields, channel: z.enum(connectionChannels).default('whatsapp') })
  .superRefine((value, ctx) => {
    crossFieldRules(value, ctx);
    importRules(value, ctx, 'create');
  });
export type ConnectionCreateBody = z.infer<typeof connectionCreateBody>;
// what a client sends (an empty redirect time is allowed and read as 0)
export type ConnectionCreateInput = z.input<typeof connectionCreateBody>;

export const connectionUpdateBody = z
  .strictObject(connectionFields)
  .partial()
  .superRefine((value, ctx) => {
    crossFieldRules(value, ctx);
    importRules(value, ctx, 'update');
  });
export type ConnectionUpdateBody = z.infer<typeof connectionUpdateBody>;
export type ConnectionUpdateInput = z.input<typeof connectionUpdateBody>;

export const connectionsListQuery = z.object({
  session: z.string().max(10).optional(),
  companyId: z.string().max(20).optional(),
  channel: z.enum(connectionChannels).optional(),
});

export const connectionView = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    name: z.string(),
    channel: z.enum(connectionChannels),
    number: z.string(),
    status: z.string(),
    qrcode: z.string(),
    statusReason: z.enum(connectionStatusReasons).nullable(),
    statusReasonCode: z.number().int().nullable(),
    isDefault: z.boolean(),
    // the external API token acts as the company (POST /api/messages/send): present only for
    // users who manage connections (admins, allowConnections)
    token: z.string().optional(),
    provider: z.string(),
    greetingMessage: z.string(),
    complationMessage: z.string(),
    outOfHoursMessage: z.string(),
    ratingMessage: z.string(),
    allowGroup: z.boolean(),
    groupAsTicket: z.enum(['enabled', 'disabled']),
    maxUseBotQueues: z.number().int(),
    timeUseBotQueues: z.number().int(),
    timeSendQueue: z.number().int(),
    sendIdQueue: z.number().int().nullable(),
    expiresTicket: z.number().int(),
    expiresTicketNPS: z.number().int(),
    maxUseBotQueuesNPS: z.number().int(),
    expiresInactiveMessage: z.string(),
    timeInactiveMessage: z.number().int(),
    inactiveMessage: z.string(),
    whenExpiresTicket: z.enum(['0', '1']),
    timeCreateNewTicket: z.number().int(),
    greetingMediaAttachment: z.string().nullable(),
    enableImportMessage: z.boolean(),
    // calendar days 'YYYY-MM-DD' (02-operations §5 Import dates)
    importOldMessages: z.string().nullable(),
    importRecentMessages: z.string().nullable(),
    importOldMessagesGroups: z.boolean(),
    closedTicketsPostImported: z.boolean(),
    queueIdImportMessages: z.number().int().nullable(),
    statusImportMessages: z.string().nullable(),
    integrationId: z.number().int().nullable(),
    promptId: z.number().int().nullable(),
    collectiveVacationStart: z.string().nullable(),
    collectiveVacationEnd: z.string().nullable(),
    collectiveVacationMessage: z.string(),
    schedules: z.array(weekdayServiceHoursView),
    queues: z.array(queueSummary),
    updatedAt: z.string(),
  })
  .meta({ id: 'Connection' });
export type ConnectionView = z.infer<typeof connectionView>;

const connectionParams = z.strictObject({ whatsappId: idParam });
const connectionNotFound = { 404: ['ERR_NO_WAPP_FOUND'] } as const;

// 02-operations §7 Connections (the greeting attachment's upload stays a plain route: it takes a
// multipart form)
export const connectionsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/whatsapp', query: connectionsListQuery, response: z.array(connectionView), operationId: 'listConnections', summary: "The company's connections" }),
  // 02-operations §2 /allConnections
  everyCompany: defineEndpoint({
    method: 'GET',
    path: '/whatsapp/all',
    query: allConnectionsQuery,
    response: allConnectionsAnswer,
    operationId: 'listConnectionsOfEveryCompany',
    summary: 'Every company with its connections, connected and not (super admin)',
  }),
  filter: defineEndpoint({ method: 'GET', path: '/whatsapp/filter', query: connectionsListQuery, response: z.array(connectionView), operationId: 'filterConnections', summary: "The company's connections of one channel" }),
  show: defineEndpoint({
    method: 'GET',
    path: '/whatsapp/:whatsappId',
    params: connectionParams,
    query: z.object({ session: z.string().max(10).optional() }),
    response: connectionView,
    operationId: 'showConnection',
    summary: 'One connection',
    errors: connectionNotFound,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/whatsapp',
    body: connectionCreateBody.meta({ id: 'ConnectionCreateBody' }),
    response: connectionView,
    status: 201,
    operationId: 'createConnection',
    summary: "Adds a connection, within the plan and its channels",
    errors: { 400: ['ERR_WAPP_GREETING_REQUIRED'], 403: ['ERR_PLAN_CONNECTION_LIMIT'], 409: ['ERR_CONNECTION_IN_USE'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/whatsapp/:whatsappId',
    params: connectionParams,
    body: connectionUpdateBody.meta({ id: 'ConnectionUpdateBody' }),
    response: connectionView,
    operationId: 'updateConnection',
    summary: 'Changes a connection; fields left out are kept',
    errors: { 400: ['ERR_WAPP_GREETING_REQUIRED', 'ERR_NO_OTHER_WHATSAPP'], 404: ['ERR_NO_WAPP_FOUND'], 409: ['ERR_CONNECTION_IN_USE'] },
  }),
  // the body is multipart: the attachment in file, read by the route
  uploadGreetingMedia: defineEndpoint({
    method: 'POST',
    path: '/whatsapp/:whatsappId/media-upload',
    params: connectionParams,
    response: connectionView,
    operationId: 'uploadConnectionGreetingMedia',
    summary: "Sets the connection's greeting attachment (multipart, the file in file)",
    errors: { 400: ['ERR_INVALID_FILE'], ...connectionNotFound, 413: ['ERR_FILE_TOO_LARGE'] },
  }),
  clearGreetingMedia: defineEndpoint({
    method: 'DELETE',
    path: '/whatsapp/:whatsappId/media-upload',
    params: connectionParams,
    response: connectionView,
    operationId: 'deleteConnectionGreetingMedia',
    summary: "Removes the connection's greeting attachment",
    errors: connectionNotFound,
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/whatsapp/:whatsappId', params: connectionParams, response: null, status: 204, operationId: 'deleteConnection', summary: 'Removes a connection', errors: connectionNotFound }),
};
