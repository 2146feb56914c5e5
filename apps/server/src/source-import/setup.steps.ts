// The steps that carry a source's platform and company setup (issue 39 point 1): plans,
// companies and their settings, queues with their chatbot trees, connections with their
// WhatsApp sessions, users, tags and quick messages.
import { defaultServiceHours } from '@atende/shared/service-hours';
import { companySettingChoices, companySettingKeys } from '@atende/shared/settings';
import { writeAuthKeys } from '../channels/whatsapp/auth-state.repo.ts';
import { GREETING_FOLDER } from '../modules/connections/connections.service.ts';
import { MEDIA_FOLDER as QUICK_MESSAGE_FOLDER } from '../modules/quick-messages/quick-messages.service.ts';
import { cleanText, idsOf, newRows, recordIds, targetOf, type ImportContext, type ImportStep } from './import-context.ts';
import type { SourceRow } from './source-database.repo.ts';
import {
  companyExists,
  insertLinks,
  insertRows,
  plansByName,
  queuesOf,
  saveCompanySettings,
  tagsOf,
  takenConnectionTokens,
  usersByEmail,
} from './source-import.repo.ts';
import { copyRowFile } from './source-media.ts';
import { connectionChannelOf, dueDateOf, flag, hexColor, mediaPathOf, moment, optionalText, serviceHours, sessionOf, text, toggleOf, whole } from './source-rows.rules.ts';

// The platform's own company: company 1 in every member of the family and here.
const PLATFORM_COMPANY_ID = 1;
const AUTH_KEYS_PER_WRITE = 500;

const stamps = (row: SourceRow) => ({ createdAt: moment(row, 'createdAt'), updatedAt: moment(row, 'updatedAt') });

// The company each row belongs to, by its companyId; rows of a company not imported are reported.
const withCompanies = async (context: ImportContext, table: string, rows: SourceRow[]) => {
  const companyIds = await idsOf(context, 'company', rows.map((row) => text(row, 'companyId')));
  return rows.flatMap((row) => {
    const companyId = targetOf(companyIds, row.companyId);
    if (companyId === null) {
      context.report({ table, sourceId: text(row, 'id'), problem: `its company ${text(row, 'companyId')} was not imported` });
      return [];
    }
    return [{ row, companyId }];
  });
};

const plansStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'plan', rows);
  const existing = await plansByName(context.tx, fresh.map((row) => text(row, 'name')));
  const toInsert = fresh.filter((row) => !existing.has(text(row, 'name')));
  const ids = await insertRows(
    context.tx,
    'plans',
    toInsert.map((row) => ({
      name: cleanText(context, 'Plans', row, 'name'),
      users: whole(row, 'users'),
      connections: whole(row, 'connections'),
      queues: whole(row, 'queues'),
      amount: String(Number(row.value ?? row.amount ?? 0) || 0),
      isPublic: flag(row, 'isPublic', true),
      useWhatsapp: flag(row, 'useWhatsapp', true),
      useFacebook: flag(row, 'useFacebook', true),
      useInstagram: flag(row, 'useInstagram', true),
      useCampaigns: flag(row, 'useCampaigns', true),
      useSchedules: flag(row, 'useSchedules', true),
      useInternalChat: flag(row, 'useInternalChat', true),
      useExternalApi: flag(row, 'useExternalApi', true),
      useKanban: flag(row, 'useKanban', true),
      useOpenAi: flag(row, 'useOpenAi', true),
      useIntegrations: flag(row, 'useIntegrations', true),
      useAutomation: flag(row, 'useAutomation', true),
      ...stamps(row),
    })),
  );
  const inserted = new Map(toInsert.map((row, i) => [text(row, 'id'), ids[i]]));
  await recordIds(
    context,
    'plan',
    fresh.map((row) => ({ sourceId: text(row, 'id'), targetId: inserted.get(text(row, 'id')) ?? (existing.get(text(row, 'name')) as number), companyId: null })),
  );
  return fresh.length;
};

const companiesStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'company', rows);
  const planIds = await idsOf(context, 'plan', fresh.map((row) => text(row, 'planId')));
  // the source's platform company becomes this platform's own, which is never replaced
  const platform = fresh.filter((row) => text(row, 'id') === String(PLATFORM_COMPANY_ID));
  const usePlatform = platform.length > 0 && (await companyExists(context.tx, PLATFORM_COMPANY_ID));
  const toInsert = usePlatform ? fresh.filter((row) => !platform.includes(row)) : fresh;
  const ids = await insertRows(
    context.tx,
    'companies',
    toInsert.map((row) => ({
      name: cleanText(context, 'Companies', row, 'name'),
      email: text(row, 'email'),
      phone: text(row, 'phone'),
      planId: targetOf(planIds, row.planId),
      status: flag(row, 'status', true),
      document: text(row, 'document'),
      paymentMethod: text(row, 'paymentMethod'),
      dueDate: dueDateOf(row),
      recurrence: text(row, 'recurrence') || 'MENSAL',
      schedules: serviceHours(row.schedules, defaultServiceHours),
      ...stamps(row),
    })),
  );
  const mapped = toInsert.map((row, i) => ({ sourceId: text(row, 'id'), targetId: ids[i], companyId: ids[i] }));
  if (usePlatform) mapped.push({ sourceId: String(PLATFORM_COMPANY_ID), targetId: PLATFORM_COMPANY_ID, companyId: PLATFORM_COMPANY_ID });
  await recordIds(context, 'company', mapped);
  return fresh.length;
};

// Only the settings this product knows, with a value it accepts; the rest are left behind.
const settingsStep: ImportStep = async (context, rows) => {
  const known = new Set<string>(companySettingKeys);
  const values = (await withCompanies(context, 'Settings', rows)).flatMap(({ row, companyId }) => {
    const key = text(row, 'key');
    const value = text(row, 'value');
    const choices = companySettingChoices[key as keyof typeof companySettingChoices];
    if (!known.has(key) || (choices && !choices.includes(value))) return [];
    return [{ companyId, key, value }];
  });
  // the sources never made a key unique per company: the last row of a key wins
  const latest = new Map(values.map((value) => [`${value.companyId}:${value.key}`, value]));
  await saveCompanySettings(context.tx, [...latest.values()]);
  return latest.size;
};

// A queue of the same name in the company is the same queue; a colour taken gets another.
const queuesStep: ImportStep = async (context, rows) => {
  const fresh = await withCompanies(context, 'Queues', await newRows(context, 'queue', rows));
  const integrationIds = await idsOf(context, 'queueIntegration', fresh.map(({ row }) => text(row, 'integrationId')));
  const present = await queuesOf(context.tx, [...new Set(fresh.map((f) => f.companyId))]);
  const byName = new Map(present.map((q) => [`${q.companyId}:${q.name}`, q.id]));
  const colours = new Set(present.map((q) => `${q.companyId}:${q.color.toLowerCase()}`));
  const named = fresh.map((entry) => ({ ...entry, name: cleanText(context, 'Queues', entry.row, 'name') }));
  const toInsert: Array<{ row: SourceRow; companyId: number; name: string; color: string }> = [];
  for (const { row, companyId, name } of named) {
    if (byName.has(`${companyId}:${name}`) || toInsert.some((q) => q.companyId === companyId && q.name === name)) continue;
    let color = hexColor(text(row, 'color'), '#7c7c7c');
    for (let n = whole(row, 'id'); colours.has(`${companyId}:${color.toLowerCase()}`); n += 1) {
      color = `#${((n * 0x9e3779) & 0xffffff).toString(16).padStart(6, '0')}`;
    }
    if (color !== text(row, 'color')) context.report({ table: 'Queues', sourceId: text(row, 'id'), problem: `colour ${text(row, 'color')} taken or invalid: ${color} given` });
    colours.add(`${companyId}:${color.toLowerCase()}`);
    toInsert.push({ row, companyId, name, color });
  }
  const ids = await insertRows(
    context.tx,
    'queues',
    toInsert.map(({ row, companyId, name, color }) => ({
      companyId,
      name,
      color,
      greetingMessage: cleanText(context, 'Queues', row, 'greetingMessage'),
      outOfHoursMessage: cleanText(context, 'Queues', row, 'outOfHoursMessage'),
      orderQueue: row.orderQueue === undefined || row.orderQueue === null ? null : whole(row, 'orderQueue'),
      integrationId: targetOf(integrationIds, row.integrationId),
      schedules: serviceHours(row.schedules, []),
      ...stamps(row),
    })),
  );
  toInsert.forEach((q, i) => byName.set(`${q.companyId}:${q.name}`, ids[i]));
  await recordIds(
    context,
    'queue',
    named.map(({ row, companyId, name }) => ({ sourceId: text(row, 'id'), targetId: byName.get(`${companyId}:${name}`) as number, companyId })),
  );
  return fresh.length;
};

