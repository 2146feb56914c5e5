// The widget's public calls. Every one names the connection by its public id and must come from
// one of its allowed origins; the visitor's own calls carry the visitor token, whose hash names the
// visitor's row (webchat_visitors), tied to the contact it writes as: a known contact when the
// pre-chat form's email or phone names exactly one of the company's, else a web chat contact of its own. Messages go through the one inbound pipeline, so tickets, queues, the
// bot flow and service hours answer them as any channel's. Floods are capped per visitor and per
// connection on the shared request counters (Redis when the deployment has it).
import { randomUUID } from 'node:crypto';
import type { MediaType } from '@atende/shared/messages';
import type { WebchatMessage, WebchatSendBody, WebchatStartBody } from '@atende/shared/webchat';
import type { Db, DbOrTx } from '../../db/client.ts';
import { normalizeNumber } from '@atende/shared/phone';
import { withTransaction } from '../../db/transaction.ts';
import { sightContact } from '../../modules/contacts/contact-sightings.steps.ts';
import { extraInfoOfContacts, findContact, keepExtraInfo, updateContact, type ContactRow } from '../../modules/contacts/contacts.repo.ts';
import { readConnectionByExternalId, type ConnectionRow } from '../../modules/connections/connections.repo.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CounterStore } from '../../platform/rate-limit/counters.ts';
import { checkMedia } from '../../platform/media.ts';
import { isStoredKey, publicUrlPrefix, type Storage } from '../../platform/storage.ts';
import type { Upload } from '../../platform/uploads.ts';
import { storeMedias } from '../../modules/messages/outbound-message.service.ts';
import { closureFor } from '../../modules/chatbot/closures.steps.ts';
import type { CompanySettingsCache } from '../../modules/settings/company-settings.cache.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import { isAllowedOrigin, webchatSettingsOf } from './webchat-config.ts';
import { contactIdsNamedBy, findVisitor, findVisitorMediaUrl, insertVisitor, PHONE_INFO_NAMES, readVisitorHistory } from './webchat.repo.ts';
import { isVisitorTokenShape, newVisitorToken, visitorNumberOf } from './visitor-token.ts';

export type WebchatLimits = { messagesPerVisitor: number; messagesPerConnection: number; visitorsPerConnection: number; windowSeconds: number };

// the extra info entry a visitor's phone is kept in
const PHONE_INFO = 'Phone';

export const DEFAULT_WEBCHAT_LIMITS: WebchatLimits = { messagesPerVisitor: 20, messagesPerConnection: 600, visitorsPerConnection: 120, windowSeconds: 60 };

