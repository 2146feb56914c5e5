// Queue and chatbot option (02-operations §3 Queue, Chatbot option; §5 Queue; §9).
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { weekdayServiceHoursView, weekServiceHours } from './service-hours.ts';
import { queueSummary } from './users.ts';
import { boundedText, idParam } from './validation.ts';

export const queueAssignmentModes = ['manual', 'roundRobin', 'leastOpen'] as const;
export type QueueAssignmentMode = (typeof queueAssignmentModes)[number];

export const DEFAULT_QUEUE_COLOR = '#7C7C7C';
export const rotationMinutes = [0, 2, 5, 10, 15, 30, 45, 60] as const;
export const botOptionTypes = ['text', 'attendent', 'queue', 'integration', 'file'] as const;
export type BotOptionType = (typeof botOptionTypes)[number];

const longText = z.string().max(5000);

const queueColor = z.string().trim().min(3, 'validation.tooShort').max(9, 'validation.tooLong');

// Create and update bodies share their fields (queues and chatbot options alike); defaults are
// added to the create body only, so an update that leaves a field out keeps the stored value.
const queueFields = {
  name: boundedText(2, 50),
  color: queueColor,
  greetingMessage: longText.optional(),
  outOfHoursMessage: longText.optional(),
  completionMessage: longText.optional(),
  orderQueue: z.coerce.number().int().min(0).max(10_000).nullable().optional(),
  ativarRoteador: z.boolean().optional(),
  // issue 40 point 4: roundRobin and leastOpen give waiting tickets to online attendants by capacity
  assignment: z.enum(queueAssignmentModes).optional(),
  tempoRoteador: z.coerce
    .number()
    .refine((value) => (rotationMinutes as readonly number[]).includes(value), 'validation.invalidChoice')
    .optional(),
  integrationId: idParam.nullable().optional(),
  fileListId: idParam.nullable().optional(),
  closeTicket: z.boolean().optional(),
  schedules: weekServiceHours.optional(),
  // sent by the web; the tenant comes from the token
  companyId: idParam.optional(),
};
export const queueBody = z.strictObject({ ...queueFields, color: queueColor.default(DEFAULT_QUEUE_COLOR) });
export type QueueBody = z.infer<typeof queueBody>;
export const queueUpdateBody = z.strictObject(queueFields).partial();
export type QueueUpdateBody = z.infer<typeof queueUpdateBody>;

const chatbotFields = {
  parentId: idParam.nullable().optional(),
  name: z.string().trim().min(4, 'validation.tooShort').max(100, 'validation.tooLong'),
  greetingMessage: longText.optional(),
  queueType: z.enum(botOptionTypes),
  closeTicket: z.boolean().optional(),
  optQueueId: idParam.nullable().optional(),
  optUserId: idParam.nullable().optional(),
  optIntegrationId: idParam.nullable().optional(),
  optFileId: idParam.nullable().optional(),
};
export const chatbotBody = z.strictObject({ queueId: idParam, ...chatbotFields, queueType: chatbotFields.queueType.default('text') });
export type ChatbotBody = z.infer<typeof chatbotBody>;
export const chatbotUpdateBody = z.strictObject(chatbotFields).partial();
export type ChatbotUpdateBody = z.infer<typeof chatbotUpdateBody>;
export const chatbotListQuery = z.strictObject({ queueId: idParam.optional() });

// an option and the options under it
export const chatbotView = z
  .object({
    id: z.number().int(),
    queueId: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    greetingMessage: z.string(),
    queueType: z.enum(botOptionTypes),
    closeTicket: z.boolean(),
    optQueueId: z.number().int().nullable(),
    optUserId: z.number().int().nullable(),
    optIntegrationId: z.number().int().nullable(),
    optFileId: z.number().int().nullable(),
    get options(): z.ZodArray<typeof chatbotView> {
      return z.array(chatbotView);
    },
  })
  .meta({ id: 'ChatbotOption' });
export type ChatbotView = z.infer<typeof chatbotView>;

