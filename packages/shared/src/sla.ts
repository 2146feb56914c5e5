// SLA policies (issue 40 point 3, docs/automation.md): per queue (or the company's default) and
// optionally per priority, the minutes a ticket may wait for its first answer, for each next answer
// after a customer writes again, and for its resolution, counted in calendar or in service hours.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { ticketPriorities } from './tickets.ts';
import { boundedText, idParam } from './validation.ts';

export const slaHoursModes = ['calendar', 'service'] as const;
export type SlaHoursMode = (typeof slaHoursModes)[number];

// a year of minutes: longer targets are no service level
export const MAX_SLA_MINUTES = 525_600;
const targetMinutes = z.number().int().min(1).max(MAX_SLA_MINUTES).nullable();

const slaPolicyFields = {
  name: boundedText(1, 100),
  // null: the company's default, for tickets whose queue has no policy of its own
  queueId: idParam.nullable(),
  // null: every priority the queue has no policy of its own for
  priority: z.enum(ticketPriorities).nullable(),
  firstResponseMinutes: targetMinutes,
  nextResponseMinutes: targetMinutes,
  resolutionMinutes: targetMinutes,
  hoursMode: z.enum(slaHoursModes),
  active: z.boolean(),
};

const someTarget = (policy: { firstResponseMinutes?: number | null; nextResponseMinutes?: number | null; resolutionMinutes?: number | null }) =>
  policy.firstResponseMinutes != null || policy.nextResponseMinutes != null || policy.resolutionMinutes != null;

export const slaPolicyBody = z
  .object({
    ...slaPolicyFields,
    queueId: slaPolicyFields.queueId.default(null),
    priority: slaPolicyFields.priority.default(null),
    firstResponseMinutes: targetMinutes.default(null),
    nextResponseMinutes: targetMinutes.default(null),
    resolutionMinutes: targetMinutes.default(null),
    hoursMode: slaPolicyFields.hoursMode.default('calendar'),
    active: slaPolicyFields.active.default(true),
  })
  .refine(someTarget, { message: 'sla.targetRequired', path: ['firstResponseMinutes'] })
  .meta({ id: 'SlaPolicyBody' });
export type SlaPolicyBody = z.input<typeof slaPolicyBody>;
export type SlaPolicyInput = z.infer<typeof slaPolicyBody>;

export const slaPolicyUpdateBody = z.object(slaPolicyFields).partial().meta({ id: 'SlaPolicyUpdateBody' });
export type SlaPolicyUpdateBody = z.infer<typeof slaPolicyUpdateBody>;

export const slaPolicyView = z
  .object({
    id: z.number(),
    name: z.string(),
    queueId: z.number().nullable(),
    priority: z.enum(ticketPriorities).nullable(),
    firstResponseMinutes: z.number().nullable(),
    nextResponseMinutes: z.number().nullable(),
    resolutionMinutes: z.number().nullable(),
    hoursMode: z.enum(slaHoursModes),
    active: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SlaPolicy' });
export type SlaPolicyView = z.infer<typeof slaPolicyView>;

export const slaPolicyParams = z.strictObject({ policyId: idParam });
export const slaPoliciesAnswer = z.object({ policies: z.array(slaPolicyView) }).meta({ id: 'SlaPolicies' });
export type SlaPoliciesAnswer = z.infer<typeof slaPoliciesAnswer>;

const notFound = { 404: ['ERR_NOT_FOUND'] } as const;

export const slaEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/sla-policies', response: slaPoliciesAnswer, operationId: 'listSlaPolicies', summary: "The company's SLA policies" }),
  create: defineEndpoint({
    method: 'POST',
    path: '/sla-policies',
    body: slaPolicyBody,
    response: slaPolicyView,
    status: 201,
    operationId: 'createSlaPolicy',
    summary: 'Adds an SLA policy for a queue (or the company default) and optionally one priority',
    errors: notFound,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/sla-policies/:policyId',
    params: slaPolicyParams,
    body: slaPolicyUpdateBody,
    response: slaPolicyView,
    operationId: 'updateSlaPolicy',
    summary: 'Changes an SLA policy; targets already set keep their due moments',
    errors: notFound,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/sla-policies/:policyId',
    params: slaPolicyParams,
    response: z.object({ message: z.string() }),
    operationId: 'deleteSlaPolicy',
    summary: 'Removes an SLA policy; the targets it set stay in the reports',
    errors: notFound,
  }),
};
