// Each served §7 call as the product family's clients send it (issue 13): the record read back
// from a GET sent back whole to save it, booleans as 0/1 or text, ids as numeric text, '' for an
// optional id or token left empty, and the extra parameters they add. `answer` lists what the
// spec's "Answer use" column names ('[]': the answer is a list).
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { campaigns, invoices, plans } from '../../src/db/schema.ts';
import { createContact, createTag } from '../factories/contact.factory.ts';
import { createQueue, createUser, TEST_PASSWORD } from '../factories/company.factory.ts';
import { setupAttendance } from '../helpers/attendance.ts';
import type { FakeGraph } from '../helpers/fake-graph.ts';
import { makeServiceAccount } from '../helpers/fake-integrations.ts';
import { SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../helpers/test-app.ts';

// the Dialogflow agent the walk's testSession asks (contract.test.ts runs a fake that knows its key)
export const FAMILY_SERVICE_ACCOUNT = makeServiceAccount('family-agent');

export type FamilyRequest = {
  // values of the spec path's {placeholders}
  values?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: Record<string, unknown>;
  form?: () => FormData;
  token?: string;
  cookie?: string;
};

export type FamilyCall = {
  send: () => Promise<FamilyRequest>;
  answer?: string[];
  // an answer other than 2xx that the spec names for this call
  alsoFine?: number[];
};

type World = Awaited<ReturnType<typeof createWorld>>;

export const createWorld = async (t: TestApp, graph: FakeGraph) => {
  const a = await setupAttendance(t, { queues: 2 });
  // the walk creates users and connections on every pass
  const planId = a.company.planId;
  if (planId === null) throw new Error('the factory company has no plan');
  await t.db.update(plans).set({ users: 100, connections: 100, queues: 100 }).where(eq(plans.id, planId));
  const superSession = await t.login(SUPER_EMAIL, SUPER_PASSWORD);
  const admin = a.adminSession.token;
  const get = async (path: string) => {
    const answer = await t.request('GET', path, { token: admin });
    if (answer.status !== 200) throw new Error(`read back ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const post = async (path: string, body: unknown, token = admin) => {
    const answer = await t.request('POST', path, { token, body });
    if (answer.status >= 300) throw new Error(`set-up ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };

  let counter = 0;
  const number = () => `5511977${String(counter++).padStart(6, '0')}`;
  const pendingTicket = async () => (await a.inbound(number(), 'Olá')).ticketId;
  const openTicket = async () => {
    const ticketId = await pendingTicket();
    const accepted = await a.put(admin, ticketId, { status: 'open', userId: a.admin.id, queueId: a.queues[0].id });
    if (accepted.status !== 200) throw new Error(`accept: ${JSON.stringify(accepted.body)}`);
    return accepted.body as { id: number; uuid: string; contactId: number };
  };
  const sentMessage = async () => {
    const ticket = await openTicket();
    const [message] = await post(`/messages/${ticket.id}`, { body: 'from the agent' });
    return { ticket, message };
  };
  const sandboxConnection = async () => post('/sandbox/connections', { name: `Sandbox ${counter++}` });
  const newIntegration = async () => post('/queueIntegration', { type: 'webhook', name: `Hook ${counter++}`, urlN8N: 'https://hooks.family.test' });
  const newPrompt = async () =>
    post('/prompt', { name: `Prompt ${counter++}`, prompt: 'Você é a assistente da empresa.', apiKey: 'sk-family-key', queueId: a.queues[0].id });
  const newFileList = async () => post('/files', { name: `Lista ${counter++}`, message: 'Segue', options: [{ name: 'Capa' }] });
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00aa00' } }).png().toBuffer();
  const imageForm = (fields: Record<string, string>, fileField: string) => () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(fileField, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    return form;
  };
  graph.setPages([{ id: '7001', name: 'Loja', access_token: 'page-token-7001', instagram_business_account: { id: '8001', username: 'loja' } }]);

  return { t, a, admin, superToken: superSession.token, get, post, number, pendingTicket, openTicket, sentMessage, sandboxConnection, newPrompt, newIntegration, newFileList, imageForm };
};

// An announcement written by the super user, for the calls that name one.
const announcement = async (w: World) => {
  const answer = await w.t.request('POST', '/announcements', { token: w.superToken, body: { title: 'Informativo', text: 'Texto' } });
  if (answer.status !== 201) throw new Error(`set-up announcement: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number };
};

// The family's new-user form (its initial state, with the permission flags as it spells them).
const familyUserForm = (w: World) => ({
  name: 'Maria Family',
  email: `maria-${w.number()}@family.test`,
  password: 'secret-1',
  profile: 'user',
  startWork: '00:00',
  endWork: '23:59',
  farewellMessage: '',
  allTicket: 'disable',
  allowGroup: false,
  defaultTheme: 'light',
  defaultMenu: 'open',
  allHistoric: 'disabled',
  allUserChat: 'disabled',
  userClosePendingTicket: 'enabled',
  showDashboard: 'disabled',
  whatsappId: '',
  queueIds: [w.a.queues[0].id],
});

// The family's connection form for a new WhatsApp connection.
const familyConnectionForm = (w: World) => ({
  name: `WhatsApp ${w.number()}`,
  greetingMessage: '',
  complationMessage: '',
  outOfHoursMessage: '',
  ratingMessage: '',
  isDefault: false,
  token: '',
  provider: 'beta',
  timeSendQueue: '',
  sendIdQueue: '',
  expiresInactiveMessage: '',
  expiresTicket: 0,
  timeUseBotQueues: '0',
  maxUseBotQueues: 3,
  timeCreateNewTicket: 0,
  whenExpiresTicket: 0,
  importOldMessages: '',
  importRecentMessages: '',
  importOldMessagesGroups: false,
  closedTicketsPostImported: false,
  enableImportMessage: false,
  queueIdImportMessages: null,
  groupAsTicket: 'disabled',
  allowGroup: 0,
  integrationId: '',
  promptId: '',
  collectiveVacationStart: '',
  collectiveVacationEnd: '',
  collectiveVacationMessage: '',
  queueIds: [w.a.queues[0].id],
  flowIdNotPhrase: '',
});

export const familyRequests = (w: World): Record<string, FamilyCall> => {
  const { t, a } = w;
  // each POST /subscription pays an invoice of its own (one per company and due date)
  let counterOfInvoices = 0;
  // The sign-in calls sign in a user of their own: a sign-in ends the same user's older ones
  // (01-core §4 Session), and the walk's admin must stay signed in.
  let signer: ReturnType<typeof createUser> | undefined;
  const signerEmail = async () => (await (signer ??= createUser(t.db, a.company.id, { profile: 'admin' }))).email;
  const sessionOfSigner = async () => t.login(await signerEmail(), TEST_PASSWORD);
  return {
    'POST /auth/login': {
      send: async () => ({ body: { email: await signerEmail(), password: TEST_PASSWORD } }),
      answer: ['token', 'user.id', 'user.company.dueDate', 'user.company.settings'],
    },
    'POST /auth/refresh_token': { send: async () => ({ cookie: (await sessionOfSigner()).cookie }), answer: ['token', 'user.id'] },
    'DELETE /auth/logout': {
      send: async () => {
        const session = await sessionOfSigner();
        return { token: session.token, cookie: session.cookie };
      },
    },
    'GET /auth/me': { send: async () => ({}), answer: ['id', 'profile'] },
    'GET /version': { send: async () => ({ token: undefined }), answer: ['version'] },
    // the front-end version every company reads is the super admin's to set (issue 12)
    'POST /version': { send: async () => ({ token: w.superToken, body: { version: '6.0.0' } }), answer: ['version'] },

    'GET /tickets': {
      send: async () => ({
        query: {
          searchParam: '',
          pageNumber: '1',
          tags: '[]',
          users: '[]',
          status: 'open',
          date: '',
          updatedAt: '',
          showAll: 'false',
          queueIds: JSON.stringify(a.queues.map((queue) => queue.id)),
          withUnreadMessages: 'false',
          whatsapps: '[]',
          statusFilter: '[]',
          sortTickets: 'DESC',
          searchOnMessages: 'false',
          isGroup: 'false',
          groups: 'false',
        },
      }),
      answer: ['tickets', 'hasMore', 'count'],
    },
    'GET /tickets/u/{uuid}': { send: async () => ({ values: { uuid: (await w.openTicket()).uuid } }), answer: ['id', 'uuid', 'contact.name'] },
    'POST /tickets': {
      send: async () => {
        const contact = await createContact(t.db, a.company.id, { number: w.number() });
        return {
          body: {
            contactId: String(contact.id),
            queueId: String(a.queues[0].id),
            whatsappId: a.connection.id,
            userId: a.admin.id,
            status: 'open',
            companyId: a.company.id,
          },
        };
      },
      answer: ['id', 'uuid', 'status'],
      alsoFine: [409],
    },
    'PUT /tickets/{id}': {
      send: async () => ({
        values: { id: await w.pendingTicket() },
        body: { status: 'open', userId: String(a.admin.id), queueId: a.queues[0].id, useIntegration: 0, promptId: null, integrationId: null, isTransfered: 'false' },
      }),
      answer: ['id', 'status', 'user.id'],
    },
    'DELETE /tickets/{id}': { send: async () => ({ values: { id: await w.pendingTicket() } }) },
    'POST /tickets/closeAll': { send: async () => ({ body: { status: 'pending', selectedQueueIds: a.queues.map((queue) => String(queue.id)) } }) },
    'GET /tickets-log/{ticketId}': { send: async () => ({ values: { ticketId: (await w.openTicket()).id } }), answer: ['[]'] },

    'GET /messages/{ticketId}': {
      send: async () => ({
        values: { ticketId: (await w.openTicket()).id },
        query: { pageNumber: 1, selectedQueues: JSON.stringify([a.queues[0].id]), markAsRead: 'true' },
      }),
      answer: ['messages', 'hasMore'],
    },
    'POST /messages/{ticketId}': {
      send: async () => {
        const ticket = await w.openTicket();
        const [quoted] = (await w.get(`/messages/${ticket.id}`)).messages;
        // what the family's message input posts: read as a number, the quoted message read back whole
        return { values: { ticketId: ticket.id }, body: { read: 1, fromMe: true, mediaUrl: '', body: 'typed by the family', quotedMsg: quoted } };
      },
    },
    'POST /messages/edit/{id}': {
      send: async () => ({ values: { id: (await w.sentMessage()).message.id }, body: { body: 'edited by the family' } }),
    },
    'DELETE /messages/{id}': { send: async () => ({ values: { id: (await w.sentMessage()).message.id } }) },
    'POST /message/forward': {
      send: async () => {
        const { message } = await w.sentMessage();
        const target = await createContact(t.db, a.company.id, { number: w.number() });
        return { body: { messageId: String(message.id), contactId: String(target.id), signMessage: 'true' } };
      },
    },
    'GET /messages-allMe': {
      send: async () => ({ query: { fromMe: 1, dateStart: '2024-01-01', dateEnd: '2999-12-31', companyId: a.company.id } }),
      answer: ['count.0.count'],
    },

    'GET /contacts': {
      send: async () => ({ query: { searchParam: '', pageNumber: '1', contactTag: '[]', isGroup: 'false', companyId: a.company.id, channel: '' } }),
      answer: ['contacts', 'hasMore', 'count'],
    },
    'GET /contacts/{id}': {
      send: async () => ({ values: { id: (await createContact(t.db, a.company.id, { number: w.number() })).id } }),
      answer: ['id', 'name', 'number', 'extraInfo', 'tags'],
    },
    'POST /contacts': {
      send: async () => ({
        body: {
          name: 'Ana Family',
          number: `+${w.number()}`,
          email: '',
          companyId: a.company.id,
          extraInfo: [{ name: 'CPF', value: '123' }],
          disableBot: 0,
          whatsappId: '',
          walletUserId: null,
          tags: [],
          language: 'pt',
        },
      }),
      answer: ['id', 'name', 'number'],
    },
    'PUT /contacts/{id}': {
      send: async () => {
        const created = await w.post('/contacts', { name: 'Bia Family', number: w.number(), extraInfo: [{ name: 'CPF', value: '1' }] });
        const readBack = await w.get(`/contacts/${created.id}`);
        return { values: { id: created.id }, body: { ...readBack, name: 'Bia Family Souza', disableBot: '1', whatsappId: '' } };
      },
      answer: ['id', 'name', 'disableBot'],
    },
    'GET /contacts/list': { send: async () => ({ query: { companyId: a.company.id } }), answer: ['[]'] },
    'GET /contacts/profile/{number}': {
      send: async () => ({ values: { number: (await createContact(t.db, a.company.id, { number: w.number() })).number } }),
      answer: ['contactId', 'urlPicture'],
    },
    'PUT /contacts/toggleAcceptAudio/{id}': {
      send: async () => ({ values: { id: (await createContact(t.db, a.company.id, { number: w.number() })).id } }),
      answer: ['acceptAudioMessage'],
    },
    'PUT /contacts/toggleDisableBot/{id}': {
      send: async () => ({ values: { id: (await createContact(t.db, a.company.id, { number: w.number() })).id } }),
      answer: ['disableBot'],
    },
    'PUT /contacts/block/{id}': {
      send: async () => ({ values: { id: (await createContact(t.db, a.company.id, { number: w.number() })).id }, body: { active: 0 } }),
    },
    'GET /contactTags/{contactId}': {
      send: async () => ({ values: { contactId: (await createContact(t.db, a.company.id, { number: w.number() })).id } }),
      answer: ['tags'],
    },

    'POST /tags': { send: async () => ({ body: { name: `Tag ${w.number()}`, color: '#2DCE89', kanban: '0', companyId: a.company.id } }), answer: ['id', 'name'] },
    'GET /tags/list': { send: async () => ({ query: { companyId: a.company.id, kanban: 0 } }), answer: ['[]'] },
    'POST /tags/sync': {
      send: async () => {
        await createTag(t.db, a.company.id);
        const contact = await createContact(t.db, a.company.id, { number: w.number() });
        // the tag box sends the tags it listed, whole
        return { body: { contactId: String(contact.id), tags: await w.get('/tags/list?kanban=0') } };
      },
    },
    'GET /tags/': { send: async () => ({ query: { searchParam: 'tag', pageNumber: '1', kanban: '', tagId: '' } }), answer: ['tags', 'hasMore'] },
    'GET /tags/{id}': { send: async () => ({ values: { id: (await createTag(t.db, a.company.id)).id } }), answer: ['id', 'name', 'contacts'] },
    'PUT /tags/{id}': {
      send: async () => {
        const lane = await createTag(t.db, a.company.id, { kanban: 1 });
        const next = await createTag(t.db, a.company.id, { kanban: 1 });
        // the tag dialog sends the record it read, with the lane fields as text and '' for an empty choice
        const record = (await w.get(`/tags?tagId=${lane.id}`)).tags[0];
        return { values: { id: lane.id }, body: { ...record, kanban: '1', timeLane: '12', nextLaneId: String(next.id), rollbackLaneId: '', userId: '' } };
      },
      answer: ['id', 'name', 'timeLane', 'nextLaneId'],
    },
    'DELETE /tags/{id}': { send: async () => ({ values: { id: (await createTag(t.db, a.company.id)).id } }) },
    'DELETE /tags-contacts/{tagId}/{contactId}': {
      send: async () => {
        const tag = await createTag(t.db, a.company.id);
        const contact = await createContact(t.db, a.company.id, { number: w.number(), tagIds: [tag.id] });
        return { values: { tagId: tag.id, contactId: contact.id } };
      },
    },
    'GET /quick-messages': { send: async () => ({ query: { searchParam: '', pageNumber: '1' } }), answer: ['records', 'hasMore'] },
    'GET /quick-messages/list': { send: async () => ({ query: { companyId: a.company.id, userId: a.admin.id } }), answer: ['[]'] },
    'GET /quick-messages/{id}': { send: async () => ({ values: { id: (await w.post('/quick-messages', { shortcode: `q${w.number()}` })).id } }), answer: ['shortcode'] },
    'POST /quick-messages': { send: async () => ({ body: { shortcode: `q${w.number()}`, message: 'Olá!', mediaPath: null, geral: 'false' } }), answer: ['id'] },
    'PUT /quick-messages/{id}': {
      send: async () => {
        const record = await w.post('/quick-messages', { shortcode: `q${w.number()}` });
        return { values: { id: record.id }, body: { ...record, message: 'Editada', geral: 1 } };
      },
      answer: ['id', 'message'],
    },
    'DELETE /quick-messages/{id}': { send: async () => ({ values: { id: (await w.post('/quick-messages', { shortcode: `q${w.number()}` })).id } }) },
    'POST /quick-messages/{id}/media-upload': {
      send: async () => ({ values: { id: (await w.post('/quick-messages', { shortcode: `q${w.number()}` })).id }, form: w.imageForm({ typeArch: 'quickMessage' }, 'file') }),
      answer: ['mediaPath'],
    },
    'DELETE /quick-messages/{id}/media-upload': { send: async () => ({ values: { id: (await w.post('/quick-messages', { shortcode: `q${w.number()}` })).id } }) },
    'GET /tag/kanban/': { send: async () => ({}), answer: ['lista'] },
    'GET /ticket/kanban': {
      send: async () => ({ query: { queueIds: JSON.stringify(a.queues.map((queue) => queue.id)), startDate: '2026-01-01', endDate: '2026-12-31' } }),
      answer: ['tickets'],
    },
    'DELETE /ticket-tags/{ticketId}': { send: async () => ({ values: { ticketId: (await w.openTicket()).id } }) },
    'PUT /ticket-tags/{ticketId}/{tagId}': {
      send: async () => ({ values: { ticketId: (await w.openTicket()).id, tagId: (await createTag(t.db, a.company.id, { kanban: 1 })).id } }),
    },
    'POST /ticket-notes': {
      send: async () => {
        const ticket = await w.openTicket();
        return { body: { note: 'a note from the family', ticketId: String(ticket.id), contactId: String(ticket.contactId) } };
      },
    },
    'DELETE /ticket-notes/{id}': {
      send: async () => {
        const ticket = await w.openTicket();
        return { values: { id: (await w.post('/ticket-notes', { note: 'to remove', ticketId: ticket.id, contactId: ticket.contactId })).id } };
      },
    },
    'GET /ticket-notes/list': {
      send: async () => {
        const ticket = await w.openTicket();
        return { query: { ticketId: ticket.id, contactId: ticket.contactId } };
      },
      answer: ['[]'],
    },

    'GET /users/': { send: async () => ({ query: { searchParam: '', pageNumber: 1 } }), answer: ['users', 'hasMore'] },
    'GET /users/list': { send: async () => ({ query: { companyId: a.company.id } }), answer: ['[]'] },
    'GET /users/{id}': { send: async () => ({ values: { id: a.admin.id } }), answer: ['id', 'name', 'queues'] },
    'POST /users': { send: async () => ({ body: { ...familyUserForm(w), language: 'pt' } }), answer: ['id', 'name'] },
    'PUT /users/{id}': {
      send: async () => {
        const user = await createUser(t.db, a.company.id);
        const readBack = await w.get(`/users/${user.id}`);
        // the family's user modal: the user read back, an empty password, its queue and connection selects
        return { values: { id: user.id }, body: { ...readBack, password: '', whatsappId: '', queueIds: [String(a.queues[1].id)], allTicket: 'enable' } };
      },
      answer: ['id', 'allTicket', 'queues'],
    },
    'DELETE /users/{id}': { send: async () => ({ values: { id: (await createUser(t.db, a.company.id)).id } }) },
    'POST /users/{id}/media-upload': {
      send: async () => ({ values: { id: a.admin.id }, form: w.imageForm({ userId: String(a.admin.id), typeArch: 'user' }, 'profileImage') }),
      answer: ['user.profileImage'],
    },
    'PUT /users/toggleChangeWidht/{userId}': { send: async () => ({ values: { userId: a.admin.id }, body: { defaultTicketsManagerWidth: '560' } }) },

    'GET /queue': { send: async () => ({}), answer: ['[]'] },
    'GET /queue/user': { send: async () => ({}), answer: ['[]'] },
    // the dashboard sends empty dates beside days, and the charts name the company (01-core §7)
    'GET /dashboard': { send: async () => ({ query: { days: 30, date_from: '', date_to: '' } }), answer: ['counters', 'attendants'] },
    'GET /dashboard/ticketsUsers': {
      send: async () => ({ query: { initialDate: '2025-03-01', finalDate: '2025-03-31', companyId: a.company.id } }),
      answer: ['data', 'count'],
    },
    'GET /dashboard/ticketsDay': {
      send: async () => ({ query: { initialDate: '2025-03-01', finalDate: '2025-03-01', companyId: a.company.id } }),
      answer: ['data', 'count'],
    },
    'GET /dashboard/moments': {
      send: async () => ({ query: { showAll: 'true', queueIds: JSON.stringify([a.queues[0].id]), dateStart: '2025-03-01', dateEnd: '2025-03-30' } }),
      answer: ['[]'],
    },
    'GET /usersMoments': { send: async () => ({}), answer: ['[]'] },
    // the report's export asks every row at once, empty lists and an empty contact included (03-saas §7)
    'GET /ticketreport/reports': {
      send: async () => ({
        query: {
          searchParam: '',
          contactId: '',
          whatsappId: '[]',
          users: '[]',
          queueIds: JSON.stringify([0]),
          status: '[]',
          dateFrom: '2024-01-01',
          dateTo: '2999-12-31',
          page: 1,
          pageSize: 9999999,
          onlyRated: 'false',
        },
      }),
      answer: ['tickets', 'totalTickets.total'],
    },
    'GET /whatsapp': { send: async () => ({ query: { companyId: a.company.id, session: 0 } }), answer: ['[]'] },
    'GET /whatsapp/filter': { send: async () => ({ query: { session: 0, channel: 'sandbox' } }), answer: ['[]'] },

    'GET /companySettings/{id}': { send: async () => ({ values: { id: a.company.id } }), answer: ['userRating'] },
    'GET /companySettingOne': { send: async () => ({ query: { column: 'userRating', companyId: a.company.id } }), answer: ['userRating'] },
    'PUT /companySettings': { send: async () => ({ body: { column: 'userRating', data: 'disabled', companyId: a.company.id } }) },
    'GET /settings': { send: async () => ({ token: w.superToken }), answer: ['[]'] },
    'PUT /settings/{key}': { send: async () => ({ token: w.superToken, values: { key: 'userCreation' }, body: { key: 'userCreation', value: 'disabled' } }) },
    'GET /setting/{key}': { send: async () => ({ values: { key: 'userCreation' } }), answer: ['value'] },
    'GET /public-settings/{key}': { send: async () => ({ token: undefined, values: { key: 'userCreation' } }), answer: ['value'] },
    'POST /settings-whitelabel/logo': {
      send: async () => ({ token: w.superToken, form: w.imageForm({ typeArch: 'logo', mode: 'Light' }, 'file') }),
    },
    'POST /settings-whitelabel/login': {
      send: async () => ({ token: w.superToken, form: w.imageForm({ typeArch: 'login', mode: 'Enter' }, 'file') }),
    },
    'GET /helps': { send: async () => ({ query: { searchParam: '', pageNumber: '1' } }), answer: ['records', 'hasMore'] },
    'GET /helps/list': { send: async () => ({}), answer: ['[]'] },
    'POST /helps': {
      send: async () => ({ token: w.superToken, body: { title: 'Primeiros passos', video: 'dQw4w9WgXcQ', description: '' } }),
      answer: ['id', 'title', 'video', 'description'],
    },
    'PUT /helps/{id}': {
      send: async () => {
        const created = await t.request('POST', '/helps', { token: w.superToken, body: { title: 'Ajuda', video: 'dQw4w9WgXcQ' } });
        // the family's help form: the record read back from the list, edited
        const readBack = ((await w.get('/helps/list')) as Array<{ id: number }>).find((help) => help.id === created.body.id);
        return { token: w.superToken, values: { id: created.body.id }, body: { ...readBack, title: 'Ajuda editada' } };
      },
      answer: ['id', 'title'],
    },
    'DELETE /helps/{id}': {
      send: async () => {
        const created = await t.request('POST', '/helps', { token: w.superToken, body: { title: 'Apagar', video: 'dQw4w9WgXcQ' } });
        return { token: w.superToken, values: { id: created.body.id } };
      },
    },
    'GET /companies/listPlan/{companyId}': {
      send: async () => ({ values: { companyId: a.company.id } }),
      answer: ['plan.useOpenAi', 'plan.useIntegrations', 'plan.useWhatsapp', 'plan.useFacebook', 'plan.useInstagram', 'plan.useCampaigns'],
    },

    'GET /whatsapp/{id}': { send: async () => ({ values: { id: a.connection.id }, query: { session: 0 } }), answer: ['id', 'name', 'status', 'queues'] },
    'POST /whatsapp': { send: async () => ({ body: { ...familyConnectionForm(w), language: 'pt' } }), answer: ['id', 'name', 'status'] },
    'PUT /whatsapp/{id}': {
      send: async () => {
        const connection = await w.sandboxConnection();
        const readBack = await w.get(`/whatsapp/${connection.id}?session=0`);
        // the family's connection modal: the connection read back, its queue select and empty selects as ''
        return { values: { id: connection.id }, body: { ...readBack, queueIds: [a.queues[0].id], promptId: '', integrationId: '', sendIdQueue: '', timeSendQueue: '' } };
      },
      answer: ['id', 'name', 'queues'],
    },
    'DELETE /whatsapp/{id}': { send: async () => ({ values: { id: (await w.sandboxConnection()).id } }) },
    'POST /whatsapp/{id}/media-upload': {
      send: async () => ({ values: { id: (await w.sandboxConnection()).id }, form: w.imageForm({}, 'file') }),
    },
    'DELETE /whatsapp/{id}/media-upload': { send: async () => ({ values: { id: (await w.sandboxConnection()).id } }) },
    'POST /whatsappsession/{id}': { send: async () => ({ values: { id: (await w.post('/whatsapp', familyConnectionForm(w))).id } }) },
    'PUT /whatsappsession/{id}': { send: async () => ({ values: { id: (await w.post('/whatsapp', familyConnectionForm(w))).id } }) },
    'DELETE /whatsappsession/{id}': { send: async () => ({ values: { id: (await w.post('/whatsapp', familyConnectionForm(w))).id } }) },
    'POST /whatsapp-restart/': { send: async () => ({}) },
    'POST /closedimported/{id}': { send: async () => ({ values: { id: (await w.post('/whatsapp', familyConnectionForm(w))).id } }) },
    'POST /facebook': { send: async () => ({ body: { facebookUserId: '9001', facebookUserToken: 'user-token-from-login', addInstagram: 'true' } }) },

    'GET /queue/{id}': { send: async () => ({ values: { id: a.queues[0].id } }), answer: ['id', 'name', 'schedules', 'chatbots'] },
    'POST /queue': {
      send: async () => {
        const schedules = (await w.get(`/companies/${a.company.id}`)).schedules;
        return {
          body: {
            name: `Queue ${w.number()}`,
            // queue colours are unique in a company
            color: `#5C${String(w.number()).slice(-4)}`,
            greetingMessage: '',
            outOfHoursMessage: '',
            orderQueue: '',
            integrationId: '',
            promptId: '',
            fileListId: '',
            ativarRoteador: false,
            tempoRoteador: '0',
            closeTicket: 0,
            chatbots: [],
            schedules,
            companyId: a.company.id,
          },
        };
      },
      answer: ['id', 'name'],
    },
    'PUT /queue/{id}': {
      send: async () => {
        const queue = await createQueue(t.db, a.company.id);
        const readBack = await w.get(`/queue/${queue.id}`);
        return { values: { id: queue.id }, body: { ...readBack, greetingMessage: 'Olá!', orderQueue: '2', integrationId: '', fileListId: null } };
      },
      answer: ['id', 'greetingMessage'],
    },
    'DELETE /queue/{id}': { send: async () => ({ values: { id: (await createQueue(t.db, a.company.id)).id } }) },
    'GET /prompt': { send: async () => ({}), answer: ['prompts'] },
    'GET /queueIntegration': { send: async () => ({ query: { searchParam: '', pageNumber: '1' } }), answer: ['queueIntegrations', 'hasMore'] },
    'GET /queueIntegration/{id}': { send: async () => ({ values: { id: (await w.newIntegration()).id } }), answer: ['id', 'name', 'type'] },
    'POST /queueIntegration': {
      send: async () => ({
        body: {
          type: 'typebot',
          name: `Typebot ${w.number()}`,
          projectName: '',
          jsonContent: '',
          language: '',
          urlN8N: 'https://typebot.family.test',
          typebotSlug: 'family',
          typebotExpires: '1',
          typebotDelayMessage: '1000',
          typebotKeywordFinish: '',
          typebotKeywordRestart: '',
          typebotUnknownMessage: '',
          typebotRestartMessage: '',
        },
      }),
      answer: ['id', 'name'],
    },
    'PUT /queueIntegration/{id}': {
      send: async () => {
        const integration = await w.newIntegration();
        const readBack = await w.get(`/queueIntegration/${integration.id}`);
        return { values: { id: integration.id }, body: { ...readBack, jsonContent: '', typebotDelayMessage: '500' } };
      },
      answer: ['id', 'name'],
    },
    'DELETE /queueIntegration/{id}': { send: async () => ({ values: { id: (await w.newIntegration()).id } }), answer: ['message'] },
    'POST /queueIntegration/testSession': {
      send: async () => ({ body: { projectName: 'family-agent', jsonContent: FAMILY_SERVICE_ACCOUNT.json, language: 'pt-BR' } }),
      answer: ['message'],
    },
    'POST /prompt': {
      send: async () => ({
        body: {
          name: 'Talk.Ai',
          prompt: 'Você é a assistente da empresa e responde com poucas palavras.',
          voice: 'texto',
          voiceKey: '',
          voiceRegion: '',
          maxTokens: '100',
          temperature: '1',
          apiKey: 'sk-family-key',
          queueId: String(a.queues[0].id),
          maxMessages: '10',
          companyId: a.company.id,
        },
      }),
      answer: ['id', 'name', 'queue'],
    },
    'GET /prompt/{id}': { send: async () => ({ values: { id: (await w.newPrompt()).id } }), answer: ['id', 'name', 'maxTokens'] },
    'PUT /prompt/{id}': {
      send: async () => {
        const prompt = await w.newPrompt();
        const readBack = await w.get(`/prompt/${prompt.id}`);
        return { values: { id: prompt.id }, body: { ...readBack, apiKey: '', voiceKey: '', maxTokens: '200' } };
      },
      answer: ['id', 'maxTokens'],
    },
    'DELETE /prompt/{id}': { send: async () => ({ values: { id: (await w.newPrompt()).id } }), answer: ['message'] },
    'GET /chatbot': { send: async () => ({ query: { queueId: a.queues[0].id } }), answer: ['[]'] },
    'POST /chatbot': {
      send: async () => ({
        body: { queueId: String(a.queues[0].id), parentId: '', name: 'Opção financeira', greetingMessage: '', queueType: 'text', closeTicket: 'false', optQueueId: '', optUserId: '', optIntegrationId: null, optFileId: '' },
      }),
      answer: ['id', 'name'],
    },
    'GET /chatbot/{id}': {
      send: async () => ({ values: { id: (await w.post('/chatbot', { queueId: a.queues[0].id, name: 'Opção suporte' })).id } }),
      answer: ['id', 'name', 'options'],
    },
    'PUT /chatbot/{id}': {
      send: async () => {
        const option = await w.post('/chatbot', { queueId: a.queues[0].id, name: 'Opção vendas' });
        const readBack = await w.get(`/chatbot/${option.id}`);
        return { values: { id: option.id }, body: { ...readBack, greetingMessage: 'Vendas', optQueueId: '' } };
      },
      answer: ['id', 'greetingMessage'],
    },
    'DELETE /chatbot/{id}': { send: async () => ({ values: { id: (await w.post('/chatbot', { queueId: a.queues[0].id, name: 'Opção removida' })).id } }) },
    'GET /files/': { send: async () => ({ query: { searchParam: '', pageNumber: '1', companyId: a.company.id } }), answer: ['files', 'hasMore'] },
    'POST /files': {
      send: async () => ({ body: { name: 'Catálogo', message: 'Segue o catálogo', options: [{ name: 'Capa', path: '', mediaType: '' }], userId: String(a.admin.id) } }),
      answer: ['id', 'name', 'options'],
    },
    'GET /files/{id}': { send: async () => ({ values: { id: (await w.newFileList()).id } }), answer: ['id', 'name', 'message', 'options'] },
    'PUT /files/{id}': {
      send: async () => {
        const list = await w.newFileList();
        const readBack = await w.get(`/files/${list.id}`);
        return { values: { id: list.id }, body: { ...readBack, message: 'Novo texto', options: [...readBack.options, { name: 'Contrato', path: '', mediaType: '' }] } };
      },
      answer: ['id', 'message', 'options'],
    },
    'DELETE /files/{id}': { send: async () => ({ values: { id: (await w.newFileList()).id } }) },
    'POST /files/uploadList/{id}': {
      send: async () => {
        const list = await w.newFileList();
        const option = list.options[0];
        return { values: { id: list.id }, form: w.imageForm({ fileId: String(list.id), typeArch: 'fileList', mediaType: 'image/png', name: option.name, id: String(option.id) }, 'files') };
      },
      answer: ['id', 'options'],
    },

    'GET /chats/': { send: async () => ({ query: { searchParam: '', pageNumber: '1' } }), answer: ['records', 'hasMore'] },
    'POST /chats': {
      send: async () => ({ body: { title: 'Equipe', users: [{ id: a.admin.id, name: 'Admin', email: a.admin.email }] } }),
      answer: ['id', 'uuid', 'users'],
    },
    'PUT /chats/{id}': {
      send: async () => {
        const chat = await w.post('/chats', { title: 'Plantão', users: [a.admin.id] });
        return { values: { id: chat.id }, body: { ...chat, title: 'Plantão B' } };
      },
      answer: ['id', 'title', 'users'],
    },
    'DELETE /chats/{id}': { send: async () => ({ values: { id: (await w.post('/chats', { title: 'Apagar', users: [a.admin.id] })).id } }) },
    'POST /chats/{id}/read': {
      send: async () => ({ values: { id: (await w.post('/chats', { title: 'Lidas', users: [a.admin.id] })).id }, body: { userId: String(a.admin.id) } }),
      answer: ['id', 'users'],
    },
    'GET /chats/{id}/messages': {
      send: async () => ({ values: { id: (await w.post('/chats', { title: 'Mensagens', users: [a.admin.id] })).id }, query: { pageNumber: '1' } }),
      answer: ['records', 'hasMore'],
    },
    'POST /chats/{id}/messages': {
      send: async () => ({ values: { id: (await w.post('/chats', { title: 'Envio', users: [a.admin.id] })).id }, body: { message: 'Olá, equipe' } }),
      answer: ['id', 'message', 'senderId'],
    },
    'GET /announcements/': { send: async () => ({ query: { searchParam: '', pageNumber: '1' } }), answer: ['records', 'hasMore'] },
    'GET /announcements/{id}': { send: async () => ({ values: { id: (await announcement(w)).id } }), answer: ['id', 'title', 'priority'] },
    'POST /announcements': {
      send: async () => ({ token: w.superToken, body: { title: 'Aviso', text: 'Manutenção', priority: '2', status: 'true', mediaPath: null, mediaName: null } }),
      answer: ['id', 'title', 'priority', 'status'],
    },
    'PUT /announcements/{id}': {
      send: async () => {
        const record = await announcement(w);
        return { token: w.superToken, values: { id: record.id }, body: { ...record, priority: 1, status: false } };
      },
      answer: ['id', 'priority', 'status'],
    },
    'DELETE /announcements/{id}': { send: async () => ({ token: w.superToken, values: { id: (await announcement(w)).id } }) },
    'POST /announcements/{id}/media-upload': {
      send: async () => ({ token: w.superToken, values: { id: (await announcement(w)).id }, form: w.imageForm({}, 'file') }),
      answer: ['id', 'mediaPath'],
    },
    'DELETE /announcements/{id}/media-upload': { send: async () => ({ token: w.superToken, values: { id: (await announcement(w)).id } }), answer: ['id'] },

    'GET /companies/{id}': { send: async () => ({ values: { id: a.company.id } }), answer: ['id', 'name', 'dueDate'] },
    'PUT /companies/{id}/schedules': {
      send: async () => ({ values: { id: a.company.id }, body: { schedules: (await w.get(`/companies/${a.company.id}`)).schedules, companyId: a.company.id } }),
    },

    'GET /plans/list': { send: async () => ({ token: undefined, query: { listPublic: 'false' } }), answer: ['[]'] },
    'GET /plans/all': { send: async () => ({ token: w.superToken }), answer: ['[]'] },
    'POST /plans': {
      send: async () => ({ token: w.superToken, body: { ...familyPlanForm(), name: `Plano ${w.number()}` } }),
      answer: ['id', 'name', 'users', 'connections', 'queues', 'amount', 'useWhatsapp'],
    },
    'PUT /plans/{id}': {
      send: async () => {
        const plan = await w.post('/plans', { name: `Plano ${w.number()}` }, w.superToken);
        return { token: w.superToken, values: { id: plan.id }, body: { ...familyPlanForm(), id: plan.id, name: plan.name, value: '59.90' } };
      },
      answer: ['id', 'amount'],
    },
    'DELETE /plans/{id}': {
      send: async () => ({ token: w.superToken, values: { id: (await w.post('/plans', { name: `Plano ${w.number()}` }, w.superToken)).id } }),
    },
    'GET /companies': { send: async () => ({ token: w.superToken }), answer: ['[]'] },
    'GET /companies/list': { send: async () => ({ token: w.superToken }), answer: ['[]'] },
    'GET /companiesPlan/': { send: async () => ({ token: w.superToken, query: { searchParam: '', pageNumber: '1' } }), answer: ['companies', 'hasMore'] },
    'POST /companies': {
      send: async () => ({ token: w.superToken, body: { ...familyCompanyForm(a.company.planId), email: `empresa-${w.number()}@family.test` } }),
      answer: ['id', 'name', 'dueDate'],
    },
    'PUT /companies/{id}': {
      send: async () => {
        const created = await w.post('/companies', { ...familyCompanyForm(a.company.planId), email: `renova-${w.number()}@family.test` }, w.superToken);
        // the family renews by sending the company read back with the due date moved
        return { token: w.superToken, values: { id: created.id }, body: { ...created, dueDate: '2031-01-01', campaignsEnabled: true } };
      },
      answer: ['id', 'dueDate'],
    },
    'DELETE /companies/{id}': {
      send: async () => ({
        token: w.superToken,
        values: { id: (await w.post('/companies', { ...familyCompanyForm(a.company.planId), email: `apaga-${w.number()}@family.test` }, w.superToken)).id },
      }),
    },
    'POST /auth/signup': {
      send: async () => {
        await t.request('PUT', '/settings/userCreation', { token: w.superToken, body: { value: 'enabled' } });
        const [plan] = await w.get('/plans/list');
        const body = { name: 'Cliente Novo', companyName: 'Empresa Nova', email: `signup-${w.number()}@family.test`, password: '123456', phone: '5511999999999', planId: String(plan.id), companyId: '' };
        return { token: undefined, body };
      },
      answer: ['companyId'],
    },
    'GET /whatsapp/all/': { send: async () => ({ token: w.superToken, query: { session: 0 } }), answer: ['companies', 'totals'] },
    'GET /invoices': { send: async () => ({ query: { searchParam: '', pageNumber: '1' } }), answer: ['invoices', 'hasMore'] },
    'POST /subscription': {
      send: async () => {
        const [invoice] = await t.db
          .insert(invoices)
          .values({ companyId: a.company.id, detail: 'Plano', dueDate: `2031-01-${String((counterOfInvoices += 1)).padStart(2, '0')}`, value: '30.00' })
          .returning();
        return {
          body: {
            firstName: 'Maria',
            lastName: 'Silva',
            address2: '',
            city: 'São Paulo',
            state: 'SP',
            zipcode: '123.456.789-09',
            country: 'BR',
            useAddressForPaymentDetails: false,
            nameOnCard: '',
            cardNumber: '',
            cvv: '',
            plan: JSON.stringify({ title: 'Plano', planId: a.company.planId, price: 30, users: 3, connections: 3, queues: 3 }),
            price: '30.00',
            users: '3',
            connections: '3',
            invoiceId: String(invoice.id),
          },
        };
      },
      answer: ['qrcode.qrcode', 'valor.original'],
    },
    'GET /schedules': { send: async () => ({ query: { searchParam: '', pageNumber: 1 } }), answer: ['schedules', 'hasMore'] },
    'GET /schedules/{id}': { send: async () => ({ values: { id: (await familySchedule(w)).id } }), answer: ['id', 'body', 'contact', 'sendAt'] },
    'POST /schedules': { send: async () => ({ body: await familyScheduleForm(w) }), answer: ['id', 'contactId', 'sendAt'] },
    'PUT /schedules/{id}': {
      send: async () => {
        const schedule = await familySchedule(w);
        // the family's dialog sends the record read back with its form's values
        return { values: { id: schedule.id }, body: { ...(await w.get(`/schedules/${schedule.id}`)), ...(await familyScheduleForm(w)), body: 'Mensagem alterada' } };
      },
      answer: ['id', 'body'],
    },
    'DELETE /schedules/{id}': { send: async () => ({ values: { id: (await familySchedule(w)).id } }) },
    'POST /schedules/{id}/media-upload': { send: async () => ({ values: { id: (await familySchedule(w)).id }, form: w.imageForm({}, 'file') }) },
    'DELETE /schedules/{id}/media-upload': { send: async () => ({ values: { id: (await familySchedule(w)).id } }) },

    'GET /campaigns/': { send: async () => ({ query: { searchParam: '', pageNumber: 1 } }), answer: ['records', 'hasMore'] },
    'GET /campaigns/{id}': { send: async () => ({ values: { id: (await familyCampaign(w)).id } }), answer: ['id', 'name', 'status', 'shipping'] },
    'POST /campaigns': { send: async () => ({ body: await familyCampaignForm(w) }), answer: ['id', 'status'] },
    'PUT /campaigns/{id}': {
      send: async () => {
        const campaign = await familyCampaign(w);
        return { values: { id: campaign.id }, body: { ...(await w.get(`/campaigns/${campaign.id}`)), ...(await familyCampaignForm(w)), name: 'Campanha alterada' } };
      },
      answer: ['id', 'name'],
    },
    'DELETE /campaigns/{id}': { send: async () => ({ values: { id: (await familyCampaign(w)).id } }) },
    'POST /campaigns/{id}/media-upload': { send: async () => ({ values: { id: (await familyCampaign(w)).id }, form: w.imageForm({}, 'file') }) },
    'DELETE /campaigns/{id}/media-upload': { send: async () => ({ values: { id: (await familyCampaign(w)).id } }) },
    'POST /campaigns/{id}/cancel': { send: async () => ({ values: { id: (await campaignIn(w, 'EM_ANDAMENTO')).id } }), answer: ['status'] },
    'POST /campaigns/{id}/restart': { send: async () => ({ values: { id: (await campaignIn(w, 'CANCELADA')).id } }), answer: ['status'] },
    'GET /campaign-settings': { send: async () => ({}), answer: ['[]'] },
    'POST /campaign-settings': {
      send: async () => ({
        body: { settings: { messageInterval: '20', longerIntervalAfter: '20', greaterInterval: '60', variables: [{ key: 'loja', value: 'Centro' }], sabado: 'false', domingo: false, startHour: '09:00', endHour: '18:00' } },
      }),
      answer: ['[]'],
    },
    'GET /contact-lists/list': { send: async () => ({ query: { companyId: a.company.id } }), answer: ['[]'] },
    'GET /contact-lists/': { send: async () => ({ query: { searchParam: '', pageNumber: 1 } }), answer: ['records', 'hasMore'] },
    'GET /contact-lists/{id}': { send: async () => ({ values: { id: (await familyList(w)).id } }), answer: ['id', 'name', 'contactsCount'] },
    'POST /contact-lists': { send: async () => ({ body: { name: 'Clientes VIP', companyId: a.company.id } }), answer: ['id', 'name'] },
    'PUT /contact-lists/{id}': {
      send: async () => {
        const list = await familyList(w);
        return { values: { id: list.id }, body: { ...(await w.get(`/contact-lists/${list.id}`)), name: 'Clientes Ouro' } };
      },
      answer: ['id', 'name'],
    },
    'DELETE /contact-lists/{id}': { send: async () => ({ values: { id: (await familyList(w)).id } }) },
    'GET /contact-list-items': {
      send: async () => ({ query: { searchParam: '', pageNumber: 1, contactListId: (await familyList(w)).id } }),
      answer: ['contacts', 'hasMore'],
    },
    'GET /contact-list-items/{id}': { send: async () => ({ values: { id: (await familyListItem(w)).id } }), answer: ['id', 'name', 'number', 'email'] },
    'PUT /contact-list-items/{id}': {
      send: async () => {
        const item = await familyListItem(w);
        return { values: { id: item.id }, body: { ...(await w.get(`/contact-list-items/${item.id}`)), name: 'Nome Alterado' } };
      },
      answer: ['id', 'name'],
    },
    'POST /contact-list-items': {
      send: async () => ({ body: { name: 'Maria Lista', number: w.number(), email: '', contactListId: String((await familyList(w)).id), companyId: a.company.id } }),
      answer: ['id', 'number'],
    },
    'POST /contact-lists/{id}/upload': {
      send: async () => ({
        values: { id: (await familyList(w)).id },
        form: () => {
          const form = new FormData();
          form.append('file', new Blob(['nome;numero;email\nAna;5511988887777;ana@example.test']), 'contatos.csv');
          return form;
        },
      }),
    },
    'DELETE /contact-list-items/{id}': { send: async () => ({ values: { id: (await familyListItem(w)).id } }) },
  };
};

