// The product started with its mail going to a loopback SMTP server that the test reads as an
// inbox (issue 38), and a browser: started before a file's tests, stopped after them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../../apps/server/test/helpers/smtp-receiver.ts';
import { launchBrowser } from './browser.ts';
import { startServer, type RunningServer } from './server.ts';

export type MailingServer = { receiver: SmtpReceiver; server: RunningServer; browser: Browser };

export const useMailingServer = (): MailingServer => {
  const running = {} as MailingServer;
  beforeAll(async () => {
    running.receiver = await startSmtpReceiver();
    running.server = await startServer(running.receiver.env());
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
    await running.receiver?.close();
  });
  return running;
};