// The option trees: ticketz's QueueOptions (title, message, parentId, forwardQueueId) and the
// SaaS copies' Chatbots (name, greetingMessage, chatbotId as parent, isAgent).
const chatbotStep =
  (table: 'QueueOptions' | 'Chatbots'): ImportStep =>
  async (context, rows) => {
    const fresh = await newRows(context, 'chatbot', rows);
    const parentColumn = table === 'QueueOptions' ? 'parentId' : 'chatbotId';
    const queueIds = await idsOf(context, 'queue', fresh.flatMap((row) => [text(row, 'queueId'), text(row, 'forwardQueueId')]));
    const parents = await idsOf(context, 'chatbot', fresh.map((row) => text(row, parentColumn)));
    let imported = 0;
    // one at a time: an option's parent may come earlier in the same batch
    for (const row of fresh) {
      const queue = queueIds.get(text(row, 'queueId'));
      const parentSource = optionalText(row, parentColumn);
      const parentId = parentSource ? targetOf(parents, parentSource) : null;
      if (!queue?.companyId || (parentSource && parentId === null)) {
        context.report({ table, sourceId: text(row, 'id'), problem: queue ? `its parent option ${parentSource} is missing` : `its queue ${text(row, 'queueId')} is missing` });
        continue;
      }
      const forward = targetOf(queueIds, row.forwardQueueId);
      const [id] = await insertRows(context.tx, 'chatbots', [
        {
          companyId: queue.companyId,
          queueId: queue.targetId,
          parentId,
          name: cleanText(context, table, row, table === 'QueueOptions' ? 'title' : 'name'),
          greetingMessage: cleanText(context, table, row, table === 'QueueOptions' ? 'message' : 'greetingMessage'),
          queueType: forward ? 'queue' : flag(row, 'isAgent') ? 'attendent' : 'text',
          optQueueId: forward,
          closeTicket: flag(row, 'exitChatbot'),
          ...stamps(row),
        },
      ]);
      parents.set(text(row, 'id'), { targetId: id, companyId: queue.companyId });
      await recordIds(context, 'chatbot', [{ sourceId: text(row, 'id'), targetId: id, companyId: queue.companyId }]);
      imported += 1;
    }
    return imported;
  };

