// What a server process does: config -> database -> migrations and seed -> app -> listen, and a
// graceful stop on SIGTERM or SIGINT. main.ts runs it as it is; a test entry passes app options.
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
import { scheduleTicketCountsFold } from './modules/tickets/ticket-counts.jobs.ts';
import { systemClock } from './platform/clock.ts';
import { seedPlatform } from './seed.ts';

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
  await database.migrate();
  const seeded = await seedPlatform(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
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

  await server.listen({ port: config.port, host: config.host });
  // the daily invoice sweep re-enqueues itself; this starts the chain (or finds it waiting)
  await scheduleInvoiceSweep(database.db, options.clock ?? systemClock);
  // and the fold of the ticket counts' changes, which re-enqueues itself every few seconds
  await scheduleTicketCountsFold(database.db);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

export const runServer = (options: AppOptions = {}) =>
  start(options).catch((error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : describeError(error)}\n`);
    process.exit(1);
  });
