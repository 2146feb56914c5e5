// Issue: proof of safety. Every route of the route table is called as company B with company A's
// ids; none may answer with A's data or change it. A route missing from the catalogue below fails
// the sweep, so a new route cannot slip past it.
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyScopes } from '@atende/shared/api-keys';
import * as schema from '../../src/db/schema.ts';
import { createTag } from '../factories/contact.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startFakeGraph, type FakeGraph } from '../helpers/fake-graph.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let graph: FakeGraph;
beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ meta: { graphUrl: graph.graphUrl } });
});
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

type Ids = {
  userId: number;
  contactId: number;
  contactNumber: string;
  ticketId: number;
  ticketUuid: string;
  messageId: number;
  providerMessageId: string;
  noteId: number;
  tagId: number;
  queueId: number;
  connectionId: number;
  webchatConnectionId: number;
  chatbotId: number;
  quickMessageId: number;
  fileListId: number;
  promptId: number;
  knowledgeArticleId: number;
  integrationId: number;
  companyId: number;
  invoiceId: number;
  chatId: number;
  scheduleId: number;
  contactListId: number;
  contactListItemId: number;
  contactImportId: number;
  // a sheet uploaded for the import wizard and not imported yet
  importFile: string;
  campaignId: number;
  webhookEndpointId: number;
  webhookDeliveryId: number;
  slaPolicyId: number;
  apiKeyId: number;
  automationRuleId: number;
  macroId: number;
  // a key of the tenant's admin with every scope (issue 37 point 2)
  apiKey: string;
  // the admin's sign-in (issue 38 point 5)
  sessionId: string;
};
// `upload` names the multipart field of a single-file route; the call then sends a small image
type Call = { path: string; body?: unknown; upload?: string };
// 'foreign': the call names A's records and must be refused; 'own': it works on B's side and
// must show nothing of A.
type Entry = { kind: 'foreign' | 'own'; call: (a: Ids, b: Ids) => Call };