// A connection keeps its messages and, for WhatsApp, the Baileys session the source kept, so a
// connection logged in there resumes here without a new QR code.
const connectionsStep: ImportStep = async (context, rows) => {
  const fresh = await withCompanies(context, 'Whatsapps', await newRows(context, 'connection', rows));
  const promptIds = await idsOf(context, 'prompt', fresh.map(({ row }) => text(row, 'promptId')));
  const integrationIds = await idsOf(context, 'queueIntegration', fresh.map(({ row }) => text(row, 'integrationId')));
  // the queue the SaaS copies hand a ticket to after timeSendQueue minutes in no queue
  const sendQueueIds = await idsOf(context, 'queue', fresh.map(({ row }) => text(row, 'sendIdQueue')));
  // the external messages API's clients keep working with the token they have, unless it is taken here
  const takenTokens = await takenConnectionTokens(context.tx, fresh.map(({ row }) => text(row, 'token')).filter((token) => token !== ''));
  let imported = 0;
  for (const { row, companyId } of fresh) {
    const sourceId = text(row, 'id');
    const channel = connectionChannelOf(row);
    if (!channel) {
      context.report({ table: 'Whatsapps', sourceId, problem: `channel ${text(row, 'channel')} is not one this product serves` });
      continue;
    }
    const keyRows = channel === 'whatsapp' && context.sourceTables.has('BaileysKeys') ? await context.sourceDb.rowsWhere('BaileysKeys', 'whatsappId', [row.id]) : [];
    const session = channel === 'whatsapp' ? sessionOf(optionalText(row, 'session'), keyRows) : null;
    if (session && 'problem' in session) context.report({ table: 'Whatsapps', sourceId, problem: session.problem });
    const carried = session && 'keys' in session ? session : null;
    const [id] = await insertRows(context.tx, 'connections', [
      {
        companyId,
        name: cleanText(context, 'Whatsapps', row, 'name') || `WhatsApp ${sourceId}`,
        channel,
        number: text(row, 'number'),
        ...(text(row, 'token') !== '' && !takenTokens.has(text(row, 'token')) ? { token: text(row, 'token') } : {}),
        // OPENING: the session manager resumes it with the carried credentials
        status: carried?.loggedIn ? 'OPENING' : 'DISCONNECTED',
        isDefault: flag(row, 'isDefault'),
        greetingMessage: cleanText(context, 'Whatsapps', row, 'greetingMessage'),
        // the SaaS copies' file sent with the greeting
        greetingMediaAttachment: await copyRowFile(context, 'Whatsapps', row, mediaPathOf({ mediaUrl: row.greetingMediaAttachment }), companyId, GREETING_FOLDER, 'the connection'),
        complationMessage: cleanText(context, 'Whatsapps', row, 'complationMessage'),
        outOfHoursMessage: cleanText(context, 'Whatsapps', row, 'outOfHoursMessage'),
        ratingMessage: cleanText(context, 'Whatsapps', row, 'ratingMessage'),
        allowGroup: flag(row, 'allowGroup'),
        maxUseBotQueues: whole(row, 'maxUseBotQueues', 3),
        timeUseBotQueues: whole(row, 'timeUseBotQueues'),
        timeSendQueue: whole(row, 'timeSendQueue'),
        sendIdQueue: targetOf(sendQueueIds, row.sendIdQueue),
        expiresTicket: whole(row, 'expiresTicket'),
        expiresInactiveMessage: cleanText(context, 'Whatsapps', row, 'expiresInactiveMessage'),
        promptId: targetOf(promptIds, row.promptId),
        integrationId: targetOf(integrationIds, row.integrationId),
        ...stamps(row),
      },
    ]);
    for (let start = 0; carried && start < carried.keys.length; start += AUTH_KEYS_PER_WRITE) {
      await writeAuthKeys(context.tx, companyId, id, carried.keys.slice(start, start + AUTH_KEYS_PER_WRITE));
    }
    await recordIds(context, 'connection', [{ sourceId, targetId: id, companyId }]);
    imported += 1;
  }
  return imported;
};

