// Hostile-input sweep over every route in the server's route table (ARCHITECTURE §4 Input is
// hostile; issue 4 point 2). Each route gets property-based requests built from its own zod
// schemas plus mutations, as the user its access class names. Every answer: no 5xx, no stack
// trace, hash or secret; every 4xx leaves the whole database exactly as it was.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { externalSendBody } from '@atende/shared/messages-api';
import { messageSendBody } from '@atende/shared/messages';
import { globalSettingKeys } from '@atende/shared/settings';
import { telegramUpdate } from '../../src/channels/telegram/telegram-update.ts';
import { jobs } from '../../src/db/schema.ts';
import type { RouteEntry } from '../../src/platform/access.ts';
import { createContact, createTag } from '../factories/contact.factory.ts';
import { createCompany, createUser } from '../factories/company.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import { startFakeGraph } from '../helpers/fake-graph.ts';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD } from '../helpers/test-app.ts';
import { leaksIn, sendRaw } from './support/answers.ts';
import { HUGE, objectMutation, pathSegment, rawBodies, rawQueryExtras, toQueryString, type Mutation, type RawBody } from './support/hostile.ts';
import { changedTables, companyFingerprint, settle, snapshot, type Snapshot } from './support/snapshot.ts';
import { isZodSchema, objectKeys, validArbitrary, type Hints } from './support/zod-arbitrary.ts';

const SEED = 20_240_404;
const RUNS_PER_ROUTE = 30;

// Multipart upload routes have their own sweep (uploads.test.ts).
const sweptElsewhere = new Set(['POST /users/:id/media-upload']);
// Routes that take a body without a body schema on the route, and why that is safe.
const bodyValidatedInHandler: Record<string, unknown> = {
  // JSON or multipart; the handler parses both into messageSendBody
  'POST /messages/:ticketId': messageSendBody,
  // JSON or multipart, authenticated by a connection token
  'POST /api/messages/send': externalSendBody,
  // a Telegram bot's deliveries: refused without the connection's secret token, then read as an Update
  'POST /webhooks/telegram/:botId': telegramUpdate,
};
const bodyless = new Set([
  'POST /auth/refresh_token',
  // the copilot's draft and summary of a ticket (issue 42): the ticket id in the path is all they take
  'POST /copilot/tickets/:ticketId/suggest',
  'POST /copilot/tickets/:ticketId/summary',
  // web chat (issue 41): an attendant typing names the ticket in the path; a visitor's file is
  // multipart, read by the handler after the origin, token and flood checks
  'POST /webchat/tickets/:ticketId/typing',
  'POST /webchat/:publicId/files',
  // an invitation's resend (issue 38 point 3): the user id in the path is all it takes
  'POST /users/:id/invitation',
  // a new secret for the signed-in user (issue 38 point 4): the token names the user
  'POST /auth/two-factor/setup',
  'POST /users/:id/media-upload',
  'POST /whatsapp/:whatsappId/media-upload',
  'POST /quick-messages/:id/media-upload',
  // a file list's files (02-operations §7): multipart, its fields parsed by fileListUploadFields in the service
  'POST /files/uploadList/:id',
  'POST /schedules/:scheduleId/media-upload',
  'POST /campaigns/:campaignId/media-upload',
  // 02-operations §7 Campaigns: cancel and restart take the campaign id in the path and nothing else
  'POST /campaigns/:campaignId/cancel',
  'POST /campaigns/:campaignId/restart',
  'POST /contact-lists/:contactListId/upload',
  // the contact import wizard's sheet: multipart, typed by content in the handler
  'POST /contacts/import/upload',
  'PUT /contacts/toggleAcceptAudio/:id',
  'PUT /contacts/toggleDisableBot/:id',
  'PUT /ticket-tags/:ticketId/:tagId',
  // Meta's webhooks: the raw body is kept for its signature, then parsed and checked by the channel
  'POST /webhooks/whatsappapi',
  'POST /webhooks/facebook',
  // WhatsApp session actions (02-operations §7): the connection id in the path is all they take
  'POST /whatsappsession/:whatsappId',
  'PUT /whatsappsession/:whatsappId',
  'POST /whatsapp-restart',
  'POST /closedimported/:whatsappId',
  // a failed job's retry (issue 12): the job id in the path is all it takes
  'POST /jobs/:jobId/retry',
  // whitelabel images (03-saas §7): multipart, its fields parsed by whitelabelLogoFields and
  // whitelabelLoginFields in the handler; the uploads themselves are tested in settings/whitelabel.test.ts
  'POST /settings-whitelabel/logo',
  'POST /settings-whitelabel/login',
  // an internal chat read (02-operations §7): the caller's own count is cleared, whatever the body names
  'POST /chats/:id/read',
  // an announcement's image (02-operations §7): multipart, read and checked by content in the handler
  'POST /announcements/:id/media-upload',
  // a webhook endpoint's secret rotation, a delivery's resend and a test event (issue 37 point 1): the
  // ids in the path are all they take
  'POST /webhook-endpoints/:endpointId/secret',
  'POST /webhook-endpoints/:endpointId/deliveries/:deliveryId/resend',
  'POST /webhook-endpoints/:endpointId/test',
]);

