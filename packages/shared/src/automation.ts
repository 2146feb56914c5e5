// Automation rules and macros (issue 40 points 1 and 2, docs/automation.md): when an event happens,
// if the conditions hold, run the actions in order. Macros are named action lists an attendant runs
// on a ticket. Every size is bounded: a rule is read on every event of its trigger.
import { z } from 'zod';
import { defineEndpoint } from './contract.ts';
import { connectionChannels } from './connections.ts';
import { mailLocales } from './mail.ts';
import { ticketPriorities, ticketStatuses } from './tickets.ts';
import { boundedText, idParam } from './validation.ts';

export const automationTriggers = ['ticketCreated', 'messageReceived', 'ticketUpdated', 'ticketIdle', 'ticketClosed', 'slaBreached'] as const;
export type AutomationTrigger = (typeof automationTriggers)[number];

export const MAX_CONDITIONS = 20;
export const MAX_ACTIONS = 10;
export const MAX_PATTERN_LENGTH = 200;
const id = idParam;
const shortText = z.string().trim().min(1).max(200);

// plain unions, not discriminated ones: the server's lenient copy of a body (lenient.ts) rewrites
// each option, which a discriminated union cannot take
export const automationCondition = z.union([
  z.strictObject({ kind: z.literal('channel'), channels: z.array(z.enum(connectionChannels)).min(1).max(connectionChannels.length) }),
  z.strictObject({ kind: z.literal('connection'), connectionIds: z.array(id).min(1).max(50) }),
  z.strictObject({ kind: z.literal('queue'), queueIds: z.array(id).min(1).max(50) }),
  z.strictObject({ kind: z.literal('tag'), tagId: id, present: z.boolean().default(true) }),
  // a contact's own field (name, number, email) or one of its extra info by name
  z.strictObject({ kind: z.literal('contactField'), field: shortText, contains: z.string().max(200) }),
  z.strictObject({ kind: z.literal('textContains'), text: shortText }),
  z.strictObject({ kind: z.literal('textMatches'), pattern: z.string().min(1).max(MAX_PATTERN_LENGTH) }),
  z.strictObject({ kind: z.literal('serviceHours'), within: z.boolean() }),
  z.strictObject({ kind: z.literal('status'), statuses: z.array(z.enum(ticketStatuses)).min(1).max(6) }),
  z.strictObject({ kind: z.literal('priority'), priorities: z.array(z.enum(ticketPriorities)).min(1).max(5) }),
  // userId null: the ticket has no owner
  z.strictObject({ kind: z.literal('owner'), userId: id.nullable() }),
  z.strictObject({ kind: z.literal('firstMessage'), first: z.boolean() }),
]);
export type AutomationCondition = z.infer<typeof automationCondition>;

export const conditionGroup = z.strictObject({
  match: z.enum(['all', 'any']),
  conditions: z.array(automationCondition).max(MAX_CONDITIONS),
});
// the rule's groups must all hold ('all') or one of them ('any'); no conditions: always
export const conditionTree = z.strictObject({
  match: z.enum(['all', 'any']),
  groups: z.array(conditionGroup).max(5),
});
export type ConditionTree = z.infer<typeof conditionTree>;
export const alwaysTrue: ConditionTree = { match: 'all', groups: [] };