// Link tables: both ends imported, or the link is reported.
const linkStep =
  (table: string, link: 'connectionQueues' | 'userQueues', owner: { column: string; entity: string; field: 'connectionId' | 'userId' }): ImportStep =>
  async (context, rows) => {
    const owners = await idsOf(context, owner.entity, rows.map((row) => text(row, owner.column)));
    const queueIds = await idsOf(context, 'queue', rows.map((row) => text(row, 'queueId')));
    const values = rows.flatMap((row) => {
      const from = owners.get(text(row, owner.column));
      const queueId = targetOf(queueIds, row.queueId);
      if (!from?.companyId || queueId === null) {
        context.report({ table, sourceId: `${text(row, owner.column)}:${text(row, 'queueId')}`, problem: 'one end of the link was not imported' });
        return [];
      }
      return [{ ownerId: from.targetId, queueId, companyId: from.companyId }];
    });
    if (link === 'connectionQueues') await insertLinks(context.tx, link, values.map(({ ownerId, ...rest }) => ({ connectionId: ownerId, ...rest })));
    else await insertLinks(context.tx, link, values.map(({ ownerId, ...rest }) => ({ userId: ownerId, ...rest })));
    return values.length;
  };

// A user keeps the source's bcrypt hash: the first sign-in here checks it and stores argon2id.
// An email already used here is the same person when in the same company, else reported.
const usersStep: ImportStep = async (context, rows) => {
  const fresh = await withCompanies(context, 'Users', await newRows(context, 'user', rows));
  const taken = await usersByEmail(context.tx, fresh.map(({ row }) => text(row, 'email')));
  const connectionIds = await idsOf(context, 'connection', fresh.map(({ row }) => text(row, 'whatsappId')));
  const mapped: Array<{ sourceId: string; targetId: number; companyId: number }> = [];
  const toInsert: typeof fresh = [];
  for (const entry of fresh) {
    const sourceId = text(entry.row, 'id');
    const existing = taken.get(text(entry.row, 'email').toLowerCase());
    if (existing?.companyId === entry.companyId) {
      context.report({ table: 'Users', sourceId, problem: `email ${existing.email} is already a user of the company here: kept that user` });
      mapped.push({ sourceId, targetId: existing.id, companyId: entry.companyId });
    } else if (existing) {
      context.report({ table: 'Users', sourceId, problem: `email ${existing.email} belongs to a user of another company here: not imported` });
    } else {
      toInsert.push(entry);
    }
  }
  const ids = await insertRows(
    context.tx,
    'users',
    toInsert.map(({ row, companyId }) => ({
      companyId,
      name: cleanText(context, 'Users', row, 'name'),
      email: text(row, 'email'),
      passwordHash: text(row, 'passwordHash'),
      profile: text(row, 'profile') === 'admin' ? ('admin' as const) : ('user' as const),
      super: flag(row, 'super'),
      startWork: text(row, 'startWork', '00:00'),
      endWork: text(row, 'endWork', '23:59'),
      farewellMessage: cleanText(context, 'Users', row, 'farewellMessage'),
      whatsappId: targetOf(connectionIds, row.whatsappId),
      allTicket: toggleOf(row, 'allTicket', 'disabled'),
      allowGroup: toggleOf(row, 'allowGroup', 'disabled'),
      allHistoric: toggleOf(row, 'allHistoric', 'disabled'),
      allUserChat: toggleOf(row, 'allUserChat', 'disabled'),
      userClosePendingTicket: toggleOf(row, 'userClosePendingTicket', 'enabled'),
      showDashboard: toggleOf(row, 'showDashboard', 'disabled'),
      allowRealTime: toggleOf(row, 'allowRealTime', 'disabled'),
      allowConnections: toggleOf(row, 'allowConnections', 'disabled'),
      color: hexColor(text(row, 'color'), '#7c7c7c'),
      ...stamps(row),
    })),
  );
  toInsert.forEach(({ row, companyId }, i) => mapped.push({ sourceId: text(row, 'id'), targetId: ids[i], companyId }));
  await recordIds(context, 'user', mapped);
  return mapped.length;
};

