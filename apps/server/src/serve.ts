// What a server process does: config -> database -> migrations and seed -> app -> listen, and a
// graceful stop on SIGTERM or SIGINT. main.ts runs it as it is; a test entry passes app options.
//
// Migrations and the seed run under the database's migration lock (db/migrate.ts), so processes
// started together on an empty database take turns instead of racing. PROCESS_ROLE (config.ts)
// chooses what the app runs: web, worker or both (app.ts).
//
// SIGTERM (docs/operations.md "Several processes"): app.close() marks the app closing, so new
// requests are answered 503; its preClose hooks let running jobs finish for up to
// JOBS_SHUTDOWN_SECONDS and hand back the leases of those still running, give back the leases of
// the WhatsApp sessions and close this process's sockets' transports; then the listening socket
// closes (new connections refused), Socket.IO, Redis and the database close, and the process
// exits 0 after logging "stopped".
//
// Errors nothing caught (docs/operations.md): an exception thrown past every frame left some
// operation half done in a state no code expected, so it is logged as fatal with its stack and
// the process stops, gracefully within FATAL_SHUTDOWN_MS, with exit code 1 for its supervisor to
// start it afresh (its leases handed back, so its WhatsApp sessions and jobs move on at once). A
// rejected promise nobody awaited ended only the work of that promise: it is logged as an error
// and the process goes on. Baileys leaves such rejections behind when WhatsApp cannot be reached,
// and one company's connection must not restart the process every company is served by.
import { buildApp, type App, type AppOptions } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { scheduleInvoiceSweep } from './modules/invoices/invoices.jobs.ts';
import { scheduleUnverifiedSignupsSweep } from './modules/companies/unverified-signups.jobs.ts';
import { scheduleWebhookPrune } from './modules/webhooks/webhook-prune.jobs.ts';
import { scheduleAuditPrune } from './modules/audit/audit-prune.jobs.ts';
import { scheduleAiCallsPrune } from './modules/copilot/ai-calls-prune.jobs.ts';
import { scheduleTicketCountsFold } from './modules/tickets/ticket-counts.jobs.ts';
import { systemClock } from './platform/clock.ts';
import { removeStaleTempFiles } from './platform/temp-files.ts';
import { seedPlatform, type SeedResult } from './seed.ts';

const FATAL_SHUTDOWN_MS = 5000;

const describeError = (error: unknown) => String((error as Error)?.stack ?? error);

// Before the app (and its logger) exists an uncaught exception only has stderr; runServer's catch
// reports the failures of the start itself.
let app: App | undefined;
let stopAfterFatal: (() => Promise<void>) | undefined;

const onUncaughtException = (error: Error) => {
  if (!app) {
    process.stderr.write(`uncaught exception before the server started: ${describeError(error)}\n`);
    process.exit(1);
  }
  app.log.fatal({ err: error }, 'uncaught exception; the process stops for its supervisor to restart it');
  // also when the close empties the event loop before it ends
  process.exitCode = 1;
  setTimeout(() => process.exit(1), FATAL_SHUTDOWN_MS).unref();
  void stopAfterFatal?.();
};

const onUnhandledRejection = (reason: unknown) => {
  if (!app) {
    process.stderr.write(`unhandled rejection: ${describeError(reason)}\n`);
    return;
  }
  app.log.error({ err: reason }, 'unhandled rejection; the process goes on');
};

const start = async (options: AppOptions) => {
  process.on('uncaughtException', onUncaughtException);
  process.on('unhandledRejection', onUnhandledRejection);
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: config.dataDir });
  const verbose = ['info', 'debug', 'trace'].includes(config.logLevel);
  let seeded: SeedResult = {};
  const { applied } = await database.migrate({
    // the wait for another process's migrations is said; the migrations applied are summed up below
    log: (line) => {
      if (verbose && !line.startsWith('applying')) process.stdout.write(`${line}\n`);
    },
    // two processes seeding an empty database together would both create company 1
    thenUnderLock: async () => {
      seeded = await seedPlatform(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
    },
  });
  if (verbose && applied.length > 0) process.stdout.write(`migrations: ${applied.length} applied, the last ${applied.at(-1)}\n`);
  if (seeded.generatedPassword) {
    process.stdout.write(
      `\nSuper admin created: ${config.adminEmail} / ${seeded.generatedPassword}\n` +
        'This password is shown only now; the first sign-in asks for a new one.\n\n',
    );
  }
  const server = await buildApp(config, database, options);
  app = server;

  let stopping = false;
  let exitCode = 0;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ reason }, 'shutting down');
    try {
      await server.close();
      await database.close();
      server.log.info({ reason }, 'stopped');
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      exitCode = 1;
    }
    process.exit(exitCode);
  };
  stopAfterFatal = () => {
    exitCode = 1;
    return stop('uncaughtException');
  };

  // before listening: a SIGTERM that comes as soon as the server answers must find the handler
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await server.listen({ port: config.port, host: config.host });
  server.log.info({ role: config.processRole }, 'server started');
  // what a killed process left in the temporary folder; nothing waits on it
  void removeStaleTempFiles().then((removed) => {
    if (removed > 0) server.log.info({ removed }, 'removed stale temporary files');
  });
  try {
    // the daily invoice sweep re-enqueues itself; this starts the chain (or finds it waiting)
    await scheduleInvoiceSweep(database.db, options.clock ?? systemClock);
    // so does the daily prune of old webhook deliveries
    await scheduleWebhookPrune(database.db, options.clock ?? systemClock);
    // and the hourly removal of sign-ups left unverified
    await scheduleUnverifiedSignupsSweep(database.db, options.clock ?? systemClock);
    // and the audit log's
    await scheduleAuditPrune(database.db, options.clock ?? systemClock);
    // and the copilot's calls'
    await scheduleAiCallsPrune(database.db, options.clock ?? systemClock);
    // and the fold of the ticket counts' changes, which re-enqueues itself every few seconds
    await scheduleTicketCountsFold(database.db);
  } catch (error) {
    // a shutdown that began meanwhile closed the database under them; it ends the process itself
    if (!stopping) throw error;
  }
};

export const runServer = (options: AppOptions = {}) =>
  start(options).catch((error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : describeError(error)}\n`);
    process.exit(1);
  });
