// The steps that carry the conversations (issue 39 point 1): contacts with their extra info and
// tags, tickets with their tags, messages with their media, and ticket notes. Messages keep no
// id-map rows: their WhatsApp id is the product's provider id, unique per connection, so a second
// run finds them there.
import { cleanText, idsOf, newRows, recordIds, targetOf, type ImportStep } from './import-context.ts';
import type { SourceRow } from './source-database.repo.ts';
import {
  contactsByNumber,
  existingMessageKeys,
  insertLinks,
  insertMessages,
  insertRows,
  linkQuotes,
  liveTicketsOf,
  messageKeyOf,
  takenTicketUuids,
  ticketsByIds,
  type MessageKey,
  type ImportedMessage,
} from './source-import.repo.ts';
import { copyMedia, mediaCandidates } from './source-media.ts';
import { ackOf, flag, mediaPathOf, mediaTypeOf, moment, optionalText, safeJson, text, ticketStatusOf, whole } from './source-rows.rules.ts';

const stamps = (row: SourceRow) => ({ createdAt: moment(row, 'createdAt'), updatedAt: moment(row, 'updatedAt') });

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A phone number already in the company (here, or earlier in the source) is the same contact: the
// source's second contact is merged into the first and reported.
const contactsStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'contact', rows);
  const companyIds = await idsOf(context, 'company', fresh.map((row) => text(row, 'companyId')));
  const entries = fresh.flatMap((row) => {
    const companyId = targetOf(companyIds, row.companyId);
    const channel = text(row, 'channel', 'whatsapp');
    const raw = text(row, 'number');
    const number = channel === 'whatsapp' ? raw.replace(/\D/g, '') : raw;
    if (companyId === null || number === '') {
      context.report({ table: 'Contacts', sourceId: text(row, 'id'), problem: companyId === null ? 'its company was not imported' : `no usable number (${raw})` });
      return [];
    }
    return [{ row, companyId, number, channel }];
  });
  const present = await contactsByNumber(context.tx, [...new Set(entries.map((e) => e.companyId))], entries.map((e) => e.number));
  const byNumber = new Map(present.map((c) => [`${c.companyId}:${c.number}`, c.id]));
  const toInsert = entries.filter((entry, i) => {
    const key = `${entry.companyId}:${entry.number}`;
    const duplicate = byNumber.has(key) || entries.findIndex((e) => `${e.companyId}:${e.number}` === key) !== i;
    if (duplicate) context.report({ table: 'Contacts', sourceId: text(entry.row, 'id'), problem: `phone number ${entry.number} is another contact's in the company: merged into it` });
    return !duplicate;
  });
  const ids = await insertRows(
    context.tx,
    'contacts',
    toInsert.map(({ row, companyId, number, channel }) => ({
      companyId,
      name: cleanText(context, 'Contacts', row, 'name') || number,
      number,
      email: text(row, 'email'),
      urlPicture: text(row, 'profilePicUrl'),
      active: flag(row, 'active', true),
      disableBot: flag(row, 'disableBot'),
      acceptAudioMessage: flag(row, 'acceptAudioMessage', true),
      channel,
      isGroup: flag(row, 'isGroup'),
      ...stamps(row),
    })),
  );
  toInsert.forEach((entry, i) => byNumber.set(`${entry.companyId}:${entry.number}`, ids[i]));
  await recordIds(
    context,
    'contact',
    entries.map(({ row, companyId, number }) => ({ sourceId: text(row, 'id'), targetId: byNumber.get(`${companyId}:${number}`) as number, companyId })),
  );
  return entries.length;
};

const extraInfoStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'contactExtraInfo', rows);
  const contactIds = await idsOf(context, 'contact', fresh.map((row) => text(row, 'contactId')));
  const entries = fresh.flatMap((row) => {
    const contact = contactIds.get(text(row, 'contactId'));
    if (!contact?.companyId) {
      context.report({ table: 'ContactCustomFields', sourceId: text(row, 'id'), problem: `its contact ${text(row, 'contactId')} is missing` });
      return [];
    }
    return [{ row, contact: { id: contact.targetId, companyId: contact.companyId } }];
  });
  const ids = await insertRows(
    context.tx,
    'contactExtraInfo',
    entries.map(({ row, contact }) => ({
      companyId: contact.companyId,
      contactId: contact.id,
      name: cleanText(context, 'ContactCustomFields', row, 'name'),
      value: cleanText(context, 'ContactCustomFields', row, 'value'),
    })),
  );
  await recordIds(context, 'contactExtraInfo', entries.map(({ row, contact }, i) => ({ sourceId: text(row, 'id'), targetId: ids[i], companyId: contact.companyId })));
  return entries.length;
};

const tagLinkStep =
  (table: 'ContactTags' | 'TicketTags', owner: { column: 'contactId' | 'ticketId'; entity: string }): ImportStep =>
  async (context, rows) => {
    const owners = await idsOf(context, owner.entity, rows.map((row) => text(row, owner.column)));
    const tagIds = await idsOf(context, 'tag', rows.map((row) => text(row, 'tagId')));
    const values = rows.flatMap((row) => {
      const from = owners.get(text(row, owner.column));
      const tagId = targetOf(tagIds, row.tagId);
      if (!from?.companyId || tagId === null) {
        context.report({ table, sourceId: `${text(row, owner.column)}:${text(row, 'tagId')}`, problem: 'its contact, ticket or tag was not imported' });
        return [];
      }
      return [{ ownerId: from.targetId, tagId, companyId: from.companyId, createdAt: moment(row, 'createdAt') }];
    });
    if (table === 'ContactTags') await insertLinks(context.tx, 'contactTags', values.map(({ ownerId, tagId, companyId }) => ({ contactId: ownerId, tagId, companyId })));
    else await insertLinks(context.tx, 'ticketTags', values.map(({ ownerId, ...rest }) => ({ ticketId: ownerId, ...rest })));
    return values.length;
  };

// One live ticket per contact and connection here: a second one open in the source comes in closed.
const ticketsStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'ticket', rows);
  const column = (name: string) => fresh.map((row) => text(row, name));
  // one after another: the page's transaction is one connection, which runs one query at a time
  const contactIds = await idsOf(context, 'contact', column('contactId'));
  const userIds = await idsOf(context, 'user', column('userId'));
  const queueIds = await idsOf(context, 'queue', column('queueId'));
  const connectionIds = await idsOf(context, 'connection', column('whatsappId'));
  // a ticket's uuid is its public protocol; one already here (the same source under another name) gets a new one
  const takenUuids = await takenTicketUuids(context.tx, fresh.map((row) => text(row, 'uuid')).filter((uuid) => uuidPattern.test(uuid)));
  const live = await liveTicketsOf(context.tx, [...new Set([...contactIds.values()].map((c) => c.targetId))]);
  const liveKeys = new Set(live.map((t) => `${t.contactId}:${t.whatsappId ?? 0}`));
  const values = fresh.flatMap((row) => {
    const sourceId = text(row, 'id');
    const contact = contactIds.get(text(row, 'contactId'));
    if (!contact?.companyId) {
      context.report({ table: 'Tickets', sourceId, problem: `its contact ${text(row, 'contactId')} is missing` });
      return [];
    }
    const whatsappId = targetOf(connectionIds, row.whatsappId);
    let status = ticketStatusOf(row) ?? 'closed';
    if (status !== ticketStatusOf(row)) context.report({ table: 'Tickets', sourceId, problem: `status ${text(row, 'status')} unknown here: imported closed` });
    const liveKey = `${contact.targetId}:${whatsappId ?? 0}`;
    if (status !== 'closed' && liveKeys.has(liveKey)) {
      context.report({ table: 'Tickets', sourceId, problem: 'the contact has another live ticket on the connection: imported closed' });
      status = 'closed';
    }
    if (status !== 'closed') liveKeys.add(liveKey);
    const uuid = text(row, 'uuid');
    return [
      {
        sourceId,
        companyId: contact.companyId,
        values: {
          companyId: contact.companyId,
          ...(uuidPattern.test(uuid) && !takenUuids.has(uuid) ? { uuid } : {}),
          status,
          contactId: contact.targetId,
          userId: targetOf(userIds, row.userId),
          queueId: targetOf(queueIds, row.queueId),
          whatsappId,
          channel: text(row, 'channel', 'whatsapp'),
          isGroup: flag(row, 'isGroup'),
          isBot: flag(row, 'isBot') || flag(row, 'chatbot'),
          amountUsedBotQueues: whole(row, 'amountUsedBotQueues'),
          lastMessage: cleanText(context, 'Tickets', row, 'lastMessage'),
          unreadMessages: whole(row, 'unreadMessages'),
          closedAt: status === 'closed' ? moment(row, 'updatedAt') : null,
          ...stamps(row),
        },
      },
    ];
  });
  const ids = await insertRows(context.tx, 'tickets', values.map((v) => v.values));
  await recordIds(context, 'ticket', values.map((v, i) => ({ sourceId: v.sourceId, targetId: ids[i], companyId: v.companyId })));
  return values.length;
};

