// What a server process does: config -> database -> migrations and seed -> app -> listen, and a
// graceful stop on SIGTERM or SIGINT. main.ts runs it as it is; a test entry passes app options.
import { buildApp, type AppOptions } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { scheduleInvoiceSweep } from './modules/invoices/invoices.jobs.ts';
import { scheduleTicketCountsFold } from './modules/tickets/ticket-counts.jobs.ts';
import { systemClock } from './platform/clock.ts';
import { seedPlatform } from './seed.ts';

const start = async (options: AppOptions) => {
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
  const app = await buildApp(config, database, options);
  await app.listen({ port: config.port, host: config.host });
  // the daily invoice sweep re-enqueues itself; this starts the chain (or finds it waiting)
  await scheduleInvoiceSweep(database.db, options.clock ?? systemClock);
  // and the fold of the ticket counts' changes, which re-enqueues itself every few seconds
  await scheduleTicketCountsFold(database.db);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
};

export const runServer = (options: AppOptions = {}) =>
  start(options).catch((error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  });