const routeKey = (route: RouteEntry) => `${route.method} ${route.url}`;
const urlParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);

// ---- a server with one seeded tenant (A) and a neighbour (B) ----
// Meta's Graph API stands on loopback; it lists no pages and knows no phone number. WhatsApp
// connections the sweep creates run sessions on silent fake sockets; their leases are long enough
// that no renewal lands between two snapshots.
const graph = await startFakeGraph();
// Thousands of requests from one address: request limits high enough that every request reaches
// the route's validation and handler instead of a 429 (the limits have their own tests).
const unlimited = { windowSeconds: 60, maxPerIp: 1_000_000, refreshMaxPerIp: 1_000_000, messagesApiMaxPerToken: 1_000_000, signupMaxPerIp: 1_000_000, apiKeyMax: 1_000_000 };
// Email on (printed to the silent log), so the routes that mail reach their handlers rather than
// answering 503 ERR_EMAIL_DISABLED.
const mail = { transport: 'log', from: { address: 'no-reply@sweep.test' }, linkBase: 'http://localhost' } as const;
const passwordReset = { maxPerEmail: 1_000_000, maxPerIp: 1_000_000, windowSeconds: 60 };
const t = await startTestApp({ meta: { graphUrl: graph.graphUrl }, rateLimit: unlimited, mail, passwordReset }, { whatsapp: { timings: { leaseSeconds: 3600 } } });
const a = await setupAttendance(t, { queues: 2 });
const spareUsers = [await createUser(t.db, a.company.id), await createUser(t.db, a.company.id), await createUser(t.db, a.company.id)];
const aTags = [await createTag(t.db, a.company.id), await createTag(t.db, a.company.id)];
const aContacts = [await createContact(t.db, a.company.id, { tagIds: [aTags[0].id] }), await createContact(t.db, a.company.id)];
const inbound = [await a.inbound('5511900000001', 'hello'), await a.inbound('5511900000002', 'olá'), await a.inbound('5511900000003', 'hi')];
const ticketIds = [...new Set(inbound.map((message) => message.ticketId))];
const tickets = await Promise.all(ticketIds.map((id) => a.ticket(a.adminSession.token, id)));
const accepted = await a.put(a.adminSession.token, ticketIds[0], { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
const sent = await t.request('POST', `/messages/${ticketIds[0]}`, { token: a.adminSession.token, body: { body: 'from the agent' } });
const note = await t.request('POST', '/ticket-notes', {
  token: a.adminSession.token,
  body: { note: 'a note', ticketId: ticketIds[0], contactId: tickets[0].contactId },
});
// failed jobs for the super admin's routes to retry and discard; their message does not exist, so
// a retried one just completes
const failedJobs = await t.db
  .insert(jobs)
  .values([1, 2, 3].map((n) => ({
    kind: 'message.outbound',
    companyId: a.company.id,
    payload: { companyId: a.company.id, messageId: 2_000_000_000 + n, connectionId: a.connection.id, action: 'send' },
    priority: 20,
    state: 'failed' as const,
    finishedAt: new Date(),
    lastError: 'provider down',
  })))
  .returning({ id: jobs.id });
const chat = await t.request('POST', '/chats', { token: a.adminSession.token, body: { title: 'Sweep chat', users: spareUsers.map((user) => user.id) } });
const schedule = await t.request('POST', '/schedules', {
  token: a.adminSession.token,
  body: { contactId: aContacts[0].id, body: 'a schedule for the sweep', sendAt: '2030-01-01T12:00:00Z' },
});
const contactList = await t.request('POST', '/contact-lists', { token: a.adminSession.token, body: { name: 'Sweep list' } });
const listItem = await t.request('POST', '/contact-list-items', {
  token: a.adminSession.token,
  body: { contactListId: contactList.body.id, name: 'Sweep entry', number: '5511900000009' },
});
const contactImport = await t.request('POST', '/contacts/import/contact-list', { token: a.adminSession.token, body: { contactListId: contactList.body.id } });
const fileList = await t.request('POST', '/files', { token: a.adminSession.token, body: { name: 'Sweep files', message: 'files for the sweep', options: [{ name: 'Capa' }] } });
const campaign = await t.request('POST', '/campaigns', { token: a.adminSession.token, body: { name: 'Sweep campaign', contactListId: contactList.body.id } });
const b = await createCompany(t.db);
// the super admin may edit and delete any company: its company routes get only this spare one
const spare = await createCompany(t.db);
const bContact = await createContact(t.db, b.company.id);
const bTag = await createTag(t.db, b.company.id);
const superSession = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
const announcement = await t.request('POST', '/announcements', { token: superSession.token, body: { title: 'Sweep notice', text: 'text' } });
const bBefore = await companyFingerprint(t.db, b.company.id);
if (sent.status !== 201 || note.status >= 300 || chat.status !== 201 || announcement.status !== 201 || fileList.status !== 201) throw new Error(`sweep set-up failed: ${JSON.stringify([accepted.body, sent.body, note.body])}`);

const own = {
  users: spareUsers.map((user) => user.id),
  readableUsers: [a.admin.id, ...spareUsers.map((user) => user.id)],
  contacts: [...aContacts.map((contact) => contact.id), ...tickets.map((ticket) => ticket.contactId)],
  numbers: aContacts.map((contact) => contact.number),
  tickets: ticketIds,
  uuids: tickets.map((ticket) => ticket.uuid as string),
  messages: [...inbound.map((message) => message.messageId), sent.body.id as number],
  tags: aTags.map((tag) => tag.id),
  notes: [note.body.id as number],
  queues: a.queues.map((queue) => queue.id),
  connections: [a.connection.id],
  jobs: failedJobs.map((job) => job.id),
  chats: [chat.body.id as number],
  announcements: [announcement.body.id as number],
  schedules: [schedule.body.id as number],
  contactLists: [contactList.body.id as number],
  contactListItems: [listItem.body.id as number],
  contactImports: [contactImport.body.id as number],
  fileLists: [fileList.body.id as number],
  campaigns: [campaign.body.id as number],
};
// ids of the neighbour: valid numbers the caller must not reach
const foreign = [b.admin.id, bContact.id, bTag.id, b.company.id];

const realSegments = (route: RouteEntry, param: string): Array<string | number> => {
  const byName: Record<string, Array<string | number>> = {
    userId: own.readableUsers,
    companyId: [a.company.id],
    key: globalSettingKeys,
    number: own.numbers,
    uuid: own.uuids,
    ticketId: own.tickets,
    tagId: own.tags,
    noteId: own.notes,
    messageId: own.messages,
    contactId: own.contacts,
    connectionId: own.connections,
    whatsappId: own.connections,
    jobId: own.jobs,
    scheduleId: own.schedules,
    contactListId: own.contactLists,
    itemId: own.contactListItems,
    importId: own.contactImports,
    campaignId: own.campaigns,
  };
  if (param === 'companyId' && route.access === 'super') return [spare.company.id];
  if (param === 'id' && route.url.startsWith('/users')) return [...(route.method === 'GET' ? own.readableUsers : own.users), ...foreign];
  // offboarding the sweep's own admin would end the sign-in every later request comes with
  if (param === 'userId' && route.url.startsWith('/user-sessions')) return [...own.users, ...foreign];
  if (param === 'id' && route.url.startsWith('/contacts')) return [...own.contacts, ...foreign];
  if (param === 'id' && route.url.startsWith('/chats')) return [...own.chats, ...foreign];
  if (param === 'id' && route.url.startsWith('/announcements')) return [...own.announcements, ...foreign];
  if (param === 'id' && route.url.startsWith('/files')) return [...own.fileLists, ...foreign];
  const values = byName[param] ?? [];
  return values.length && typeof values[0] === 'number' ? [...values, ...foreign] : values;
};

const idList = (ids: number[]) => fc.subarray(ids).map((chosen) => JSON.stringify(chosen));
const queryHints: Hints = {
  tags: idList(own.tags),
  users: idList(own.readableUsers),
  queueIds: idList(own.queues),
  whatsapps: idList(own.connections),
  selectedQueues: idList(own.queues),
  statusFilter: fc.subarray(['open', 'pending', 'closed']).map((list) => JSON.stringify(list)),
  ticketId: fc.constantFrom(...own.tickets),
  contactId: fc.constantFrom(...own.contacts),
  contactListId: fc.constantFrom(...own.contactLists),
};
const bodyHints: Hints = {
  contactId: fc.constantFrom(...own.contacts),
  ticketId: fc.constantFrom(...own.tickets),
  messageId: fc.constantFrom(...own.messages),
  queueId: fc.option(fc.constantFrom(...own.queues), { nil: undefined }),
  whatsappId: fc.option(fc.constantFrom(...own.connections), { nil: undefined }),
  ticketUserId: fc.option(fc.constantFrom(...own.readableUsers), { nil: undefined }),
  contactListId: fc.constantFrom(...own.contactLists),
  queueIds: fc.subarray(own.queues),
  selectedQueueIds: fc.subarray(own.queues),
  // an internal chat's members
  users: fc.subarray(own.readableUsers, { minLength: 1 }),
};

type PlannedRequest = { path: string; body?: string; contentType?: string; cookie?: string; kind: string };

const takesBody = (method: string) => method !== 'GET' && method !== 'HEAD';

const requestArbitrary = (route: RouteEntry): fc.Arbitrary<PlannedRequest> => {
  const params = urlParams(route.url);
  const segments = params.length ? fc.tuple(...params.map((param) => pathSegment(realSegments(route, param)))) : fc.constant([] as string[]);
  const querySchema = route.schema.querystring;
  const query = fc.tuple(
    querySchema ? validArbitrary(querySchema, queryHints) : fc.constant(undefined),
    fc.option(objectMutation(objectKeys(querySchema)), { freq: 2 }),
    rawQueryExtras,
  );
  const bodySchema = route.schema.body ?? bodyValidatedInHandler[routeKey(route)];
  const jsonBody = fc.tuple(bodySchema ? validArbitrary(bodySchema, bodyHints) : fc.constant({}), objectMutation(objectKeys(bodySchema)));
  const body: fc.Arbitrary<{ json?: [unknown, Mutation]; raw?: RawBody }> = takesBody(route.method)
    ? fc.oneof({ arbitrary: jsonBody.map((json) => ({ json })), weight: 4 }, { arbitrary: fc.constantFrom(...rawBodies).map((raw) => ({ raw })), weight: 1 })
    : fc.constant({});
  const cookie = fc.constantFrom(undefined, undefined, 'jrt=garbage', `jrt=${a.adminSession.cookie.slice(4, -2)}xx`, `jrt=${encodeURIComponent("' OR 1=1 --")}`);

  return fc.tuple(segments, query, body, cookie).map(([values, [queryValue, queryMutation, extras], { json, raw }, cookieValue]) => {
    let path = route.url;
    params.forEach((param, index) => {
      path = path.replace(`:${param}`, values[index]);
    });
    const mutatedQuery = queryMutation ? queryMutation.apply((queryValue ?? {}) as Record<string, unknown>) : queryValue;
    path += toQueryString(mutatedQuery, extras);
    const kinds = [`params ${values.join('/') || '-'}`, queryMutation ? `query: ${queryMutation.kind}` : 'query as generated'];
    if (raw) return { path, body: raw.body, contentType: raw.contentType, cookie: cookieValue, kind: [...kinds, `body: ${raw.kind}`].join('; ') };
    if (json) {
      const [base, mutation] = json;
      const value = mutation.apply((base ?? {}) as Record<string, unknown>);
      return { path, body: JSON.stringify(value) ?? 'null', contentType: 'application/json', cookie: cookieValue, kind: [...kinds, `body: ${mutation.kind}`].join('; ') };
    }
    return { path, cookie: cookieValue, kind: kinds.join('; ') };
  });
};

// The external messages API authenticates with a connection's token, so its handler is reached.
const connectionToken: string = (await t.request('GET', `/whatsapp/${a.connection.id}`, { token: a.adminSession.token })).body.token;
const tokenFor = (route: RouteEntry) => {
  if (routeKey(route) === 'POST /api/messages/send') return connectionToken;
  return route.access === 'super' ? superSession.token : route.access === 'tenant' ? a.adminSession.token : undefined;
};
const secrets = [t.config.jwtSecret, t.config.jwtRefreshSecret];

// Destructive routes last, so the others run against the seeded records.
const destructive = (route: RouteEntry) => route.method === 'DELETE' || route.url.includes('closeAll');
const sweptRoutes = t.app.routeTable
  .filter((route) => !sweptElsewhere.has(routeKey(route)))
  .sort((x, y) => Number(destructive(x)) - Number(destructive(y)));

let requests = 0;
let baseline: Snapshot = await settle(t.db);
const statusCounts = new Map<number, number>();

const perform = async (route: RouteEntry, planned: PlannedRequest) => {
  requests++;
  const answer = await sendRaw(t.url, route.method, planned.path, {
    token: tokenFor(route),
    contentType: planned.contentType,
    body: planned.body,
    cookie: planned.cookie,
  });
  statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  problems.push(...leaksIn(answer.text, secrets));
  if (answer.status >= 400 && answer.status < 500) {
    const after = await snapshot(t.db);
    const changed = changedTables(baseline, after);
    if (changed.length) problems.push(`a ${answer.status} changed ${changed.join(', ')}`);
    baseline = after;
  } else {
    baseline = await settle(t.db);
  }
  if (problems.length) {
    const shownBody = planned.body && planned.body.length > 2000 ? `${planned.body.slice(0, 2000)}… (${planned.body.length} chars)` : planned.body;
    throw new Error(
      `${route.method} ${planned.path.slice(0, 300)} [${planned.kind}] body=${shownBody}\n-> ${problems.join('; ')}\n${answer.status} ${answer.text.slice(0, 500)}`,
    );
  }
};

afterAll(async () => {
  const statuses = [...statusCounts.entries()].sort(([x], [y]) => x - y).map(([status, count]) => `${status}×${count}`);
  console.info(`hostile-input sweep: ${requests} requests over ${sweptRoutes.length} routes (${statuses.join(' ')})`);
  await t?.close();
  await graph?.close();
});

describe('route table meta-checks (ARCHITECTURE §4 Input is hostile)', () => {
  it('every route validates what it obviously takes with zod: each :param in a params schema, each body-taking route a body schema', () => {
    const problems: string[] = [];
    for (const route of t.app.routeTable) {
      const key = routeKey(route);
      for (const [part, schema] of Object.entries(route.schema)) {
        if (schema !== undefined && !isZodSchema(schema)) problems.push(`${key}: ${part} schema is not a zod schema`);
      }
      const params = urlParams(route.url);
      if (params.length && !route.schema.params) problems.push(`${key}: has :params but no params schema`);
      const declared = objectKeys(route.schema.params);
      for (const param of params) if (route.schema.params && !declared.includes(param)) problems.push(`${key}: :${param} not in its params schema`);
      if (['POST', 'PUT', 'PATCH'].includes(route.method) && !route.schema.body && !bodyless.has(key) && !(key in bodyValidatedInHandler)) {
        problems.push(`${key}: takes a body but has no body schema (add one, or list it as bodyless with a reason)`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the sweep visits every route of the table; the exclusions still exist', () => {
    const keys = new Set(t.app.routeTable.map(routeKey));
    for (const excluded of [...sweptElsewhere, ...bodyless, ...Object.keys(bodyValidatedInHandler)]) expect(keys.has(excluded), excluded).toBe(true);
    expect(sweptRoutes.length + sweptElsewhere.size).toBe(t.app.routeTable.length);
  });
});

describe('hostile-input sweep (ARCHITECTURE §4 Input is hostile)', () => {
  for (const [index, route] of sweptRoutes.entries()) {
    it(`${route.method} ${route.url} (${route.access}): no 5xx, no leak, a 4xx changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), (planned) => perform(route, planned)),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    });
  }

  // fixed work per route: its time grows with the route table, hence its own timeout
  it('fixed families on every route: 100k-char values, each raw body kind, hostile params', async () => {
    for (const route of sweptRoutes) {
      const params = urlParams(route.url);
      const withParams = (value: string) => params.reduce((path, param) => path.replace(`:${param}`, value), route.url);
      const real = params.reduce((path, param) => path.replace(`:${param}`, encodeURIComponent(String(realSegments(route, param)[0] ?? 1))), route.url);
      const planned: PlannedRequest[] = [
        { path: withParams(encodeURIComponent(HUGE.slice(0, 8000))), kind: 'long param' },
        { path: withParams('%2e%2e%2f%2e%2e%2fetc%2fpasswd'), kind: 'traversal param' },
        { path: withParams(encodeURIComponent("1' OR 1=1 --")), kind: 'sql param' },
        { path: `${real}?${objectKeys(route.schema.querystring)[0] ?? 'q'}=${encodeURIComponent(HUGE.slice(0, 10_000))}`, kind: 'long query value' },
      ];
      if (takesBody(route.method)) {
        for (const raw of rawBodies) planned.push({ path: real, body: raw.body, contentType: raw.contentType, kind: raw.kind });
        const keys = objectKeys(route.schema.body ?? bodyValidatedInHandler[routeKey(route)]);
        planned.push({ path: real, body: JSON.stringify(Object.fromEntries(keys.map((key) => [key, HUGE]))), contentType: 'application/json', kind: 'every field 100k chars' });
      }
      for (const request of planned) await perform(route, request);
    }
  }, 180_000);

  it('afterwards the neighbour company is untouched and the caller gained no rights', async () => {
    expect(await companyFingerprint(t.db, b.company.id)).toEqual(bBefore);
    const { rows } = (await t.db.execute(sql`select profile, super, company_id as "companyId" from users where id = ${a.admin.id}`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    expect(rows).toEqual([{ profile: 'admin', super: false, companyId: a.company.id }]);
  });
});