// A message lands on its ticket's connection, under its WhatsApp id; one already here (an earlier
// run, or the same id twice in the source) is left as it is, before its media is copied again.
const messagesStep: ImportStep = async (context, rows) => {
  const ticketMap = await idsOf(context, 'ticket', rows.map((row) => text(row, 'ticketId')));
  const ticketRows = new Map((await ticketsByIds(context.tx, [...new Set([...ticketMap.values()].map((t) => t.targetId))])).map((t) => [t.id, t]));
  const contactIds = await idsOf(context, 'contact', rows.map((row) => text(row, 'contactId')));
  const queueIds = await idsOf(context, 'queue', rows.map((row) => text(row, 'queueId')));
  const placed = rows.flatMap((row) => {
    const ticketId = targetOf(ticketMap, row.ticketId);
    const ticket = ticketId === null ? undefined : ticketRows.get(ticketId);
    if (!ticket) {
      context.report({ table: 'Messages', sourceId: text(row, 'id'), problem: `its ticket ${text(row, 'ticketId')} is missing` });
      return [];
    }
    return [{ row, ticket, key: { companyId: ticket.companyId, whatsappId: ticket.whatsappId, providerMessageId: text(row, 'id') } }];
  });
  const present = await existingMessageKeys(context.tx, placed.map((p) => p.key));
  const seen = new Set<string>(present);
  const values: ImportedMessage[] = [];
  const quotes: Array<MessageKey & { quotedProviderId: string }> = [];
  for (const { row, ticket, key } of placed) {
    const id = messageKeyOf(key);
    if (seen.has(id)) continue;
    seen.add(id);
    const mediaPath = mediaPathOf(row);
    let mediaUrl = mediaPath === null ? optionalText(row, 'mediaUrl') : null;
    if (mediaPath !== null && context.mediaDir) {
      const copied = await copyMedia(context.storage, context.mediaDir, ticket.companyId, mediaCandidates(mediaPath, row.companyId));
      if ('missing' in copied) context.report({ table: 'Messages', sourceId: key.providerMessageId, problem: `media file ${copied.missing} is missing: the message came without it` });
      else mediaUrl = copied.url;
    } else if (mediaPath !== null) {
      context.report({ table: 'Messages', sourceId: key.providerMessageId, problem: `media file ${mediaPath} not copied: no media folder given` });
    }
    const quoted = optionalText(row, 'quotedMsgId');
    if (quoted) quotes.push({ ...key, quotedProviderId: quoted });
    const dataJson = optionalText(row, 'dataJson');
    values.push({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: targetOf(contactIds, row.contactId),
      whatsappId: ticket.whatsappId,
      queueId: targetOf(queueIds, row.queueId) ?? ticket.queueId,
      providerMessageId: key.providerMessageId,
      body: cleanText(context, 'Messages', row, 'body'),
      fromMe: flag(row, 'fromMe'),
      read: flag(row, 'read'),
      mediaUrl,
      mediaType: mediaTypeOf(row, mediaPath !== null),
      ack: ackOf(row),
      isDeleted: flag(row, 'isDeleted'),
      isEdited: flag(row, 'isEdited'),
      participant: optionalText(row, 'participant'),
      dataJson: dataJson === null ? null : (safeJson(dataJson) ?? null),
      ...stamps(row),
    });
  }
  const inserted = await insertMessages(context.tx, values);
  await linkQuotes(context.tx, quotes);
  return inserted;
};