const messageText = z.string().trim().min(1).max(4000);
export const automationAction = z.union([
  z.strictObject({ kind: z.literal('assignQueue'), queueId: id }),
  z.strictObject({ kind: z.literal('assignUser'), userId: id }),
  z.strictObject({ kind: z.literal('assignLeastBusy'), queueId: id }),
  z.strictObject({ kind: z.literal('addTag'), tagId: id }),
  z.strictObject({ kind: z.literal('removeTag'), tagId: id }),
  z.strictObject({ kind: z.literal('addLane'), tagId: id }),
  z.strictObject({ kind: z.literal('removeLane') }),
  z.strictObject({ kind: z.literal('setPriority'), priority: z.enum(ticketPriorities) }),
  z.strictObject({ kind: z.literal('sendMessage'), text: messageText }),
  z.strictObject({ kind: z.literal('sendQuickMessage'), quickMessageId: id }),
  z.strictObject({ kind: z.literal('addNote'), text: messageText }),
  // the close an attendant makes: the rating asked first, the farewell (docs/automation.md)
  z.strictObject({ kind: z.literal('close') }),
  // an automation.triggered delivery with the ticket to one of the company's webhook endpoints
  z.strictObject({ kind: z.literal('sendWebhook'), endpointId: id }),
  // an email to one of the company's users, in the language chosen, with a link to the ticket and
  // the text (if any) as its message
  z.strictObject({ kind: z.literal('sendEmail'), userId: id, locale: z.enum(mailLocales).default('pt'), text: z.string().trim().max(1000).default('') }),
]);
export type AutomationAction = z.infer<typeof automationAction>;
export type AutomationActionKind = AutomationAction['kind'];
const actionList = z.array(automationAction).min(1).max(MAX_ACTIONS);

export const automationRuleBody = z
  .strictObject({
    name: boundedText(1, 100),
    active: z.boolean().default(true),
    trigger: z.enum(automationTriggers),
    idleMinutes: z.number().int().min(1).max(60 * 24 * 30).nullable().default(null),
    conditions: conditionTree.default(alwaysTrue),
    actions: actionList,
    position: z.number().int().min(0).max(10_000).default(0),
  })
  .refine((rule) => (rule.trigger === 'ticketIdle') === (rule.idleMinutes !== null), { path: ['idleMinutes'], message: 'idleMinutes goes with the ticketIdle trigger only' })
  .meta({ id: 'AutomationRuleBody' });
export type AutomationRuleBody = z.infer<typeof automationRuleBody>;

// an action that names a queue, user, tag, Kanban lane (a tag that is one), quick message or
// webhook endpoint that no longer exists
export const actionTargets = ['queue', 'user', 'tag', 'lane', 'quickMessage', 'webhookEndpoint'] as const;
export type ActionTarget = (typeof actionTargets)[number];
export const brokenAction = z.object({ index: z.number().int(), kind: z.string(), missing: z.enum(actionTargets) });

export const automationRuleView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    trigger: z.enum(automationTriggers),
    idleMinutes: z.number().int().nullable(),
    conditions: conditionTree,
    actions: z.array(automationAction),
    position: z.number().int(),
    lastRunAt: z.string().nullable(),
    lastTicketId: z.number().int().nullable(),
    brokenActions: z.array(brokenAction),
  })
  .meta({ id: 'AutomationRule' });
export type AutomationRuleView = z.infer<typeof automationRuleView>;

export const ruleTestBody = z.strictObject({ ticketId: id });
// why a condition held or not: a key the web words in the user's language, with the facts it
// names as they are (a status, a channel, an owner's id), which the web names in turn
const reasonOf = <Key extends string>(key: Key) => z.object({ key: z.literal(key) });
const reasonWith = <Key extends string, Values extends z.ZodRawShape>(key: Key, values: Values) => z.object({ key: z.literal(key), values: z.object(values) });
export const conditionReason = z
  .union([
    reasonWith('channelIs', { channel: z.string().nullable() }),
    reasonWith('connectionIs', { connectionId: z.number().int().nullable() }),
    reasonWith('queueIs', { queueId: z.number().int().nullable() }),
    reasonOf('contactHasTag'),
    reasonOf('contactLacksTag'),
    reasonWith('contactLacksField', { field: z.string() }),
    reasonWith('contactFieldIs', { field: z.string(), value: z.string() }),
    reasonWith('messageIs', { text: z.string() }),
    reasonOf('withinServiceHours'),
    reasonOf('outsideServiceHours'),
    reasonWith('statusIs', { status: z.string() }),
    reasonWith('priorityIs', { priority: z.string() }),
    reasonWith('ownerIs', { userId: z.number().int().nullable() }),
    reasonWith('customerMessages', { count: z.number().int() }),
  ])
  .meta({ id: 'AutomationConditionReason' });
