// Message import from WhatsApp's history sync (02-operations §3 enableImportMessage,
// importOldMessages, importRecentMessages, importOldMessagesGroups, closedTicketsPostImported,
// queueIdImportMessages; §4 Message import). History arrives in batches after a pairing; the
// messages inside the chosen dates are kept in the database as they come, and each batch moves the
// import job to a quiet while later, so the job runs once the batches stop. It stores the kept
// messages in time order, each as history (at its own time, read, answered by no greeting, menu or
// bot), with progress on importMessages-{companyId}, marking each as it goes: a run again (a
// restart, the session down for a while) goes on where the last one stopped. The import ends with
// the close-imported-tickets button (statusImportMessages renderButtonCloseTickets) or, with
// closedTicketsPostImported, with the imported tickets closed.
import { BufferJSON, type WAMessage } from '@whiskeysockets/baileys';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EventBus } from '../../platform/events.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { findConnection, type ConnectionRow } from '../../modules/connections/connections.repo.ts';
import { writeTicketLog } from '../../modules/tickets/ticket-logs.repo.ts';
import * as ticketsRepo from '../../modules/tickets/tickets.repo.ts';
import type { TicketsService } from '../../modules/tickets/tickets.service.ts';
import type { InboundMessage } from '../provider.ts';
import type { StatusWriter } from './connection-status.ts';
import * as repo from './history-import.repo.ts';
import { isGroupJid, isIgnoredChat } from './jid.ts';
import type { SessionContext } from './session-manager.ts';
import type { WhatsappSocket } from './socket.ts';

export const CLOSE_TICKETS_BUTTON = 'renderButtonCloseTickets';
// one history can hold years of chats; an import keeps at most this many messages
const MAX_IMPORTED_MESSAGES = 20_000;
const PROGRESS_EVERY = 25;
const PAGE = 200;

export const historyImportJob = defineJobKind({
  name: 'whatsapp.historyImport',
  // connectionId: the claim leaves the job to the process that holds the connection's session
  payload: z.object({ companyId: z.number().int().positive(), connectionId: z.number().int().positive() }),
  priority: 'bulk',
  // as long as an outbound message waits for its session (about an hour and a half)
  maxAttempts: 25,
});

const importKey = (connectionId: number) => `connection:${connectionId}`;
const secondsOf = (message: WAMessage) => Number(message.messageTimestamp ?? 0);