const catalogue: Record<string, Entry[]> = {
  'GET /auth/me': [{ kind: 'own', call: () => ({ path: '/auth/me' }) }],
  // issue 38 point 4: one's own two-factor sign-in, and the admin's reset of a user's
  'POST /auth/two-factor/setup': [{ kind: 'own', call: () => ({ path: '/auth/two-factor/setup' }) }],
  'POST /auth/two-factor/confirm': [{ kind: 'own', call: () => ({ path: '/auth/two-factor/confirm', body: { code: '000000' } }) }],
  'POST /auth/two-factor/disable': [{ kind: 'own', call: () => ({ path: '/auth/two-factor/disable', body: { password: 'not-the-password' } }) }],
  'POST /auth/two-factor/recovery-codes': [{ kind: 'own', call: () => ({ path: '/auth/two-factor/recovery-codes', body: { code: '000000' } }) }],
  'DELETE /users/:id/two-factor': [{ kind: 'foreign', call: (a) => ({ path: `/users/${a.userId}/two-factor` }) }],
  'GET /auth/sessions': [{ kind: 'own', call: () => ({ path: '/auth/sessions' }) }],
  'DELETE /auth/sessions': [{ kind: 'own', call: () => ({ path: '/auth/sessions' }) }],
  'DELETE /auth/sessions/:sessionId': [{ kind: 'foreign', call: (a) => ({ path: `/auth/sessions/${a.sessionId}` }) }],
  'DELETE /user-sessions/:userId': [{ kind: 'foreign', call: (a) => ({ path: `/user-sessions/${a.userId}` }) }],
  'PUT /auth/password': [{ kind: 'own', call: () => ({ path: '/auth/password', body: { currentPassword: 'not-the-password', password: 'chosen-1' } }) }],
  'GET /users': [{ kind: 'own', call: () => ({ path: '/users?searchParam=Alpha' }) }],
  'GET /users/list': [{ kind: 'own', call: () => ({ path: '/users/list' }) }],
  'GET /users/:id': [{ kind: 'foreign', call: (a) => ({ path: `/users/${a.userId}` }) }],
  'POST /users': [{ kind: 'own', call: () => ({ path: '/users', body: { name: 'Beta New', email: 'beta-new@b.test', password: 'secret-1' } }) }],
  // issue 38 point 3: an invitation naming A's queue, and a resend of A's user's invitation
  'POST /users/invite': [{ kind: 'foreign', call: (a) => ({ path: '/users/invite', body: { name: 'Beta Invitee', email: 'beta-invitee@b.test', queueIds: [a.queueId] } }) }],
  'POST /users/:id/invitation': [{ kind: 'foreign', call: (a) => ({ path: `/users/${a.userId}/invitation` }) }],
  'PUT /users/:id': [{ kind: 'foreign', call: (a) => ({ path: `/users/${a.userId}`, body: { name: 'Hijacked', email: 'hijack@b.test' } }) }],
  'DELETE /users/:id': [{ kind: 'foreign', call: (a) => ({ path: `/users/${a.userId}` }) }],
  'PUT /users/toggleChangeWidht/:userId': [
    { kind: 'foreign', call: (a) => ({ path: `/users/toggleChangeWidht/${a.userId}`, body: { defaultTicketsManagerWidth: 600 } }) },
  ],
  'POST /users/:id/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/users/${a.userId}/media-upload`, upload: 'profileImage' }) }],
  'GET /companySettings/:companyId': [{ kind: 'foreign', call: (a) => ({ path: `/companySettings/${a.companyId}` }) }],
  'GET /companySettingOne': [{ kind: 'own', call: () => ({ path: '/companySettingOne?column=userRating' }) }],
  'PUT /companySettings': [{ kind: 'own', call: () => ({ path: '/companySettings', body: { column: 'userRating', data: 'enabled' } }) }],
  'GET /setting/:key': [{ kind: 'own', call: () => ({ path: '/setting/appName' }) }],
  // help videos are the platform's, the same for every company (docs/decisions.md)
  'GET /helps': [{ kind: 'own', call: () => ({ path: '/helps?searchParam=Alpha' }) }],
  'GET /helps/list': [{ kind: 'own', call: () => ({ path: '/helps/list' }) }],
  'GET /api-keys': [{ kind: 'own', call: () => ({ path: '/api-keys' }) }],
  // issue 38 point 6: B's log, even when asked for A's records, holds only B's entries
  'GET /audit-log': [
    { kind: 'own', call: () => ({ path: '/audit-log' }) },
    { kind: 'own', call: (a) => ({ path: `/audit-log?entityId=${a.userId}&actorUserId=${a.userId}` }) },
  ],
  'GET /audit-log/export': [{ kind: 'own', call: (a) => ({ path: `/audit-log/export?entityId=${a.userId}` }) }],
  'POST /api-keys': [{ kind: 'own', call: () => ({ path: '/api-keys', body: { name: 'Beta new key', scopes: ['tickets:read'] } }) }],
  'DELETE /api-keys/:apiKeyId': [{ kind: 'foreign', call: (a) => ({ path: `/api-keys/${a.apiKeyId}` }) }],
  'GET /webhook-endpoints': [{ kind: 'own', call: () => ({ path: '/webhook-endpoints' }) }],
  'POST /webhook-endpoints': [{ kind: 'own', call: () => ({ path: '/webhook-endpoints', body: { url: 'https://hooks.example/beta', events: ['ticket.created'] } }) }],
  'PUT /webhook-endpoints/:endpointId': [{ kind: 'foreign', call: (a) => ({ path: `/webhook-endpoints/${a.webhookEndpointId}`, body: { description: 'Hijacked' } }) }],
  'DELETE /webhook-endpoints/:endpointId': [{ kind: 'foreign', call: (a) => ({ path: `/webhook-endpoints/${a.webhookEndpointId}` }) }],
  'POST /webhook-endpoints/:endpointId/secret': [{ kind: 'foreign', call: (a) => ({ path: `/webhook-endpoints/${a.webhookEndpointId}/secret` }) }],
  'GET /webhook-endpoints/:endpointId/deliveries': [{ kind: 'foreign', call: (a) => ({ path: `/webhook-endpoints/${a.webhookEndpointId}/deliveries` }) }],
  'POST /webhook-endpoints/:endpointId/deliveries/:deliveryId/resend': [
    { kind: 'foreign', call: (a) => ({ path: `/webhook-endpoints/${a.webhookEndpointId}/deliveries/${a.webhookDeliveryId}/resend` }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/webhook-endpoints/${b.webhookEndpointId}/deliveries/${a.webhookDeliveryId}/resend` }) },
  ],
  'POST /webhook-endpoints/:endpointId/test': [{ kind: 'foreign', call: (a) => ({ path: `/webhook-endpoints/${a.webhookEndpointId}/test` }) }],
  // issue 40 points 1 and 2: automation rules and macros, and rules or runs naming A's records
  'GET /automation-rules': [{ kind: 'own', call: () => ({ path: '/automation-rules' }) }],
  'POST /automation-rules': [{ kind: 'own', call: () => ({ path: '/automation-rules', body: { name: 'Beta rule', active: false, trigger: 'messageReceived', actions: [{ kind: 'close' }] } }) }],
  'PUT /automation-rules/:ruleId': [
    { kind: 'foreign', call: (a) => ({ path: `/automation-rules/${a.automationRuleId}`, body: { name: 'Hijacked', active: false, trigger: 'messageReceived', actions: [{ kind: 'close' }] } }) },
  ],
  'DELETE /automation-rules/:ruleId': [{ kind: 'foreign', call: (a) => ({ path: `/automation-rules/${a.automationRuleId}` }) }],
  'POST /automation-rules/:ruleId/test': [
    { kind: 'foreign', call: (a, b) => ({ path: `/automation-rules/${a.automationRuleId}/test`, body: { ticketId: b.ticketId } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/automation-rules/${b.automationRuleId}/test`, body: { ticketId: a.ticketId } }) },
  ],
  'GET /macros': [{ kind: 'own', call: () => ({ path: '/macros' }) }],
  'POST /macros': [{ kind: 'own', call: () => ({ path: '/macros', body: { name: 'Beta macro', actions: [{ kind: 'close' }] } }) }],
  'PUT /macros/:macroId': [{ kind: 'foreign', call: (a) => ({ path: `/macros/${a.macroId}`, body: { name: 'Hijacked', actions: [{ kind: 'close' }] } }) }],
  'DELETE /macros/:macroId': [{ kind: 'foreign', call: (a) => ({ path: `/macros/${a.macroId}` }) }],
  'POST /macros/:macroId/run': [
    { kind: 'foreign', call: (a, b) => ({ path: `/macros/${a.macroId}/run`, body: { ticketId: b.ticketId } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/macros/${b.macroId}/run`, body: { ticketId: a.ticketId } }) },
  ],
  // issue 40 point 3: SLA policies, and a policy naming A's queue
  'GET /sla-policies': [{ kind: 'own', call: () => ({ path: '/sla-policies' }) }],
  'POST /sla-policies': [
    { kind: 'own', call: () => ({ path: '/sla-policies', body: { name: 'Beta SLA', firstResponseMinutes: 30 } }) },
    { kind: 'foreign', call: (a) => ({ path: '/sla-policies', body: { name: 'Hijacked', queueId: a.queueId, firstResponseMinutes: 30 } }) },
  ],
  'PUT /sla-policies/:policyId': [
    { kind: 'foreign', call: (a) => ({ path: `/sla-policies/${a.slaPolicyId}`, body: { name: 'Hijacked' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/sla-policies/${b.slaPolicyId}`, body: { queueId: a.queueId } }) },
  ],
  'DELETE /sla-policies/:policyId': [{ kind: 'foreign', call: (a) => ({ path: `/sla-policies/${a.slaPolicyId}` }) }],
  'GET /prompt': [{ kind: 'own', call: () => ({ path: '/prompt' }) }],
  'GET /prompt/:promptId': [{ kind: 'foreign', call: (a) => ({ path: `/prompt/${a.promptId}` }) }],
  'POST /prompt': [
    { kind: 'foreign', call: (a) => ({ path: '/prompt', body: { name: 'Intruder', prompt: 'Intruder prompt', apiKey: 'sk-intruder', queueId: a.queueId } }) },
  ],
  'PUT /prompt/:promptId': [
    { kind: 'foreign', call: (a) => ({ path: `/prompt/${a.promptId}`, body: { name: 'Hijacked' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/prompt/${b.promptId}`, body: { queueId: a.queueId } }) },
  ],
  'DELETE /prompt/:promptId': [{ kind: 'foreign', call: (a) => ({ path: `/prompt/${a.promptId}` }) }],
  // issue 42 point 1: the knowledge, its "try a question" search and the intake of sources are the caller's own
  'GET /knowledge': [{ kind: 'own', call: () => ({ path: '/knowledge?searchParam=Alpha' }) }],
  'GET /knowledge/intake': [{ kind: 'own', call: () => ({ path: '/knowledge/intake' }) }],
  'POST /knowledge/intake': [{ kind: 'own', call: () => ({ path: '/knowledge/intake', body: {} }) }],
  'POST /knowledge/search': [
    { kind: 'own', call: () => ({ path: '/knowledge/search', body: { question: 'Alpha knowledge text' } }) },
    { kind: 'foreign', call: (a) => ({ path: '/knowledge/search', body: { question: 'knowledge', queueId: a.queueId } }) },
  ],
  'GET /knowledge/:articleId': [{ kind: 'foreign', call: (a) => ({ path: `/knowledge/${a.knowledgeArticleId}` }) }],
  'POST /knowledge': [{ kind: 'foreign', call: (a) => ({ path: '/knowledge', body: { title: 'Intruder', body: 'Intruder text', queueId: a.queueId } }) }],
  'PUT /knowledge/:articleId': [
    { kind: 'foreign', call: (a) => ({ path: `/knowledge/${a.knowledgeArticleId}`, body: { title: 'Hijacked' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/knowledge/${b.knowledgeArticleId}`, body: { queueId: a.queueId } }) },
  ],
  'DELETE /knowledge/:articleId': [{ kind: 'foreign', call: (a) => ({ path: `/knowledge/${a.knowledgeArticleId}` }) }],
  // issue 42: the copilot's settings and usage are the caller's own; a draft, a summary, a rewrite or a
  // translation of A's ticket or message is not found before any key or model is looked at
  'GET /copilot/status': [{ kind: 'own', call: () => ({ path: '/copilot/status' }) }],
  'GET /copilot/settings': [{ kind: 'own', call: () => ({ path: '/copilot/settings' }) }],
  'PUT /copilot/settings': [{ kind: 'own', call: () => ({ path: '/copilot/settings', body: { tone: 'B tone' } }) }],
  'GET /copilot/usage': [{ kind: 'own', call: () => ({ path: '/copilot/usage' }) }],
  'POST /copilot/tickets/:ticketId/suggest': [{ kind: 'foreign', call: (a) => ({ path: `/copilot/tickets/${a.ticketId}/suggest` }) }],
  'POST /copilot/tickets/:ticketId/summary': [{ kind: 'foreign', call: (a) => ({ path: `/copilot/tickets/${a.ticketId}/summary` }) }],
  'POST /copilot/tickets/:ticketId/rewrite': [{ kind: 'foreign', call: (a) => ({ path: `/copilot/tickets/${a.ticketId}/rewrite`, body: { text: 'hello', mode: 'grammar' } }) }],
  'POST /copilot/messages/:messageId/translate': [{ kind: 'foreign', call: (a) => ({ path: `/copilot/messages/${a.messageId}/translate`, body: { language: 'en' } }) }],
  'GET /queueIntegration': [{ kind: 'own', call: () => ({ path: '/queueIntegration?searchParam=Alpha' }) }],
  'GET /queueIntegration/:integrationId': [{ kind: 'foreign', call: (a) => ({ path: `/queueIntegration/${a.integrationId}` }) }],
  'POST /queueIntegration': [{ kind: 'own', call: () => ({ path: '/queueIntegration', body: { type: 'webhook', name: 'Beta Hook X', urlN8N: 'https://hooks.example' } }) }],
  'PUT /queueIntegration/:integrationId': [{ kind: 'foreign', call: (a) => ({ path: `/queueIntegration/${a.integrationId}`, body: { name: 'Hijacked' } }) }],
  'DELETE /queueIntegration/:integrationId': [{ kind: 'foreign', call: (a) => ({ path: `/queueIntegration/${a.integrationId}` }) }],
  // asks Dialogflow with the service account in the body; nothing of a company is named or stored
  'POST /queueIntegration/testSession': [{ kind: 'own', call: () => ({ path: '/queueIntegration/testSession', body: { projectName: 'beta', jsonContent: '{"type":"authorized_user"}' } }) }],
  'GET /companies/:companyId': [{ kind: 'foreign', call: (a) => ({ path: `/companies/${a.companyId}` }) }],
  'GET /companies/listPlan/:companyId': [{ kind: 'foreign', call: (a) => ({ path: `/companies/listPlan/${a.companyId}` }) }],
  'PUT /companies/:companyId/schedules': [
    { kind: 'foreign', call: (a) => ({ path: `/companies/${a.companyId}/schedules`, body: { schedules: [] } }) },
  ],
  'GET /queue': [{ kind: 'own', call: () => ({ path: '/queue' }) }],
  'GET /queue/user': [{ kind: 'own', call: () => ({ path: '/queue/user' }) }],
  'GET /queue/:queueId': [{ kind: 'foreign', call: (a) => ({ path: `/queue/${a.queueId}` }) }],
  'POST /queue': [{ kind: 'own', call: () => ({ path: '/queue', body: { name: 'Beta Queue X', color: '#ABCDEF' } }) }],
  'PUT /queue/:queueId': [{ kind: 'foreign', call: (a) => ({ path: `/queue/${a.queueId}`, body: { name: 'Hijacked' } }) }],
  'DELETE /queue/:queueId': [{ kind: 'foreign', call: (a) => ({ path: `/queue/${a.queueId}` }) }],
  'GET /chatbot': [{ kind: 'foreign', call: (a) => ({ path: `/chatbot?queueId=${a.queueId}` }) }],
  'GET /chatbot/:chatbotId': [{ kind: 'foreign', call: (a) => ({ path: `/chatbot/${a.chatbotId}` }) }],
  'POST /chatbot': [
    { kind: 'foreign', call: (a) => ({ path: '/chatbot', body: { queueId: a.queueId, name: 'Intruder option' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/chatbot', body: { queueId: b.queueId, parentId: a.chatbotId, name: 'Intruder option' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/chatbot', body: { queueId: b.queueId, name: 'Intruder option', optQueueId: a.queueId } }) },
  ],
  'PUT /chatbot/:chatbotId': [{ kind: 'foreign', call: (a) => ({ path: `/chatbot/${a.chatbotId}`, body: { name: 'Hijacked option' } }) }],
  'DELETE /chatbot/:chatbotId': [{ kind: 'foreign', call: (a) => ({ path: `/chatbot/${a.chatbotId}` }) }],
  'GET /whatsapp': [{ kind: 'own', call: (a) => ({ path: `/whatsapp?companyId=${a.companyId}` }) }],
  'GET /whatsapp/filter': [{ kind: 'own', call: (a) => ({ path: `/whatsapp/filter?channel=sandbox&companyId=${a.companyId}` }) }],
  'GET /whatsapp/:whatsappId': [{ kind: 'foreign', call: (a) => ({ path: `/whatsapp/${a.connectionId}?session=0` }) }],
  'POST /whatsapp': [
    { kind: 'own', call: (a) => ({ path: '/whatsapp', body: { name: 'Beta Line', channel: 'sandbox', companyId: a.companyId } }) },
    { kind: 'foreign', call: (a) => ({ path: '/whatsapp', body: { name: 'Beta Line', channel: 'sandbox', queueIds: [a.queueId] } }) },
    { kind: 'foreign', call: (a) => ({ path: '/whatsapp', body: { name: 'Beta Line', channel: 'sandbox', integrationId: a.integrationId } }) },
    { kind: 'foreign', call: (a) => ({ path: '/whatsapp', body: { name: 'Beta Line', channel: 'sandbox', promptId: a.promptId } }) },
  ],
  'PUT /whatsapp/:whatsappId': [
    { kind: 'foreign', call: (a) => ({ path: `/whatsapp/${a.connectionId}`, body: { name: 'Hijacked' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/whatsapp/${b.connectionId}`, body: { sendIdQueue: a.queueId, timeSendQueue: 5 } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/whatsapp/${b.connectionId}`, body: { integrationId: a.integrationId } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/whatsapp/${b.connectionId}`, body: { promptId: a.promptId } }) },
  ],
  'DELETE /whatsapp/:whatsappId': [{ kind: 'foreign', call: (a) => ({ path: `/whatsapp/${a.connectionId}` }) }],
  'POST /whatsapp/:whatsappId/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/whatsapp/${a.connectionId}/media-upload`, upload: 'file' }) }],
  'DELETE /whatsapp/:whatsappId/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/whatsapp/${a.connectionId}/media-upload` }) }],
  'GET /contacts': [
    { kind: 'own', call: () => ({ path: '/contacts?searchParam=Alpha' }) },
    { kind: 'own', call: (a) => ({ path: `/contacts?searchParam=${a.contactNumber}` }) },
    { kind: 'own', call: (a) => ({ path: `/contacts?contactTag=${encodeURIComponent(JSON.stringify([a.tagId]))}` }) },
  ],
  'GET /contacts/list': [{ kind: 'own', call: (a) => ({ path: `/contacts/list?companyId=${a.companyId}` }) }],
  'GET /contacts/profile/:number': [{ kind: 'foreign', call: (a) => ({ path: `/contacts/profile/${a.contactNumber}` }) }],
  'GET /contacts/:id': [{ kind: 'foreign', call: (a) => ({ path: `/contacts/${a.contactId}` }) }],
  'POST /contacts': [
    { kind: 'own', call: (a) => ({ path: '/contacts', body: { name: 'Beta Contact', number: '5511912340000', companyId: a.companyId } }) },
  ],
  'PUT /contacts/:id': [{ kind: 'foreign', call: (a) => ({ path: `/contacts/${a.contactId}`, body: { name: 'Hijacked', number: '5511900001111' } }) }],
  'DELETE /contacts/:id': [{ kind: 'foreign', call: (a) => ({ path: `/contacts/${a.contactId}` }) }],
  'PUT /contacts/toggleAcceptAudio/:id': [{ kind: 'foreign', call: (a) => ({ path: `/contacts/toggleAcceptAudio/${a.contactId}` }) }],
  'PUT /contacts/toggleDisableBot/:id': [{ kind: 'foreign', call: (a) => ({ path: `/contacts/toggleDisableBot/${a.contactId}` }) }],
  'PUT /contacts/block/:id': [{ kind: 'foreign', call: (a) => ({ path: `/contacts/block/${a.contactId}`, body: { active: false } }) }],
  'POST /tags': [
    { kind: 'own', call: () => ({ path: '/tags', body: { name: 'Beta Tag', color: '#123456', kanban: 0 } }) },
    { kind: 'foreign', call: (a) => ({ path: '/tags', body: { name: 'Beta Lane', kanban: 1, rollbackLaneId: a.tagId } }) },
  ],
  'GET /tags/list': [{ kind: 'own', call: () => ({ path: '/tags/list' }) }],
  'GET /tags': [
    { kind: 'own', call: () => ({ path: '/tags?searchParam=Tag' }) },
    { kind: 'own', call: (a) => ({ path: `/tags?tagId=${a.tagId}` }) },
  ],
  'GET /tags/:tagId': [{ kind: 'foreign', call: (a) => ({ path: `/tags/${a.tagId}` }) }],
  'PUT /tags/:tagId': [
    { kind: 'foreign', call: (a) => ({ path: `/tags/${a.tagId}`, body: { name: 'Hijacked' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/tags/${b.tagId}`, body: { nextLaneId: a.tagId } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/tags/${b.tagId}`, body: { userId: a.userId } }) },
  ],
  'DELETE /tags/:tagId': [{ kind: 'foreign', call: (a) => ({ path: `/tags/${a.tagId}` }) }],
  'DELETE /tags-contacts/:tagId/:contactId': [
    { kind: 'foreign', call: (a) => ({ path: `/tags-contacts/${a.tagId}/${a.contactId}` }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/tags-contacts/${a.tagId}/${b.contactId}` }) },
  ],
  'POST /tags/sync': [
    { kind: 'foreign', call: (a) => ({ path: '/tags/sync', body: { contactId: a.contactId, tags: [{ id: a.tagId }] } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/tags/sync', body: { contactId: b.contactId, tags: [{ id: a.tagId }] } }) },
  ],
  'GET /contactTags/:contactId': [{ kind: 'foreign', call: (a) => ({ path: `/contactTags/${a.contactId}` }) }],
  'GET /tickets': [
    { kind: 'own', call: () => ({ path: '/tickets?showAll=true&searchParam=alpha&searchOnMessages=true' }) },
    { kind: 'own', call: (a) => ({ path: `/tickets?queueIds=${encodeURIComponent(JSON.stringify([a.queueId]))}&showAll=true` }) },
  ],
  'GET /tickets/u/:uuid': [{ kind: 'foreign', call: (a) => ({ path: `/tickets/u/${a.ticketUuid}` }) }],
  'GET /tickets/:ticketId': [{ kind: 'foreign', call: (a) => ({ path: `/tickets/${a.ticketId}` }) }],
  'POST /tickets': [
    { kind: 'foreign', call: (a) => ({ path: '/tickets', body: { contactId: a.contactId, status: 'open' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/tickets', body: { contactId: b.contactId, queueId: a.queueId } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/tickets', body: { contactId: b.contactId, whatsappId: a.connectionId } }) },
  ],
  'PUT /tickets/:ticketId': [{ kind: 'foreign', call: (a) => ({ path: `/tickets/${a.ticketId}`, body: { status: 'closed' } }) }],
  'DELETE /tickets/:ticketId': [{ kind: 'foreign', call: (a) => ({ path: `/tickets/${a.ticketId}` }) }],
  'POST /tickets/closeAll': [
    { kind: 'own', call: (a) => ({ path: '/tickets/closeAll', body: { status: 'pending', selectedQueueIds: [a.queueId] } }) },
  ],
  'GET /tickets-log/:ticketId': [{ kind: 'foreign', call: (a) => ({ path: `/tickets-log/${a.ticketId}` }) }],
  // 01-core §7 dashboard and 02-operations §7 panel: B's figures only, whatever ids it names
  'GET /dashboard': [{ kind: 'own', call: () => ({ path: '/dashboard?days=30' }) }],
  'GET /dashboard/ticketsUsers': [{ kind: 'own', call: (a) => ({ path: `/dashboard/ticketsUsers?companyId=${a.companyId}` }) }],
  'GET /dashboard/ticketsDay': [{ kind: 'own', call: (a) => ({ path: `/dashboard/ticketsDay?companyId=${a.companyId}` }) }],
  // issue 35 point 13: B's first steps, read from B's rows only (onboarding.test.ts checks A's do not count)
  'GET /dashboard/onboarding': [{ kind: 'own', call: () => ({ path: '/dashboard/onboarding' }) }],
  // issue 40 point 3: the company's own SLA figures
  'GET /dashboard/sla': [{ kind: 'own', call: () => ({ path: '/dashboard/sla' }) }],
  'GET /dashboard/moments': [{ kind: 'own', call: (a) => ({ path: `/dashboard/moments?userId=${a.userId}&queueIds=${encodeURIComponent(JSON.stringify([a.queueId]))}` }) }],
  'GET /usersMoments': [{ kind: 'own', call: (a) => ({ path: `/usersMoments?userId=${a.userId}` }) }],
  // 03-saas §7 report and its export: A's ids in every filter match nothing of B's
  'GET /ticketreport/reports': [
    {
      kind: 'own',
      call: (a) => ({
        path: `/ticketreport/reports?contactId=${a.contactId}&users=${encodeURIComponent(JSON.stringify([a.userId]))}&queueIds=${encodeURIComponent(JSON.stringify([a.queueId]))}&whatsappId=${encodeURIComponent(JSON.stringify([a.connectionId]))}`,
      }),
    },
    { kind: 'own', call: () => ({ path: '/ticketreport/reports?page=1&pageSize=9999999' }) },
  ],
  'GET /ticketreport/reports/export': [{ kind: 'own', call: (a) => ({ path: `/ticketreport/reports/export?users=${encodeURIComponent(JSON.stringify([a.userId]))}` }) }],
  'GET /quick-messages': [{ kind: 'own', call: () => ({ path: '/quick-messages?searchParam=quick' }) }],
  'GET /quick-messages/list': [{ kind: 'own', call: () => ({ path: '/quick-messages/list' }) }],
  'GET /quick-messages/:id': [{ kind: 'foreign', call: (a) => ({ path: `/quick-messages/${a.quickMessageId}` }) }],
  'POST /quick-messages': [{ kind: 'own', call: () => ({ path: '/quick-messages', body: { shortcode: 'beta-new' } }) }],
  'PUT /quick-messages/:id': [{ kind: 'foreign', call: (a) => ({ path: `/quick-messages/${a.quickMessageId}`, body: { message: 'Hijacked' } }) }],
  'DELETE /quick-messages/:id': [{ kind: 'foreign', call: (a) => ({ path: `/quick-messages/${a.quickMessageId}` }) }],
  'POST /quick-messages/:id/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/quick-messages/${a.quickMessageId}/media-upload`, upload: 'file' }) }],
  'DELETE /quick-messages/:id/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/quick-messages/${a.quickMessageId}/media-upload` }) }],
  'GET /files': [{ kind: 'own', call: () => ({ path: '/files/?searchParam=files' }) }],
  'GET /files/:id': [{ kind: 'foreign', call: (a) => ({ path: `/files/${a.fileListId}` }) }],
  'POST /files': [{ kind: 'own', call: () => ({ path: '/files', body: { name: 'beta files', message: 'x' } }) }],
  'PUT /files/:id': [{ kind: 'foreign', call: (a) => ({ path: `/files/${a.fileListId}`, body: { name: 'Hijacked' } }) }],
  'DELETE /files/:id': [{ kind: 'foreign', call: (a) => ({ path: `/files/${a.fileListId}` }) }],
  'POST /files/uploadList/:id': [{ kind: 'foreign', call: (a) => ({ path: `/files/uploadList/${a.fileListId}`, upload: 'files' }) }],
  'GET /tag/kanban': [{ kind: 'own', call: () => ({ path: '/tag/kanban' }) }],
  'PUT /tag/kanban/order': [
    { kind: 'foreign', call: (a) => ({ path: '/tag/kanban/order', body: { laneIds: [a.tagId] } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/tag/kanban/order', body: { laneIds: [b.tagId, a.tagId] } }) },
  ],
  'GET /ticket/kanban': [{ kind: 'own', call: (a) => ({ path: `/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([a.queueId]))}` }) }],
  'DELETE /ticket-tags/:ticketId': [{ kind: 'foreign', call: (a) => ({ path: `/ticket-tags/${a.ticketId}` }) }],
  'PUT /ticket-tags/:ticketId/:tagId': [
    { kind: 'foreign', call: (a) => ({ path: `/ticket-tags/${a.ticketId}/${a.tagId}` }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/ticket-tags/${b.ticketId}/${a.tagId}` }) },
  ],
  'POST /ticket-notes': [
    { kind: 'foreign', call: (a) => ({ path: '/ticket-notes', body: { note: 'intruder', ticketId: a.ticketId, contactId: a.contactId } }) },
  ],
  'GET /ticket-notes/list': [{ kind: 'foreign', call: (a) => ({ path: `/ticket-notes/list?ticketId=${a.ticketId}&contactId=${a.contactId}` }) }],
  'DELETE /ticket-notes/:noteId': [{ kind: 'foreign', call: (a) => ({ path: `/ticket-notes/${a.noteId}` }) }],
  'GET /messages/:ticketId': [{ kind: 'foreign', call: (a) => ({ path: `/messages/${a.ticketId}` }) }],
  'POST /messages/:ticketId': [{ kind: 'foreign', call: (a) => ({ path: `/messages/${a.ticketId}`, body: { body: 'intruder' } }) }],
  'POST /messages/edit/:messageId': [{ kind: 'foreign', call: (a) => ({ path: `/messages/edit/${a.messageId}`, body: { body: 'hijacked' } }) }],
  'DELETE /messages/:messageId': [{ kind: 'foreign', call: (a) => ({ path: `/messages/${a.messageId}` }) }],
  'DELETE /message/:messageId': [{ kind: 'foreign', call: (a) => ({ path: `/message/${a.messageId}` }) }],
  'POST /message/forward': [
    { kind: 'foreign', call: (a, b) => ({ path: '/message/forward', body: { messageId: a.messageId, contactId: b.contactId } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/message/forward', body: { messageId: b.messageId, contactId: a.contactId } }) },
  ],
  'GET /messages-allMe': [{ kind: 'own', call: () => ({ path: '/messages-allMe' }) }],
  'POST /sandbox/connections': [{ kind: 'own', call: () => ({ path: '/sandbox/connections', body: { name: 'Beta Sandbox' } }) }],
  'POST /sandbox/:connectionId/messages': [
    { kind: 'foreign', call: (a) => ({ path: `/sandbox/${a.connectionId}/messages`, body: { from: '5511900002222', body: 'intruder' } }) },
  ],
  'POST /sandbox/:connectionId/acks': [
    { kind: 'foreign', call: (a) => ({ path: `/sandbox/${a.connectionId}/acks`, body: { providerMessageId: a.providerMessageId, ack: 5 } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/sandbox/${b.connectionId}/acks`, body: { providerMessageId: a.providerMessageId, ack: 5 } }) },
  ],
  'GET /sandbox/:connectionId/outbox': [{ kind: 'foreign', call: (a) => ({ path: `/sandbox/${a.connectionId}/outbox` }) }],
  'POST /whatsappapi/connections': [
    { kind: 'own', call: () => ({ path: '/whatsappapi/connections', body: { name: 'Beta Cloud', phoneNumberId: '5550001', accessToken: 'beta-cloud-token' } }) },
  ],
  'POST /facebook': [{ kind: 'own', call: () => ({ path: '/facebook', body: { facebookUserId: '5550002', facebookUserToken: 'beta-user-token', addInstagram: true } }) }],
  'POST /telegram/connections': [{ kind: 'own', call: () => ({ path: '/telegram/connections', body: { name: 'Beta Telegram', botToken: `5550003:${'b'.repeat(35)}` } }) }],
  'POST /webchat/connections': [{ kind: 'own', call: () => ({ path: '/webchat/connections', body: { name: 'Beta Web chat', allowedOrigins: ['https://beta.test'], color: '#123456', greeting: '', preChatForm: false } }) }],
  'GET /webchat/connections/:whatsappId': [{ kind: 'foreign', call: (a) => ({ path: `/webchat/connections/${a.webchatConnectionId}` }) }],
  'PUT /webchat/connections/:whatsappId': [
    {
      kind: 'foreign',
      call: (a) => ({ path: `/webchat/connections/${a.webchatConnectionId}`, body: { name: 'Hijacked', allowedOrigins: ['https://evil.test'], color: '#000000', greeting: '', preChatForm: false } }),
    },
  ],
  'POST /webchat/tickets/:ticketId/typing': [{ kind: 'foreign', call: (a) => ({ path: `/webchat/tickets/${a.ticketId}/typing` }) }],
  'POST /email/connections': [{ kind: 'own', call: () => ({ path: '/email/connections', body: { name: 'Beta Email', supportAddress: 'beta@beta.test', smtp: { host: '127.0.0.1', port: 9, secure: false } } }) }],
  'POST /whatsappsession/:whatsappId': [{ kind: 'foreign', call: (a) => ({ path: `/whatsappsession/${a.connectionId}` }) }],
  'PUT /whatsappsession/:whatsappId': [{ kind: 'foreign', call: (a) => ({ path: `/whatsappsession/${a.connectionId}` }) }],
  'DELETE /whatsappsession/:whatsappId': [{ kind: 'foreign', call: (a) => ({ path: `/whatsappsession/${a.connectionId}` }) }],
  'POST /closedimported/:whatsappId': [{ kind: 'foreign', call: (a) => ({ path: `/closedimported/${a.connectionId}` }) }],
  'POST /whatsapp-restart': [{ kind: 'own', call: () => ({ path: '/whatsapp-restart/' }) }],
  'GET /invoices': [{ kind: 'own', call: () => ({ path: '/invoices?searchParam=a' }) }],
  'GET /subscription': [{ kind: 'own', call: () => ({ path: '/subscription' }) }],
  'POST /subscription': [
    { kind: 'foreign', call: (a) => ({ path: '/subscription', body: { firstName: 'Beta', zipcode: '123.456.789-09', plan: '{}', price: 10, invoiceId: a.invoiceId } }) },
  ],
  'GET /chats': [{ kind: 'own', call: () => ({ path: '/chats?searchParam=Alpha' }) }],
  'GET /chats/:id': [{ kind: 'foreign', call: (a) => ({ path: `/chats/${a.chatId}` }) }],
  'POST /chats': [
    { kind: 'own', call: (_a, b) => ({ path: '/chats', body: { title: 'Beta Chat', users: [b.userId] } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/chats', body: { title: 'Beta Chat', users: [b.userId, a.userId] } }) },
  ],
  'PUT /chats/:id': [
    { kind: 'foreign', call: (a, b) => ({ path: `/chats/${a.chatId}`, body: { title: 'Hijacked', users: [b.userId] } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/chats/${b.chatId}`, body: { title: 'Beta Chat', users: [a.userId] } }) },
  ],
  'DELETE /chats/:id': [{ kind: 'foreign', call: (a) => ({ path: `/chats/${a.chatId}` }) }],
  'POST /chats/:id/read': [{ kind: 'foreign', call: (a) => ({ path: `/chats/${a.chatId}/read`, body: { userId: a.userId } }) }],
  'GET /chats/:id/messages': [{ kind: 'foreign', call: (a) => ({ path: `/chats/${a.chatId}/messages` }) }],
  // announcements are the platform's: every company reads the same active ones (02-operations §1)
  'GET /announcements': [{ kind: 'own', call: () => ({ path: '/announcements?searchParam=Alpha' }) }],
  'GET /announcements/:id': [{ kind: 'own', call: () => ({ path: '/announcements/1' }) }],
  'POST /chats/:id/messages': [{ kind: 'foreign', call: (a) => ({ path: `/chats/${a.chatId}/messages`, body: { message: 'intruder' } }) }],
  'GET /schedules': [
    { kind: 'own', call: () => ({ path: '/schedules?searchParam=alpha' }) },
    { kind: 'own', call: (a) => ({ path: `/schedules?contactId=${a.contactId}` }) },
  ],
  'GET /schedules/:scheduleId': [{ kind: 'foreign', call: (a) => ({ path: `/schedules/${a.scheduleId}` }) }],
  'POST /schedules': [
    { kind: 'foreign', call: (a) => ({ path: '/schedules', body: { contactId: a.contactId, body: 'intruder schedule', sendAt: '2030-01-01T12:00:00Z' } }) },
    {
      kind: 'foreign',
      call: (a, b) => ({ path: '/schedules', body: { contactId: b.contactId, body: 'intruder schedule', sendAt: '2030-01-01T12:00:00Z', whatsappId: a.connectionId } }),
    },
    {
      kind: 'foreign',
      call: (a, b) => ({ path: '/schedules', body: { contactId: b.contactId, body: 'intruder schedule', sendAt: '2030-01-01T12:00:00Z', ticketUserId: a.userId } }),
    },
    {
      kind: 'foreign',
      call: (a, b) => ({ path: '/schedules', body: { contactId: b.contactId, body: 'intruder schedule', sendAt: '2030-01-01T12:00:00Z', queueId: a.queueId } }),
    },
  ],
  'PUT /schedules/:scheduleId': [
    { kind: 'foreign', call: (a) => ({ path: `/schedules/${a.scheduleId}`, body: { body: 'hijacked schedule' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/schedules/${b.scheduleId}`, body: { contactId: a.contactId } }) },
  ],
  'DELETE /schedules/:scheduleId': [{ kind: 'foreign', call: (a) => ({ path: `/schedules/${a.scheduleId}` }) }],
  'POST /schedules/:scheduleId/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/schedules/${a.scheduleId}/media-upload`, upload: 'file' }) }],
  'DELETE /schedules/:scheduleId/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/schedules/${a.scheduleId}/media-upload` }) }],
  'GET /campaigns': [{ kind: 'own', call: () => ({ path: '/campaigns?searchParam=alpha' }) }],
  'GET /campaigns/:campaignId': [{ kind: 'foreign', call: (a) => ({ path: `/campaigns/${a.campaignId}` }) }],
  'POST /campaigns': [
    { kind: 'foreign', call: (a) => ({ path: '/campaigns', body: { name: 'Intruder campaign', contactListId: a.contactListId } }) },
    { kind: 'foreign', call: (a) => ({ path: '/campaigns', body: { name: 'Intruder campaign', tagListId: a.tagId } }) },
    { kind: 'foreign', call: (a) => ({ path: '/campaigns', body: { name: 'Intruder campaign', whatsappId: a.connectionId } }) },
  ],
  'PUT /campaigns/:campaignId': [
    { kind: 'foreign', call: (a) => ({ path: `/campaigns/${a.campaignId}`, body: { name: 'Hijacked' } }) },
    { kind: 'foreign', call: (a, b) => ({ path: `/campaigns/${b.campaignId}`, body: { contactListId: a.contactListId } }) },
  ],
  'DELETE /campaigns/:campaignId': [{ kind: 'foreign', call: (a) => ({ path: `/campaigns/${a.campaignId}` }) }],
  'POST /campaigns/:campaignId/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/campaigns/${a.campaignId}/media-upload`, upload: 'file' }) }],
  'DELETE /campaigns/:campaignId/media-upload': [{ kind: 'foreign', call: (a) => ({ path: `/campaigns/${a.campaignId}/media-upload` }) }],
  'POST /campaigns/:campaignId/cancel': [{ kind: 'foreign', call: (a) => ({ path: `/campaigns/${a.campaignId}/cancel` }) }],
  'POST /campaigns/:campaignId/restart': [{ kind: 'foreign', call: (a) => ({ path: `/campaigns/${a.campaignId}/restart` }) }],
  'GET /campaign-settings': [{ kind: 'own', call: () => ({ path: '/campaign-settings' }) }],
  'POST /campaign-settings': [{ kind: 'own', call: () => ({ path: '/campaign-settings', body: { settings: { messageInterval: 5 } } }) }],
  'GET /contact-lists': [{ kind: 'own', call: () => ({ path: '/contact-lists?searchParam=alpha' }) }],
  'GET /contact-lists/list': [{ kind: 'own', call: () => ({ path: '/contact-lists/list' }) }],
  'GET /contact-lists/:contactListId': [{ kind: 'foreign', call: (a) => ({ path: `/contact-lists/${a.contactListId}` }) }],
  'POST /contact-lists': [{ kind: 'own', call: () => ({ path: '/contact-lists', body: { name: 'Beta List' } }) }],
  'PUT /contact-lists/:contactListId': [{ kind: 'foreign', call: (a) => ({ path: `/contact-lists/${a.contactListId}`, body: { name: 'Hijacked' } }) }],
  'DELETE /contact-lists/:contactListId': [{ kind: 'foreign', call: (a) => ({ path: `/contact-lists/${a.contactListId}` }) }],
  'POST /contact-lists/:contactListId/upload': [{ kind: 'foreign', call: (a) => ({ path: `/contact-lists/${a.contactListId}/upload`, upload: 'file' }) }],
  'GET /contact-list-items': [{ kind: 'foreign', call: (a) => ({ path: `/contact-list-items?contactListId=${a.contactListId}` }) }],
  'GET /contact-list-items/:itemId': [{ kind: 'foreign', call: (a) => ({ path: `/contact-list-items/${a.contactListItemId}` }) }],
  'POST /contact-list-items': [
    { kind: 'foreign', call: (a) => ({ path: '/contact-list-items', body: { contactListId: a.contactListId, name: 'Intruder', number: '5511900003333' } }) },
  ],
  'PUT /contact-list-items/:itemId': [{ kind: 'foreign', call: (a) => ({ path: `/contact-list-items/${a.contactListItemId}`, body: { name: 'Hijacked' } }) }],
  'DELETE /contact-list-items/:itemId': [{ kind: 'foreign', call: (a) => ({ path: `/contact-list-items/${a.contactListItemId}` }) }],
  'POST /contacts/import/upload': [{ kind: 'own', call: () => ({ path: '/contacts/import/upload', upload: 'file' }) }],
  'POST /contacts/import': [
    {
      kind: 'foreign',
      call: (a) => ({ path: '/contacts/import', body: { file: a.importFile, columns: [{ field: 'name' }, { field: 'number' }] } }),
    },
    {
      kind: 'foreign',
      call: (a, b) => ({ path: '/contacts/import', body: { file: b.importFile, columns: [{ field: 'name' }, { field: 'number' }], tagIds: [a.tagId] } }),
    },
  ],
  'POST /contacts/import/contact-list': [
    { kind: 'foreign', call: (a) => ({ path: '/contacts/import/contact-list', body: { contactListId: a.contactListId } }) },
    { kind: 'foreign', call: (a, b) => ({ path: '/contacts/import/contact-list', body: { contactListId: b.contactListId, tagIds: [a.tagId] } }) },
  ],
  'GET /contacts/import': [{ kind: 'own', call: () => ({ path: '/contacts/import' }) }],
  'GET /contacts/import/:importId': [{ kind: 'foreign', call: (a) => ({ path: `/contacts/import/${a.contactImportId}` }) }],
};

// Super routes are refused to a company admin; public ones carry no tenant data.
const superOrPublicChecks: Record<string, Call> = {
  'GET /settings': { path: '/settings' },
  'PUT /settings/:key': { path: '/settings/appName', body: { value: 'Hijacked' } },
  'POST /version': { path: '/version', body: { version: '9.9.9-hijacked' } },
  'POST /helps': { path: '/helps', body: { title: 'Hijacked', video: 'hijacked001' } },
  'PUT /helps/:id': { path: '/helps/1', body: { title: 'Hijacked' } },
  'DELETE /helps/:id': { path: '/helps/1' },
  'POST /settings-whitelabel/logo': { path: '/settings-whitelabel/logo', body: { mode: 'Light' } },
  'POST /settings-whitelabel/login': { path: '/settings-whitelabel/login', body: { mode: 'Enter' } },
  'GET /jobs/failed': { path: '/jobs/failed' },
  'POST /jobs/:jobId/retry': { path: '/jobs/1/retry' },
  'DELETE /jobs/:jobId': { path: '/jobs/1' },
  'GET /api-keys/all': { path: '/api-keys/all' },
  'GET /all-audit-log': { path: '/all-audit-log' },
  'GET /all-audit-log/export': { path: '/all-audit-log/export' },
  'DELETE /api-keys/all/:apiKeyId': { path: '/api-keys/all/1' },
  'GET /companies': { path: '/companies' },
  'GET /companies/list': { path: '/companies/list' },
  'GET /companiesPlan': { path: '/companiesPlan/?searchParam=Alpha' },
  'POST /companies': { path: '/companies', body: { name: 'Intruder Co', email: 'intruder@b.test', password: 'secret-1', planId: 1 } },
  'PUT /companies/:companyId': { path: '/companies/1', body: { name: 'Hijacked' } },
  'DELETE /companies/:companyId': { path: '/companies/1' },
  'GET /plans/all': { path: '/plans/all' },
  'GET /plans/:planId': { path: '/plans/1' },
  'POST /plans': { path: '/plans', body: { name: 'Intruder plan' } },
  'PUT /plans/:planId': { path: '/plans/1', body: { users: 100000 } },
  'DELETE /plans/:planId': { path: '/plans/1' },
  'GET /whatsapp/all': { path: '/whatsapp/all/?session=0' },
  'POST /announcements': { path: '/announcements', body: { title: 'Hijacked', text: 'x' } },
  'PUT /announcements/:id': { path: '/announcements/1', body: { title: 'Hijacked', text: 'x' } },
  'DELETE /announcements/:id': { path: '/announcements/1' },
  'POST /announcements/:id/media-upload': { path: '/announcements/1/media-upload' },
  'DELETE /announcements/:id/media-upload': { path: '/announcements/1/media-upload' },
};

const MARKERS = ['Alpha', 'alpha'];

// One md5 per table over A's rows: any change to A's data changes it.
const fingerprintOf = async (companyId: number) => {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => typeof value === 'object' && value !== null && Symbol.for('drizzle:Name') in value);
  const result: Record<string, string> = {};
  for (const table of tables) {
    const name = getTableName(table);
    const columns = getTableColumns(table);
    const tenantColumn = 'companyId' in columns ? 'company_id' : name === 'companies' ? 'id' : undefined;
    if (!tenantColumn) continue;
    const rows = await t.db.execute(
      sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x where "${tenantColumn}" = ${companyId}`),
    );
    result[name] = String((rows as unknown as { rows: { h: string }[] }).rows[0].h);
  }
  return result;
};

const seedTenant = async (label: 'Alpha' | 'Beta') => {
  const tenant = await setupAttendance(t);
  const token = tenant.adminSession.token;
  const number = label === 'Alpha' ? '5511987650000' : '5511987659999';
  const { ticketId, messageId } = await tenant.inbound(number, `${label.toLowerCase()} message`);
  await tenant.put(token, ticketId, { status: 'open', userId: tenant.admin.id, queueId: tenant.queues[0].id });
  const ticket = await tenant.ticket(token, ticketId);
  await t.request('PUT', `/contacts/${ticket.contactId}`, { token, body: { name: `${label} Contact`, number } });
  await t.request('PUT', `/users/${tenant.admin.id}`, { token, body: { name: `${label} User`, email: tenant.admin.email } });
  const tag = await createTag(t.db, tenant.company.id, { name: `${label} Tag`, kanban: 1 });
  const option = await t.request('POST', '/chatbot', { token, body: { queueId: tenant.queues[0].id, name: `${label} option` } });
  await t.request('POST', '/tags/sync', { token, body: { contactId: ticket.contactId, tags: [{ id: tag.id }] } });
  const quick = await t.request('POST', '/quick-messages', { token, body: { shortcode: `${label} quick`, message: `${label} quick text`, geral: true } });
  const fileList = await t.request('POST', '/files', { token, body: { name: `${label} files`, message: `${label} files text`, options: [{ name: `${label} file` }] } });
  const article = await t.request('POST', '/knowledge', { token, body: { title: `${label} article`, body: `${label} knowledge text` } });
  const prompt = await t.request('POST', '/prompt', { token, body: { name: `${label} Prompt`, prompt: `${label} prompt`, apiKey: 'sk-secret', queueId: tenant.queues[0].id } });
  const integration = await t.request('POST', '/queueIntegration', { token, body: { type: 'webhook', name: `${label} Hook`, urlN8N: 'https://hooks.example' } });
  const note = await t.request('POST', '/ticket-notes', { token, body: { note: `${label} note`, ticketId, contactId: ticket.contactId } });
  const sent = await t.request('POST', `/messages/${ticketId}`, { token, body: { body: `${label} reply` } });
  await expect.poll(async () => (await t.request('GET', `/sandbox/${tenant.connection.id}/outbox`, { token })).body.length).toBe(1);
  const outbox = await t.request('GET', `/sandbox/${tenant.connection.id}/outbox`, { token });
  const [invoice] = await t.db
    .insert(schema.invoices)
    .values({ companyId: tenant.company.id, detail: `${label} invoice`, dueDate: '2030-01-10', value: '10.00' })
    .returning();
  const chat = await t.request('POST', '/chats', { token, body: { title: `${label} chat`, users: [tenant.admin.id] } });
  await t.request('POST', `/chats/${chat.body.id}/messages`, { token, body: { message: `${label} chat message` } });
  const schedule = await t.request('POST', '/schedules', { token, body: { contactId: ticket.contactId, body: `${label} schedule`, sendAt: '2030-01-01T12:00:00Z' } });
  const contactList = await t.request('POST', '/contact-lists', { token, body: { name: `${label} list` } });
  const listItem = await t.request('POST', '/contact-list-items', { token, body: { contactListId: contactList.body.id, name: `${label} entry`, number } });
  const contactImport = await t.request('POST', '/contacts/import/contact-list', { token, body: { contactListId: contactList.body.id } });
  const sheet = new FormData();
  sheet.append('file', new Blob([`name,number\n${label} sheet,5511900004444`]), 'sheet.csv');
  const uploaded = await t.request('POST', '/contacts/import/upload', { token, rawBody: sheet });
  const campaign = await t.request('POST', '/campaigns', { token, body: { name: `${label} campaign`, message1: `${label} offer`, contactListId: contactList.body.id } });
  const apiKey = await t.request('POST', '/api-keys', { token, body: { name: `${label} key`, scopes: apiKeyScopes.filter((scope) => scope.endsWith(':write')) } });
  const slaPolicy = await t.request('POST', '/sla-policies', { token, body: { name: `${label} SLA`, queueId: tenant.queues[0].id, firstResponseMinutes: 15 } });
  // inactive: a rule of A must not act on A's rows while the sweep compares them
  const rule = await t.request('POST', '/automation-rules', { token, body: { name: `${label} rule`, active: false, trigger: 'messageReceived', actions: [{ kind: 'setPriority', priority: 'high' }] } });
  const macro = await t.request('POST', '/macros', { token, body: { name: `${label} macro`, actions: [{ kind: 'setPriority', priority: 'low' }] } });
  const webchat = await t.request('POST', '/webchat/connections', {
    token,
    body: { name: `${label} Web chat`, allowedOrigins: [`https://${label.toLowerCase()}.test`], color: '#123456', greeting: `${label} greeting`, preChatForm: false },
  });
  const webhook = await t.request('POST', '/webhook-endpoints', { token, body: { url: `https://hooks.example/${label}`, description: `${label} webhook`, events: ['ticket.created'] } });
  // a delivery already made, written directly: a test event's delivery job would retry against the
  // unreachable host in the background and change A's rows while the sweep compares them
  const [webhookDelivery] = await t.db
    .insert(schema.webhookDeliveries)
    .values({ companyId: tenant.company.id, endpointId: webhook.body.endpoint.id, eventId: `${label}-delivered`, event: 'webhook.test', payload: {}, state: 'delivered', attempts: 1, responseStatus: 200 })
    .returning({ id: schema.webhookDeliveries.id });
  const ids: Ids = {
    userId: tenant.admin.id,
    contactId: ticket.contactId,
    contactNumber: number,
    ticketId,
    ticketUuid: ticket.uuid,
    messageId: sent.body[0].id ?? messageId,
    providerMessageId: outbox.body[0].providerMessageId,
    noteId: note.body.id,
    tagId: tag.id,
    queueId: tenant.queues[0].id,
    connectionId: tenant.connection.id,
    webchatConnectionId: webchat.body.id,
    chatbotId: option.body.id,
    quickMessageId: quick.body.id,
    fileListId: fileList.body.id,
    promptId: prompt.body.id,
    knowledgeArticleId: article.body.id,
    integrationId: integration.body.id,
    companyId: tenant.company.id,
    invoiceId: invoice.id,
    chatId: chat.body.id,
    scheduleId: schedule.body.id,
    contactListId: contactList.body.id,
    contactListItemId: listItem.body.id,
    contactImportId: contactImport.body.id,
    importFile: uploaded.body.file,
    campaignId: campaign.body.id,
    webhookEndpointId: webhook.body.endpoint.id,
    webhookDeliveryId: webhookDelivery.id,
    automationRuleId: rule.body.id,
    macroId: macro.body.id,
    slaPolicyId: slaPolicy.body.id,
    apiKeyId: apiKey.body.id,
    apiKey: apiKey.body.key,
    sessionId: tenant.adminSession.sessionId,
  };
  return { tenant, ids };
};

// Every tenant route called with B's credential (a sign-in's token or an API key) naming A's
// records, and every super admin route, which must refuse.
const sweepAs = async (token: string, alpha: Ids, beta: Ids) => {
  const tenantRoutes = t.app.routeTable.filter((route) => route.access === 'tenant');
  const unlisted = tenantRoutes.map((route) => `${route.method} ${route.url}`).filter((key) => !catalogue[key]);
  expect(unlisted, 'tenant routes missing from the isolation catalogue').toEqual([]);

  const failures: string[] = [];
  let calls = 0;
  for (const route of tenantRoutes) {
    for (const entry of catalogue[`${route.method} ${route.url}`]) {
      const call = entry.call(alpha, beta);
      let answer;
      if (call.upload) {
        const form = new FormData();
        form.append(call.upload, new Blob([Buffer.from([0xff, 0xd8, 0xff])]), 'x.jpg');
        answer = await t.request(route.method, call.path, { token, rawBody: form });
      } else {
        answer = await t.request(route.method, call.path, { token, body: call.body });
      }
      calls++;
      const text = JSON.stringify(answer.body ?? '');
      const where = `${route.method} ${call.path} -> ${answer.status}`;
      if (answer.status >= 500) failures.push(`${where}: server error`);
      if (MARKERS.some((marker) => text.includes(marker)) || text.includes(alpha.contactNumber)) failures.push(`${where}: leaks A's data ${text.slice(0, 200)}`);
      if (entry.kind === 'foreign' && ![400, 403, 404].includes(answer.status)) failures.push(`${where}: not refused`);
    }
  }
  for (const [key, call] of Object.entries(superOrPublicChecks)) {
    const [method] = key.split(' ');
    const answer = await t.request(method, call.path, { token, body: call.body });
    calls++;
    if (answer.status !== 403) failures.push(`${key} as company admin -> ${answer.status}`);
  }
  expect(failures).toEqual([]);
  expect(calls).toBeGreaterThan(tenantRoutes.length);
};

describe('tenant-isolation sweep over every route (ARCHITECTURE §4 Tenancy, 01-core §6)', () => {
  it("company B's admin reaches none of company A's records through any route", async () => {
    const alpha = await seedTenant('Alpha');
    const beta = await seedTenant('Beta');
    const before = await fingerprintOf(alpha.ids.companyId);
    // two seeded tenants and a call per route and catalogue entry
    await sweepAs(beta.tenant.adminSession.token, alpha.ids, beta.ids);
    expect(await fingerprintOf(alpha.ids.companyId)).toEqual(before);
  }, 120_000);

  it("issue 37 point 2: company B's API key with every scope reaches none of company A's records through any route", async () => {
    const alpha = await seedTenant('Alpha');
    const beta = await seedTenant('Beta');
    const before = await fingerprintOf(alpha.ids.companyId);
    await sweepAs(beta.ids.apiKey, alpha.ids, beta.ids);
    expect(await fingerprintOf(alpha.ids.companyId)).toEqual(before);
  }, 120_000);

  it('a profile user reaches no route that needs a permission it lacks (01-core §6)', async () => {
    const { tenant, ids } = await seedTenant('Beta');
    const plain = await tenant.attendant([tenant.queues[0].id]);
    const guarded = t.app.routeTable.filter((route) => route.access === 'super' || route.permission);
    expect(guarded.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const route of guarded) {
      const entry = catalogue[`${route.method} ${route.url}`]?.[0];
      const call = entry ? entry.call(ids, ids) : superOrPublicChecks[`${route.method} ${route.url}`];
      const answer = await t.request(route.method, call.path, { token: plain.session.token, body: call.body });
      if (answer.status !== 403) failures.push(`${route.method} ${call.path} -> ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });
});