export type ConditionReason = z.infer<typeof conditionReason>;
const conditionOutcome = z.object({ condition: automationCondition, matched: z.boolean(), reason: conditionReason });
export const ruleTestAnswer = z
  .object({
    matched: z.boolean(),
    conditions: z.array(conditionOutcome),
    // the actions it would run, and which of them would be skipped (their target is gone)
    actions: z.array(z.object({ action: automationAction, skipped: z.boolean() })),
  })
  .meta({ id: 'AutomationRuleTest' });
export type RuleTestAnswer = z.infer<typeof ruleTestAnswer>;

export const macroBody = z
  .strictObject({
    name: boundedText(1, 100),
    // shared with the company (admins only) or the author's own
    shared: z.boolean().default(false),
    actions: actionList,
  })
  .meta({ id: 'MacroBody' });
export type MacroBody = z.infer<typeof macroBody>;

export const macroView = z
  .object({ id: z.number().int(), name: z.string(), shared: z.boolean(), userId: z.number().int().nullable(), actions: z.array(automationAction), brokenActions: z.array(brokenAction) })
  .meta({ id: 'Macro' });
export type MacroView = z.infer<typeof macroView>;

export const macroRunBody = z.strictObject({ ticketId: id });
export const macroRunAnswer = z.object({ ran: z.array(z.object({ kind: z.string(), skipped: z.boolean() })) }).meta({ id: 'MacroRun' });

const ruleParams = z.strictObject({ ruleId: idParam });
const macroParams = z.strictObject({ macroId: idParam });
const notFound = { 404: ['ERR_NOT_FOUND'] } as const;
const removed = z.object({ message: z.string() });

export const automationEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/automation-rules', response: z.array(automationRuleView), operationId: 'listAutomationRules', summary: "The company's automation rules in run order" }),
  create: defineEndpoint({ method: 'POST', path: '/automation-rules', body: automationRuleBody, response: automationRuleView, status: 201, operationId: 'createAutomationRule', summary: 'Adds an automation rule' }),
  update: defineEndpoint({ method: 'PUT', path: '/automation-rules/:ruleId', params: ruleParams, body: automationRuleBody, response: automationRuleView, operationId: 'updateAutomationRule', summary: 'Replaces an automation rule', errors: notFound }),
  remove: defineEndpoint({ method: 'DELETE', path: '/automation-rules/:ruleId', params: ruleParams, response: removed, operationId: 'deleteAutomationRule', summary: 'Removes an automation rule', errors: notFound }),
  test: defineEndpoint({
    method: 'POST',
    path: '/automation-rules/:ruleId/test',
    params: ruleParams,
    body: ruleTestBody,
    response: ruleTestAnswer,
    operationId: 'testAutomationRule',
    summary: 'What the rule would do on a ticket, changing nothing',
    errors: { 404: ['ERR_NOT_FOUND', 'ERR_NO_TICKET_FOUND'] },
  }),
};

export const macrosEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/macros', response: z.array(macroView), operationId: 'listMacros', summary: "The user's own macros and the company's shared ones" }),
  create: defineEndpoint({ method: 'POST', path: '/macros', body: macroBody, response: macroView, status: 201, operationId: 'createMacro', summary: 'Adds a macro (shared ones by admins only)' }),
  update: defineEndpoint({ method: 'PUT', path: '/macros/:macroId', params: macroParams, body: macroBody, response: macroView, operationId: 'updateMacro', summary: 'Replaces a macro', errors: notFound }),
  remove: defineEndpoint({ method: 'DELETE', path: '/macros/:macroId', params: macroParams, response: removed, operationId: 'deleteMacro', summary: 'Removes a macro', errors: notFound }),
  run: defineEndpoint({
    method: 'POST',
    path: '/macros/:macroId/run',
    params: macroParams,
    body: macroRunBody,
    response: macroRunAnswer,
    operationId: 'runMacro',
    summary: "Runs a macro's actions on a ticket the user may act on",
    errors: { 404: ['ERR_NOT_FOUND', 'ERR_NO_TICKET_FOUND'] },
  }),
};
