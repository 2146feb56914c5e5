// The widget's public calls. Every one names the connection by its public id and must come from
// one of its allowed origins; the visitor's own calls carry the visitor token, whose hash is the
// visitor contact's number. Messages go through the one inbound pipeline, so tickets, queues, the
// bot flow and service hours answer them as any channel's. Floods are capped per visitor and per
// connection on the shared request counters (Redis when the deployment has it).
import { randomUUID } from 'node:crypto';
import type { WebchatSendBody, WebchatStartBody } from '@atende/shared/webchat';
import type { Db } from '../../db/client.ts';
import { sightContact } from '../../modules/contacts/contact-sightings.steps.ts';
import { findContactByNumber, keepExtraInfo, updateContact } from '../../modules/contacts/contacts.repo.ts';
import { readConnectionByExternalId, type ConnectionRow } from '../../modules/connections/connections.repo.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CounterStore } from '../../platform/rate-limit/counters.ts';
import { closureFor } from '../../modules/chatbot/closures.steps.ts';
import type { CompanySettingsCache } from '../../modules/settings/company-settings.cache.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import { isAllowedOrigin, webchatSettingsOf } from './webchat-config.ts';
import { readVisitorHistory } from './webchat.repo.ts';
import { isVisitorTokenShape, newVisitorToken, visitorNumberOf } from './visitor-token.ts';

export type WebchatLimits = { messagesPerVisitor: number; messagesPerConnection: number; visitorsPerConnection: number; windowSeconds: number };

export const DEFAULT_WEBCHAT_LIMITS: WebchatLimits = { messagesPerVisitor: 20, messagesPerConnection: 600, visitorsPerConnection: 120, windowSeconds: 60 };

export const createWebchatVisitors = (deps: {
  db: Db;
  pipeline: InboundPipeline;
  counters: CounterStore;
  clock: Clock;
  timeZone: string;
  settings: CompanySettingsCache;
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

  // another company's token, or one never handed out, finds no contact of this connection's company
  const visitorOf = async (connection: ConnectionRow, token: unknown) => {
    const number = isVisitorTokenShape(token) ? visitorNumberOf(token) : undefined;
    const contact = number && (await findContactByNumber(deps.db, connection.companyId, number));
    if (!number || !contact || contact.channel !== 'webchat') throw new AppError('ERR_SESSION_EXPIRED', 401);
    return { number, contact };
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
      const name = form.name || form.email || form.phone || `Web chat ${number.slice(-4)}`;
      const contact = await sightContact(deps.db, connection.companyId, { number, name, channel: 'webchat', isGroup: false, whatsappId: connection.id });
      if (form.email) await updateContact(deps.db, connection.companyId, contact.id, { email: form.email });
      if (form.phone) await keepExtraInfo(deps.db, connection.companyId, contact.id, { name: 'Phone', value: form.phone });
      return { visitorToken };
    },

    send: async (connection: ConnectionRow, token: unknown, body: WebchatSendBody) => {
      const { number, contact } = await visitorOf(connection, token);
      await capped(`visitor:${connection.id}:${number}`, limits.messagesPerVisitor);
      await capped(`connection:${connection.id}`, limits.messagesPerConnection);
      const stored = await deps.pipeline.receive(
        { companyId: connection.companyId, connectionId: connection.id, providerMessageId: `webchat:${randomUUID()}`, from: { number, name: contact.name }, body: body.text },
        connection,
      );
      // a blocked visitor's message opens nothing: it is told no more than a refusal
      if (stored.messageId === null) throw new AppError('ERR_NO_PERMISSION', 403);
      return { id: stored.messageId, body: body.text, fromMe: false, senderName: null, mediaUrl: null, mediaType: 'chat', createdAt: deps.clock.now().toISOString() };
    },

    history: async (connection: ConnectionRow, token: unknown) => {
      const { contact } = await visitorOf(connection, token);
      const rows = await readVisitorHistory(deps.db, connection.companyId, connection.id, contact.id);
      return { messages: rows.map((row) => ({ ...row, senderName: row.fromMe ? row.senderName : null, createdAt: row.createdAt.toISOString() })) };
    },
  };
};

export type WebchatVisitors = ReturnType<typeof createWebchatVisitors>;