// The family's plan form (03-saas §2 Plans tab): every limit, the price and each feature.
const familyPlanForm = () => ({
  users: '3',
  connections: '2',
  queues: '4',
  value: '39.90',
  isPublic: 'true',
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: false,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: false,
  useIntegrations: true,
});

// The family's company form (03-saas §2 Company form), its empty fields sent as ''.
const familyCompanyForm = (planId: number | null) => ({
  name: 'Empresa da Família',
  password: '123456',
  phone: '',
  planId: String(planId),
  status: 'true',
  campaignsEnabled: false,
  document: '',
  dueDate: '',
  recurrence: 'MENSAL',
  paymentMethod: '',
});

// as the family's campaign dialog submits it: every field, empty choices as ''
const familyCampaignForm = async (w: World) => ({
  name: `Campanha ${w.number()}`,
  message1: 'Olá {{name}}',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
  confirmationMessage1: '',
  confirmationMessage2: '',
  confirmationMessage3: '',
  confirmationMessage4: '',
  confirmationMessage5: '',
  status: 'INATIVA',
  confirmation: false,
  scheduledAt: '',
  contactListId: String((await familyList(w)).id),
  tagListId: '',
  whatsappId: '',
  userId: '',
  queueId: '',
  openTicket: 'disabled',
  statusTicket: 'closed',
  companyId: w.a.company.id,
});
const familyCampaign = async (w: World) => w.post('/campaigns', await familyCampaignForm(w));
// a campaign already in a state that only the sending reaches, written as the runner leaves it
const campaignIn = async (w: World, status: 'EM_ANDAMENTO' | 'CANCELADA') => {
  const [row] = await w.t.db.insert(campaigns).values({ companyId: w.a.company.id, name: `Campanha ${status}`, message1: 'Oi', status }).returning();
  return row;
};
const familyList = async (w: World) => w.post('/contact-lists', { name: `Lista ${w.number()}` });
const familyListItem = async (w: World) =>
  w.post('/contact-list-items', { contactListId: (await familyList(w)).id, name: 'Item da lista', number: w.number(), email: 'item@example.test' });

// The family's schedule dialog: its initial values (02-operations §9), the chosen contact and
// time as its date picker writes them, '' for selects left empty, and the ids it adds.
const familyScheduleForm = async (w: World) => ({
  body: 'Lembrete da consulta de amanhã',
  contactId: String((await createContact(w.t.db, w.a.company.id)).id),
  sendAt: '2030-01-01T09:30',
  sentAt: '',
  openTicket: 'enabled',
  ticketUserId: '',
  queueId: '',
  statusTicket: 'closed',
  intervalo: '1',
  valorIntervalo: '0',
  enviarQuantasVezes: '1',
  tipoDias: '4',
  assinar: false,
  whatsappId: '',
  companyId: w.a.company.id,
  userId: w.a.admin.id,
});
const familySchedule = async (w: World) => w.post('/schedules', await familyScheduleForm(w));