export const createWebchatVisitors = (deps: {
  db: Db;
  pipeline: InboundPipeline;
  counters: CounterStore;
  clock: Clock;
  timeZone: string;
  settings: CompanySettingsCache;
  storage: Storage;
  limits: WebchatLimits;
}) => {
  const { limits } = deps;

  const capped = async (key: string, max: number) => {
    const { count } = await deps.counters.hit(`webchat:${key}`, limits.windowSeconds * 1000, deps.clock.now().getTime());
    if (count > max) throw new AppError('ERR_TOO_MANY_REQUESTS', 429);
  };

  // the connection, only for a page of an allowed origin; an unknown id and a forbidden origin differ
  // so the site's owner can tell a typo from a missing origin in the browser's console
  const connectionFor = async (publicId: string, origin: string | undefined) => {
    const connection = await readConnectionByExternalId(deps.db, 'webchat', publicId);
    if (!connection) throw notFound('ERR_NO_WAPP_FOUND');
    if (!isAllowedOrigin(connection, origin)) throw new AppError('ERR_NO_PERMISSION', 403);
    return connection;
  };

  // another company's token, or one never handed out, finds no visitor of this connection
  const visitorOf = async (connection: ConnectionRow, token: unknown) => {
    const number = isVisitorTokenShape(token) ? visitorNumberOf(token) : undefined;
    const found = number && (await findVisitor(deps.db, connection.companyId, connection.id, number));
    if (!number || !found) throw new AppError('ERR_SESSION_EXPIRED', 401);
    return { number, contact: found.contact, since: found.visitor.createdAt };
  };

  // The one contact the form names, given what it lacked (the form's details are the visitor's
  // word, unverified: see docs/webchat.md). Its channel stays: the inbound pipeline finds it by its
  // number and opens the ticket on the web chat connection.
  const matchedContact = async (tx: DbOrTx, companyId: number, form: WebchatStartBody): Promise<ContactRow | undefined> => {
    const phoneDigits = form.phone ? normalizeNumber(form.phone) : undefined;
    const ids = await contactIdsNamedBy(tx, companyId, { email: form.email, phoneDigits });
    if (ids.length !== 1) return undefined;
    const contact = await findContact(tx, companyId, ids[0]);
    if (!contact) return undefined;
    if (form.email && !contact.email) await updateContact(tx, companyId, contact.id, { email: form.email });
    const phoneKnown = contact.number === phoneDigits || (await extraInfoOfContacts(tx, companyId, [contact.id])).some((entry) => PHONE_INFO_NAMES.includes(entry.name.toLowerCase()));
    if (form.phone && !phoneKnown) await keepExtraInfo(tx, companyId, contact.id, { name: PHONE_INFO, value: form.phone });
    return contact;
  };

  const newVisitorContact = async (tx: DbOrTx, connection: ConnectionRow, number: string, form: WebchatStartBody) => {
    const name = form.name || form.email || form.phone || `Web chat ${number.slice(-4)}`;
    const contact = await sightContact(tx, connection.companyId, { number, name, channel: 'webchat', isGroup: false, whatsappId: connection.id });
    if (form.email) await updateContact(tx, connection.companyId, contact.id, { email: form.email });
    if (form.phone) await keepExtraInfo(tx, connection.companyId, contact.id, { name: PHONE_INFO, value: form.phone });
    return contact;
  };

  const writeCapped = async (connection: ConnectionRow, visitorNumber: string) => {
    await capped(`visitor:${connection.id}:${visitorNumber}`, limits.messagesPerVisitor);
    await capped(`connection:${connection.id}`, limits.messagesPerConnection);
  };

  const receive = async (connection: ConnectionRow, contact: ContactRow, content: { body: string; mediaType?: MediaType; mediaUrl?: string }): Promise<WebchatMessage> => {
    const stored = await deps.pipeline.receive(
      { companyId: connection.companyId, connectionId: connection.id, providerMessageId: `webchat:${randomUUID()}`, from: { number: contact.number, name: contact.name }, ...content },
      connection,
    );
    // a blocked visitor's message opens nothing: it is told no more than a refusal
    if (stored.messageId === null) throw new AppError('ERR_NO_PERMISSION', 403);
    return {
      id: stored.messageId,
      body: content.body,
      fromMe: false,
      senderName: null,
      mediaUrl: content.mediaUrl ?? null,
      mediaType: content.mediaType ?? 'chat',
      createdAt: deps.clock.now().toISOString(),
      rating: false,
    };
  };

  return {
    connectionFor,

    // closed as the bot reads it (chatbot/closures.steps.ts), before any queue is chosen
    appearance: async (connection: ConnectionRow) => {
      const { color, greeting, preChatForm } = webchatSettingsOf(connection);
      const settings = await deps.settings.read(connection.companyId);
      const closure = await closureFor(deps.db, { connection, queue: undefined, settings }, deps.clock.now(), deps.timeZone);
      return { color, greeting, preChatForm, outOfHours: closure !== undefined };
    },

    start: async (connection: ConnectionRow, form: WebchatStartBody) => {
      await capped(`visitors:${connection.id}`, limits.visitorsPerConnection);
      const visitorToken = newVisitorToken();
      const number = visitorNumberOf(visitorToken);
      await withTransaction(deps.db, async (tx) => {
        const contact = (await matchedContact(tx, connection.companyId, form)) ?? (await newVisitorContact(tx, connection, number, form));
        await insertVisitor(tx, { companyId: connection.companyId, connectionId: connection.id, visitorNumber: number, contactId: contact.id });
      });
      return { visitorToken };
    },

    send: async (connection: ConnectionRow, token: unknown, body: WebchatSendBody) => {
      const { number, contact } = await visitorOf(connection, token);
      await writeCapped(connection, number);
      return receive(connection, contact, { body: body.text });
    },

    // an image or file, typed by its content against the uploads' allow-list and stored as any
    // channel's inbound media; a document without a caption carries its name, as elsewhere
    // read: the request's file and caption, read only once the visitor and its caps are checked
    sendFile: async (connection: ConnectionRow, token: unknown, read: () => Promise<{ upload: Upload; caption: string }>) => {
      const { number, contact } = await visitorOf(connection, token);
      await writeCapped(connection, number);
      const { upload, caption } = await read();
      if (upload.size === 0) throw new AppError('ERR_INVALID_FILE', 400);
      const checked = await checkMedia(upload, upload.fileName);
      const [stored] = await storeMedias(deps.storage, connection.companyId, [{ upload, checked }]);
      const body = caption || (checked.mediaType === 'application' ? upload.fileName : '');
      return receive(connection, contact, { body, mediaType: checked.mediaType, mediaUrl: stored.url });
    },

    // the stored file of a message the visitor may read, for the widget to show an image inline:
    // stored files answer only their own origin (Cross-Origin-Resource-Policy), the widget's page is another
    file: async (connection: ConnectionRow, token: unknown, messageId: number) => {
      const { contact, since } = await visitorOf(connection, token);
      const url = await findVisitorMediaUrl(deps.db, { companyId: connection.companyId, connectionId: connection.id, contactId: contact.id, since }, messageId);
      const key = url?.startsWith(`${publicUrlPrefix}/`) ? url.slice(publicUrlPrefix.length + 1) : '';
      const stored = isStoredKey(key) ? await deps.storage.objects.openRead(key) : null;
      if (!stored) throw notFound('ERR_NO_MESSAGE_FOUND');
      return stored;
    },

    history: async (connection: ConnectionRow, token: unknown) => {
      const { contact, since } = await visitorOf(connection, token);
      const rows = await readVisitorHistory(deps.db, connection.companyId, connection.id, contact.id, since);
      const seen = rows.filter((row) => !row.fromMe && row.read).map((row) => row.id);
      return {
        messages: rows.map(({ read: _read, ...row }) => ({ ...row, senderName: row.fromMe ? row.senderName : null, createdAt: row.createdAt.toISOString() })),
        seenUpTo: seen.length > 0 ? Math.max(...seen) : null,
      };
    },
  };
};

export type WebchatVisitors = ReturnType<typeof createWebchatVisitors>;