export const queueView = z
  .object({
    id: z.number().int(),
    companyId: z.number().int(),
    name: z.string(),
    color: z.string(),
    greetingMessage: z.string(),
    outOfHoursMessage: z.string(),
    completionMessage: z.string(),
    orderQueue: z.number().int().nullable(),
    ativarRoteador: z.boolean(),
    tempoRoteador: z.number().int(),
    assignment: z.enum(queueAssignmentModes),
    integrationId: z.number().int().nullable(),
    fileListId: z.number().int().nullable(),
    closeTicket: z.boolean(),
    schedules: z.array(weekdayServiceHoursView),
    chatbots: z.array(chatbotView),
  })
  .meta({ id: 'Queue' });
export type QueueView = z.infer<typeof queueView>;

const queueParams = z.strictObject({ queueId: idParam });
const chatbotParams = z.strictObject({ chatbotId: idParam });
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;

// 02-operations §7 Queues and chatbot; 01-core §7 GET /queue/user
export const queuesEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/queue', response: z.array(queueView), operationId: 'listQueues', summary: "The company's queues with their chatbot options" }),
  mine: defineEndpoint({ method: 'GET', path: '/queue/user', response: z.array(queueSummary), operationId: 'listMyQueues', summary: 'The queues of the signed-in user' }),
  show: defineEndpoint({ method: 'GET', path: '/queue/:queueId', params: queueParams, response: queueView, operationId: 'showQueue', summary: 'One queue with its chatbot options', errors: notFound }),
  create: defineEndpoint({
    method: 'POST',
    path: '/queue',
    body: queueBody.meta({ id: 'QueueBody' }),
    response: queueView,
    status: 201,
    operationId: 'createQueue',
    summary: 'Adds a queue, within the plan (its name and color are unique in the company)',
    errors: { 400: ['ERR_QUEUE_COLOR_ALREADY_EXISTS'], 403: ['ERR_PLAN_QUEUE_LIMIT'] },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/queue/:queueId',
    params: queueParams,
    body: queueUpdateBody.meta({ id: 'QueueUpdateBody' }),
    response: queueView,
    operationId: 'updateQueue',
    summary: 'Changes a queue; fields left out are kept',
    errors: { 400: ['ERR_QUEUE_COLOR_ALREADY_EXISTS'], 404: ['ERR_NOT_FOUND'] },
  }),
  remove: defineEndpoint({ method: 'DELETE', path: '/queue/:queueId', params: queueParams, response: null, status: 204, operationId: 'deleteQueue', summary: 'Removes a queue', errors: notFound }),
  options: defineEndpoint({
    method: 'GET',
    path: '/chatbot',
    query: chatbotListQuery,
    response: z.array(chatbotView),
    operationId: 'listChatbotOptions',
    summary: "The top chatbot options of a queue (or of every queue), each with its tree",
    errors: notFound,
  }),
  showOption: defineEndpoint({ method: 'GET', path: '/chatbot/:chatbotId', params: chatbotParams, response: chatbotView, operationId: 'showChatbotOption', summary: 'One chatbot option with its tree', errors: notFound }),
  createOption: defineEndpoint({
    method: 'POST',
    path: '/chatbot',
    body: chatbotBody.meta({ id: 'ChatbotOptionBody' }),
    response: chatbotView,
    status: 201,
    operationId: 'createChatbotOption',
    summary: "Adds a chatbot option to a queue's tree",
    errors: notFound,
  }),
  updateOption: defineEndpoint({
    method: 'PUT',
    path: '/chatbot/:chatbotId',
    params: chatbotParams,
    body: chatbotUpdateBody.meta({ id: 'ChatbotOptionUpdateBody' }),
    response: chatbotView,
    operationId: 'updateChatbotOption',
    summary: 'Changes a chatbot option; fields left out are kept',
    errors: notFound,
  }),
  removeOption: defineEndpoint({
    method: 'DELETE',
    path: '/chatbot/:chatbotId',
    params: chatbotParams,
    response: null,
    status: 204,
    operationId: 'deleteChatbotOption',
    summary: 'Removes a chatbot option and the options under it',
    errors: notFound,
  }),
};
