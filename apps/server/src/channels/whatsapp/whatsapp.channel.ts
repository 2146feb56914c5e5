// The WhatsApp (Baileys) channel assembled: session manager, inbound handlers, provider, read
// receipts and session routes. The app starts it when ready and stops it before closing.
import { downloadMediaMessage } from '@whiskeysockets/baileys';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../platform/events.ts';
import type { Storage } from '../../platform/storage.ts';
import type { TicketsService } from '../../modules/tickets/tickets.service.ts';
import type { InboundPipeline } from '../inbound-pipeline.ts';
import type { Clock } from '../../platform/clock.ts';
import { defineJobKind } from '../../platform/jobs/job-kind.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueueJob } from '../../platform/jobs/jobs.repo.ts';
import { createCallHandler } from './calls.ts';
import { createStatusWriter } from './connection-status.ts';
import { createHistoryImport } from './history-import.ts';
import { createInboundHandlers, type MediaDownloader } from './inbound.ts';
import { createWhatsappProvider } from './outbound.ts';
import { createWhatsappNumberCheck } from './number-check.ts';
import { createOwnSends } from './own-sends.ts';
import { createReadReceipts } from './read-receipts.ts';
import { createSessionManager, defaultSessionTimings, type SessionTimings } from './session-manager.ts';
import { baileysLogger, baileysSocketFactory, type SocketFactory } from './socket.ts';
import { whatsappSessionRoutes } from './whatsapp-session.routes.ts';
import { createWhatsappSessionService } from './whatsapp-session.service.ts';

export type WhatsappChannelOptions = {
  socketFactory?: SocketFactory;
  downloadMedia?: MediaDownloader;
  timings?: Partial<SessionTimings>;
  // how long history batches must stop arriving before an import runs (by the app's clock)
  importQuietMs?: number;
  // this process runs no sessions (PROCESS_ROLE=web): it asks the others to start them
  sessionsElsewhere?: boolean;
};

// A session to start, asked by a process that runs none (PROCESS_ROLE=web) of those that do: a
// connection created, or given a new QR or a restart while no process held its session. The claim
// leaves it to the session's live owner when there is one (connectionId), which has it already.
export const sessionStartJob = defineJobKind({
  name: 'whatsapp.sessionStart',
  payload: z.object({ companyId: z.number().int().positive(), connectionId: z.number().int().positive() }),
  priority: 'interactive',
});

const IMPORT_QUIET_MS = 30_000;

const baileysDownload =
  (log: FastifyBaseLogger): MediaDownloader =>
  async (message, socket) => {
    return downloadMediaMessage(message, 'stream', {}, {
      logger: baileysLogger(log),
      reuploadRequest: socket.updateMediaMessage ?? (async () => {
        throw new Error('media expired and cannot be asked for again');
      }),
    });
  };

export const createWhatsappChannel = (
  deps: {
    db: Db;
    bus: EventBus;
    storage: Storage;
    pipeline: InboundPipeline;
    tickets: TicketsService;
    clock: Clock;
    log: FastifyBaseLogger;
    // converts voice notes (FFMPEG_PATH); unset, platform/ffmpeg.ts finds one
    ffmpegPath?: string;
  },
  options: WhatsappChannelOptions = {},
) => {
  const ownSends = createOwnSends();
  const inbound = createInboundHandlers({
    db: deps.db,
    bus: deps.bus,
    pipeline: deps.pipeline,
    storage: deps.storage,
    downloadMedia: options.downloadMedia ?? baileysDownload(deps.log),
    ownSends,
    log: deps.log,
  });
  const status = createStatusWriter({ db: deps.db, bus: deps.bus });
  const history = createHistoryImport({
    db: deps.db,
    bus: deps.bus,
    tickets: deps.tickets,
    clock: deps.clock,
    log: deps.log,
    publishConnection: status.publish,
    receive: inbound.receive,
    // the sessions are made below, with the history's handler among theirs
    connectedSocket: (connectionId) => sessions.connectedSocket(connectionId),
    quietMs: options.importQuietMs ?? IMPORT_QUIET_MS,
  });
  const sessions = createSessionManager({
    db: deps.db,
    bus: deps.bus,
    log: deps.log,
    socketFactory: options.socketFactory ?? baileysSocketFactory,
    writeStatus: status.write,
    handlers: {
      ...inbound.handlers,
      call: createCallHandler({ db: deps.db, pipeline: deps.pipeline, tickets: deps.tickets }),
      'messaging-history.set': history.handler,
    },
    timings: { ...defaultSessionTimings, ...options.timings },
    startElsewhere: options.sessionsElsewhere
      ? (companyId, connectionId) => enqueueJob(deps.db, sessionStartJob, { companyId, connectionId }, { singletonKey: `connection:${connectionId}` })
      : undefined,
  });
  const provider = createWhatsappProvider({ db: deps.db, storage: deps.storage, sessions, ownSends, ffmpegPath: deps.ffmpegPath });
  const receipts = createReadReceipts({ db: deps.db, bus: deps.bus, sessions, log: deps.log });
  let stopReceipts: (() => void) | undefined;
  return {
    provider,
    sessions,
    routes: whatsappSessionRoutes(createWhatsappSessionService({ db: deps.db, sessions, closeImported: history.closeImported })),
    checkNumber: createWhatsappNumberCheck({ db: deps.db, sessions }),
    // the message import's and the read receipts' jobs, run by the process that holds the
    // connection's session, and the start of a session a web process asked for
    registerJobs: (runner: Pick<JobRunner, 'register'>) => {
      history.register(runner);
      receipts.register(runner);
      runner.register(sessionStartJob, { run: async ({ companyId, connectionId }) => void (await sessions.startHere(companyId, connectionId)) });
    },
    // in every role; a web process (sessionsElsewhere) runs no session of its own
    start: async () => {
      stopReceipts = receipts.subscribe();
      if (!options.sessionsElsewhere) await sessions.start();
    },
    stop: async () => {
      stopReceipts?.();
      await sessions.stop();
      ownSends.clear();
    },
  };
};