export const createHistoryImport = (deps: {
  db: Db;
  bus: EventBus;
  tickets: TicketsService;
  clock: Clock;
  log: FastifyBaseLogger;
  publishConnection: StatusWriter['publish'];
  receive: (context: SessionContext, message: WAMessage, fromHistory: InboundMessage['fromHistory']) => Promise<{ ticketId: number | null } | undefined>;
  connectedSocket: (connectionId: number) => WhatsappSocket | undefined;
  quietMs: number;
}) => {
  const progress = (companyId: number, status: { this: number; all: number; date: string }) =>
    deps.bus.publish({ companyId, event: 'importMessages', payload: { action: 'update', status } });

  const setImportStatus = async (companyId: number, connectionId: number, statusImportMessages: string | null) => {
    await repo.updateImportStatus(deps.db, companyId, connectionId, statusImportMessages);
    await deps.publishConnection(companyId, connectionId);
  };

  // closes the pending tickets the import opened on this connection
  const closeImported = async (companyId: number, connectionId: number, ticketIds?: number[]) => {
    const candidates = await repo.pendingTicketsOfConnection(deps.db, companyId, connectionId, ticketIds);
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

  // A batch of history: its messages inside the dates are kept, and the import job is moved to a
  // quiet while from now. The first batch of an import marks its start (the web shows "preparing"
  // for the first 35 seconds, 02-operations §9).
  const collect = async (context: SessionContext, history: { messages: WAMessage[] }) => {
    const { companyId, connectionId } = context;
    const connection = await findConnection(deps.db, companyId, connectionId);
    if (!connection?.enableImportMessage || !connection.importOldMessages || connection.statusImportMessages === CLOSE_TICKETS_BUTTON) return;
    const from = connection.importOldMessages.getTime() / 1000;
    const until = (connection.importRecentMessages ?? deps.clock.now()).getTime() / 1000;
    const room = MAX_IMPORTED_MESSAGES - (await repo.countHistoryMessages(deps.db, companyId, connectionId));
    const kept = new Map<string, repo.HistoryMessage>();
    for (const message of history.messages) {
      const chat = message.key.remoteJid ?? '';
      const at = secondsOf(message);
      if (!message.key.id || kept.has(message.key.id) || isIgnoredChat(chat) || at < from || at > until) continue;
      if (isGroupJid(chat) && !connection.importOldMessagesGroups) continue;
      if (kept.size >= room) break;
      kept.set(message.key.id, { providerMessageId: message.key.id, sentAt: new Date(at * 1000), message: JSON.stringify(message, BufferJSON.replacer) });
    }
    const starting = connection.statusImportMessages === null;
    await withTransaction(deps.db, async (tx) => {
      await repo.keepHistoryMessages(tx, companyId, connectionId, [...kept.values()]);
      if (starting) await repo.updateImportStatus(tx, companyId, connectionId, String(deps.clock.now().getTime()));
      await enqueueJob(tx, historyImportJob, { companyId, connectionId }, { singletonKey: importKey(connectionId), runAt: new Date(deps.clock.now().getTime() + deps.quietMs) });
    });
    if (starting) {
      await deps.publishConnection(companyId, connectionId);
      progress(companyId, { this: -1, all: 0, date: '' });
    }
  };

  // The imported tickets go to the import queue, or are closed; the kept messages that were
  // imported are let go.
  const finish = async (connection: ConnectionRow) => {
    const { companyId, id: connectionId } = connection;
    const imported = await repo.importedTicketIds(deps.db, companyId, connectionId);
    if (connection.queueIdImportMessages && imported.length > 0) {
      await repo.queueUnqueuedTickets(deps.db, companyId, imported, connection.queueIdImportMessages);
    }
    if (connection.closedTicketsPostImported) {
      await closeImported(companyId, connectionId, imported);
      await setImportStatus(companyId, connectionId, null);
    } else {
      await setImportStatus(companyId, connectionId, CLOSE_TICKETS_BUTTON);
    }
    await repo.forgetImportedHistoryMessages(deps.db, companyId, connectionId);
    deps.bus.publish({ companyId, event: 'importMessages', payload: { action: 'refresh' } });
  };

  const run = async ({ companyId, connectionId }: z.infer<typeof historyImportJob.payload>) => {
    const connection = await findConnection(deps.db, companyId, connectionId);
    if (!connection) return;
    // media and group names come through the session; without it the job is tried again later
    const socket = deps.connectedSocket(connectionId);
    if (!socket) throw new Error('ERR_WAPP_NOT_INITIALIZED');
    const context: SessionContext = { companyId, connectionId, socket };
    let done = await repo.countImportedHistoryMessages(deps.db, companyId, connectionId);
    for (;;) {
      const page = await repo.historyMessagesToImport(deps.db, companyId, connectionId, PAGE);
      if (page.length === 0) break;
      const all = await repo.countHistoryMessages(deps.db, companyId, connectionId);
      for (const row of page) {
        const message = JSON.parse(row.message, BufferJSON.reviver) as WAMessage;
        const stored = await deps.receive(context, message, { sentAt: row.sentAt }).catch((error: unknown) => {
          deps.log.warn({ err: error, connectionId, id: row.providerMessageId }, 'imported message skipped');
          return undefined;
        });
        await repo.markHistoryMessageImported(deps.db, companyId, connectionId, row.providerMessageId, stored?.ticketId ?? null);
        done++;
        if (done % PROGRESS_EVERY === 0 || done === all) progress(companyId, { this: done, all, date: row.sentAt.toISOString() });
      }
    }
    await finish(connection);
  };

  // The runner gave up (the session stayed away through every attempt): the import ends with what
  // it stored, rather than showing "importing" for ever.
  const gaveUp = async ({ companyId, connectionId }: z.infer<typeof historyImportJob.payload>, reason: string) => {
    const connection = await findConnection(deps.db, companyId, connectionId);
    if (!connection) return;
    await finish(connection);
    // finish let the imported ones go: what is left was never stored
    const left = await repo.countHistoryMessages(deps.db, companyId, connectionId);
    deps.log.warn({ connectionId, left, reason }, 'message import given up');
    await repo.forgetHistoryMessages(deps.db, companyId, connectionId);
  };

  return {
    handler: collect,
    register: (runner: Pick<JobRunner, 'register'>) => runner.register(historyImportJob, { run, gaveUp }),
    closeImported: async (companyId: number, connectionId: number) => {
      const closed = await closeImported(companyId, connectionId);
      await setImportStatus(companyId, connectionId, null);
      deps.bus.publish({ companyId, event: 'importMessages', payload: { action: 'refresh' } });
      return closed;
    },
  };
};