// A quote of a message read in a later batch (messages are read in the order of their ids, not
// of their time) is linked by this second, light pass over the quoting messages.
export const quotesStep: ImportStep = async (context, rows) => {
  const ticketMap = await idsOf(context, 'ticket', rows.map((row) => text(row, 'ticketId')));
  const ticketRows = new Map((await ticketsByIds(context.tx, [...new Set([...ticketMap.values()].map((t) => t.targetId))])).map((t) => [t.id, t]));
  const quotes = rows.flatMap((row) => {
    const ticketId = targetOf(ticketMap, row.ticketId);
    const ticket = ticketId === null ? undefined : ticketRows.get(ticketId);
    const quoted = optionalText(row, 'quotedMsgId');
    return ticket && quoted ? [{ companyId: ticket.companyId, whatsappId: ticket.whatsappId, providerMessageId: text(row, 'id'), quotedProviderId: quoted }] : [];
  });
  await linkQuotes(context.tx, quotes);
  return quotes.length;
};

const notesStep: ImportStep = async (context, rows) => {
  const fresh = await newRows(context, 'ticketNote', rows);
  const ticketIds = await idsOf(context, 'ticket', fresh.map((row) => text(row, 'ticketId')));
  const contactIds = await idsOf(context, 'contact', fresh.map((row) => text(row, 'contactId')));
  const userIds = await idsOf(context, 'user', fresh.map((row) => text(row, 'userId')));
  const entries = fresh.flatMap((row) => {
    const ticket = ticketIds.get(text(row, 'ticketId'));
    const contactId = targetOf(contactIds, row.contactId);
    if (!ticket?.companyId || contactId === null) {
      context.report({ table: 'TicketNotes', sourceId: text(row, 'id'), problem: 'its ticket or contact is missing' });
      return [];
    }
    return [{ row, ticketId: ticket.targetId, companyId: ticket.companyId, contactId }];
  });
  const ids = await insertRows(
    context.tx,
    'ticketNotes',
    entries.map(({ row, ticketId, companyId, contactId }) => ({
      companyId,
      ticketId,
      contactId,
      userId: targetOf(userIds, row.userId),
      note: cleanText(context, 'TicketNotes', row, 'note'),
      createdAt: moment(row, 'createdAt'),
    })),
  );
  await recordIds(context, 'ticketNote', entries.map(({ row, companyId }, i) => ({ sourceId: text(row, 'id'), targetId: ids[i], companyId })));
  return entries.length;
};

export const conversationSteps: Record<string, ImportStep> = {
  Contacts: contactsStep,
  ContactCustomFields: extraInfoStep,
  ContactTags: tagLinkStep('ContactTags', { column: 'contactId', entity: 'contact' }),
  Tickets: ticketsStep,
  TicketTags: tagLinkStep('TicketTags', { column: 'ticketId', entity: 'ticket' }),
  Messages: messagesStep,
  TicketNotes: notesStep,
};