// A tag of the same name in the company is the same tag (and kanban lane).
const tagsStep: ImportStep = async (context, rows) => {
  const fresh = await withCompanies(context, 'Tags', await newRows(context, 'tag', rows));
  const present = await tagsOf(context.tx, [...new Set(fresh.map((f) => f.companyId))]);
  const byName = new Map(present.map((tag) => [`${tag.companyId}:${tag.name}`, tag.id]));
  const named = fresh.map((entry) => ({ ...entry, name: cleanText(context, 'Tags', entry.row, 'name') || `tag ${text(entry.row, 'id')}` }));
  const toInsert = named.filter((entry, i) => !byName.has(`${entry.companyId}:${entry.name}`) && named.findIndex((e) => e.companyId === entry.companyId && e.name === entry.name) === i);
  const ids = await insertRows(
    context.tx,
    'tags',
    toInsert.map(({ row, companyId, name }) => ({ companyId, name, color: text(row, 'color', '#7c7c7c'), kanban: whole(row, 'kanban'), ...stamps(row) })),
  );
  toInsert.forEach((entry, i) => byName.set(`${entry.companyId}:${entry.name}`, ids[i]));
  await recordIds(
    context,
    'tag',
    named.map(({ row, companyId, name }) => ({ sourceId: text(row, 'id'), targetId: byName.get(`${companyId}:${name}`) as number, companyId })),
  );
  return named.length;
};

// A quick message's file (the SaaS copies' mediaPath, under public/) is copied as a message's is.
type QuickMessageMedia = { mediaPath: string | null; mediaName: string | null };
const quickMessageMedia = async (context: ImportContext, row: SourceRow, companyId: number): Promise<QuickMessageMedia> => {
  const path = mediaPathOf({ mediaUrl: row.mediaPath });
  const url = await copyRowFile(context, 'QuickMessages', row, path, companyId, QUICK_MESSAGE_FOLDER, 'the quick message');
  return url === null || path === null ? { mediaPath: null, mediaName: null } : { mediaPath: url, mediaName: text(row, 'mediaName', path).slice(0, 255) };
};

const quickMessagesStep: ImportStep = async (context, rows) => {
  const fresh = await withCompanies(context, 'QuickMessages', await newRows(context, 'quickMessage', rows));
  const userIds = await idsOf(context, 'user', fresh.map(({ row }) => text(row, 'userId')));
  const media: QuickMessageMedia[] = [];
  for (const { row, companyId } of fresh) media.push(await quickMessageMedia(context, row, companyId));
  const ids = await insertRows(
    context.tx,
    'quickMessages',
    fresh.map(({ row, companyId }, i) => ({
      ...media[i],
      companyId,
      userId: targetOf(userIds, row.userId),
      shortcode: cleanText(context, 'QuickMessages', row, 'shortcode'),
      message: cleanText(context, 'QuickMessages', row, 'message'),
      geral: flag(row, 'geral'),
      ...stamps(row),
    })),
  );
  await recordIds(context, 'quickMessage', fresh.map(({ row, companyId }, i) => ({ sourceId: text(row, 'id'), targetId: ids[i], companyId })));
  return fresh.length;
};

export const setupSteps: Record<string, ImportStep> = {
  Plans: plansStep,
  Companies: companiesStep,
  Settings: settingsStep,
  Queues: queuesStep,
  QueueOptions: chatbotStep('QueueOptions'),
  Chatbots: chatbotStep('Chatbots'),
  Whatsapps: connectionsStep,
  WhatsappQueues: linkStep('WhatsappQueues', 'connectionQueues', { column: 'whatsappId', entity: 'connection', field: 'connectionId' }),
  Users: usersStep,
  UserQueues: linkStep('UserQueues', 'userQueues', { column: 'userId', entity: 'user', field: 'userId' }),
  Tags: tagsStep,
  QuickMessages: quickMessagesStep,
};
