// Queue and chatbot option (02-operations §3 Queue, Chatbot option; §5 Queue; §9).
import { z } from 'zod';
import { weekSchedules, type WeekdaySchedule } from './schedules.ts';
import { boundedText, idParam } from './validation.ts';

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
  tempoRoteador: z.coerce
    .number()
    .refine((value) => (rotationMinutes as readonly number[]).includes(value), 'validation.invalidChoice')
    .optional(),
  integrationId: idParam.nullable().optional(),
  fileListId: idParam.nullable().optional(),
  closeTicket: z.boolean().optional(),
  schedules: weekSchedules.optional(),
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

export type ChatbotView = {
  id: number;
  queueId: number;
  parentId: number | null;
  name: string;
  greetingMessage: string;
  queueType: BotOptionType;
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  options: ChatbotView[];
};

export type QueueView = {
  id: number;
  companyId: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  completionMessage: string;
  orderQueue: number | null;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  fileListId: number | null;
  closeTicket: boolean;
  schedules: WeekdaySchedule[];
  chatbots: ChatbotView[];
};
