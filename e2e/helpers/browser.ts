// Debian's Chromium driven by playwright-core; no browser is downloaded.
import { chromium, type Browser, type Page } from 'playwright-core';

// fakeMedia: a synthetic camera and microphone, granted without a prompt (camera and recording tests)
export const launchBrowser = (options: { fakeMedia?: boolean } = {}): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.fakeMedia ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] : []),
    ],
  });

// Closes a page whose routes answer every request of a kind (a list the page refetches after an
// event): a handler still fetching when the page closes would reject after its test had ended.
export const closeRoutedPage = async (page: Page) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.close();
};
