// Message import from WhatsApp's history sync (02-operations §3 enableImportMessage,
// importOldMessages, importRecentMessages, importOldMessagesGroups, closedTicketsPostImported,
// queueIdImportMessages; §4 Message import). History arrives in batches after a pairing; the
// messages inside the chosen dates are kept until the batches stop for a quiet while, then stored
// in time order with progress on importMessages-{companyId}. The import ends with the
// close-imported-tickets button (statusImportMessages renderButtonCloseTickets) or, with
// closedTicketsPostImported, with the imported tickets closed.
import type { WAMessage } from '@whiskeysockets/baileys';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventBus } from '../../platform/events.ts';
import { findConnection } from '../../modules/connections/connections.repo.ts';
import { writeTicketLog } from '../../modules/tickets/ticket-logs.repo.ts';
import * as ticketsRepo from '../../modules/tickets/tickets.repo.ts';
import type { TicketsService } from '../../modules/tickets/tickets.service.ts';
import type { StatusWriter } from './connection-status.ts';
import { pendingTicketsOfConnection, queueUnqueuedTickets, updateImportStatus } from './history-import.repo.ts';
import { isGroupJid, isIgnoredChat } from './jid.ts';
import type { SessionContext } from './session-manager.ts';
import { withTransaction } from '../../db/transaction.ts';

export const CLOSE_TICKETS_BUTTON = 'renderButtonCloseTickets';
// one history can hold years of chats; an import keeps at most this many messages in memory
const MAX_IMPORTED_MESSAGES = 20_000;
const PROGRESS_EVERY = 25;

type Pending = { messages: WAMessage[]; ids: Set<string>; timer?: NodeJS.Timeout };

const secondsOf = (message: WAMessage) => Number(message.messageTimestamp ?? 0);

export const createHistoryImport = (deps: {
  db: Db;
  bus: EventBus;
  tickets: TicketsService;
  clock: Clock;
  log: FastifyBaseLogger;
  publishConnection: StatusWriter['publish'];
  receive: (context: SessionContext, message: WAMessage) => Promise<{ ticketId: number } | undefined>;
  quietMs: number;
}) => {
  const pending = new Map<number, Pending>();

  const progress = (companyId: number, status: { this: number; all: number; date: string }) =>
    deps.bus.publish({ companyId, event: 'importMessages', payload: { action: 'update', status } });

  const setImportStatus = async (companyId: number, connectionId: number, statusImportMessages: string | null) => {
    await updateImportStatus(deps.db, companyId, connectionId, statusImportMessages);
    await deps.publishConnection(companyId, connectionId);
  };

  // closes the pending tickets the import opened on this connection
  const closeImported = async (companyId: number, connectionId: number, ticketIds?: number[]) => {
    const candidates = await pendingTicketsOfConnection(deps.db, companyId, connectionId, ticketIds);
    const closed = await withTransaction(deps.db, async (tx) => {
      const done: ticketsRepo.TicketRow[] = [];
      for (const candidate of candidates) {
        const row = await ticketsRepo.updateTicketFrom(tx, companyId, candidate, { status: 'closed', closedAt: deps.clock.now(), amountUsedBotQueues: 0 });
        if (!row) continue;
        await writeTicketLog(tx, { companyId, ticketId: row.id, type: 'closed' });
        done.push(row);
      }
      return done;
    });
    for (const row of closed) await deps.tickets.publishTicket(row);
    return closed.length;
  };

  const run = async (context: SessionContext) => {
    const batch = pending.get(context.connectionId);
    pending.delete(context.connectionId);
    const connection = await findConnection(deps.db, context.companyId, context.connectionId);
    if (!batch || !connection) return;
    const messages = batch.messages.sort((a, b) => secondsOf(a) - secondsOf(b));
    const ticketIds = new Set<number>();
    for (const [index, message] of messages.entries()) {
      const stored = await deps.receive(context, message).catch((error: unknown) => {
        deps.log.warn({ err: error, connectionId: context.connectionId, id: message.key.id }, 'imported message skipped');
        return undefined;
      });
      if (stored) ticketIds.add(stored.ticketId);
      if ((index + 1) % PROGRESS_EVERY === 0 || index === messages.length - 1) {
        progress(context.companyId, { this: index + 1, all: messages.length, date: new Date(secondsOf(message) * 1000).toISOString() });
      }
    }
    const imported = [...ticketIds];
    if (connection.queueIdImportMessages && imported.length > 0) {
      await queueUnqueuedTickets(deps.db, context.companyId, imported, connection.queueIdImportMessages);
    }
    if (connection.closedTicketsPostImported) {
      await closeImported(context.companyId, context.connectionId, imported);
      await setImportStatus(context.companyId, context.connectionId, null);
    } else {
      await setImportStatus(context.companyId, context.connectionId, CLOSE_TICKETS_BUTTON);
    }
    deps.bus.publish({ companyId: context.companyId, event: 'importMessages', payload: { action: 'refresh' } });
  };

  const collect = async (context: SessionContext, history: { messages: WAMessage[] }) => {
    const connection = await findConnection(deps.db, context.companyId, context.connectionId);
    if (!connection?.enableImportMessage || !connection.importOldMessages || connection.statusImportMessages === CLOSE_TICKETS_BUTTON) return;
    const from = connection.importOldMessages.getTime() / 1000;
    const until = (connection.importRecentMessages ?? deps.clock.now()).getTime() / 1000;
    let batch = pending.get(context.connectionId);
    if (!batch) {
      batch = { messages: [], ids: new Set() };
      pending.set(context.connectionId, batch);
      // the start time: the web shows "preparing" for the first 35 seconds (02-operations §9)
      await setImportStatus(context.companyId, context.connectionId, String(deps.clock.now().getTime()));
      progress(context.companyId, { this: -1, all: 0, date: '' });
    }
    for (const message of history.messages) {
      const chat = message.key.remoteJid ?? '';
      const at = secondsOf(message);
      if (!message.key.id || batch.ids.has(message.key.id) || isIgnoredChat(chat) || at < from || at > until) continue;
      if (isGroupJid(chat) && !connection.importOldMessagesGroups) continue;
      if (batch.messages.length >= MAX_IMPORTED_MESSAGES) break;
      batch.ids.add(message.key.id);
      batch.messages.push(message);
    }
    clearTimeout(batch.timer);
    const current = batch;
    current.timer = setTimeout(() => {
      if (pending.get(context.connectionId) !== current) return;
      void run(context).catch((error: unknown) => deps.log.error({ err: error, connectionId: context.connectionId }, 'message import failed'));
    }, deps.quietMs);
  };

  return {
    handler: collect,
    closeImported: async (companyId: number, connectionId: number) => {
      const closed = await closeImported(companyId, connectionId);
      await setImportStatus(companyId, connectionId, null);
      deps.bus.publish({ companyId, event: 'importMessages', payload: { action: 'refresh' } });
      return closed;
    },
    stop: () => {
      for (const batch of pending.values()) clearTimeout(batch.timer);
      pending.clear();
    },
  };
};
