// issue 38 point 3: an admin invites an attendant in the browser; the attendant follows the real
// mail's link (read from an SMTP server on loopback), chooses a password and signs in.
import { describe, expect, it } from 'vitest';
import { linkIn } from '../apps/server/test/helpers/smtp-receiver.ts';
import { signIn } from './helpers/attendance.ts';
import { useMailingServer } from './helpers/mailing-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from './helpers/server.ts';

const INVITED_EMAIL = 'carla.convidada@e2e.test';

const mailing = useMailingServer();

describe('invitations in the browser (issue 38 point 3)', () => {
  it('issue 38 point 3: the admin invites -> the mailed link -> the attendant chooses a password -> signs in', async () => {
    const admin = await mailing.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(admin, mailing.server.url, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.goto(`${mailing.server.url}/users`);
    await admin.getByTestId('users-invite').click();
    await admin.getByTestId('user-modal').waitFor();
    expect(await admin.getByTestId('user-password').count()).toBe(0);
    await admin.getByTestId('user-name').fill('Carla Convidada');
    await admin.getByTestId('user-email').fill(INVITED_EMAIL);
    await admin.getByTestId('user-save').click();
    await admin.getByTestId('user-modal').waitFor({ state: 'detached' });
    const row = admin.getByTestId('users-row').filter({ hasText: INVITED_EMAIL });
    await row.getByTestId('users-invited').waitFor();

    // the admin's page was in Portuguese, so is the mail
    const mail = await mailing.receiver.nextMail(INVITED_EMAIL);
    expect(mail.subject).toMatch(/^Convite para /);
    const invited = await mailing.browser.newContext();
    const page = await invited.newPage();
    await page.goto(linkIn(mail, '/accept-invitation'));
    await expect.poll(() => page.getByTestId('accept-invitation-company').textContent()).toContain(INVITED_EMAIL);
    await page.getByTestId('accept-invitation-new').fill('carla-escolheu');
    await page.getByTestId('accept-invitation-confirmation').fill('carla-escolheu');
    await page.getByTestId('accept-invitation-submit').click();
    await page.waitForURL(`${mailing.server.url}/login`);
    await signIn(page, mailing.server.url, INVITED_EMAIL, 'carla-escolheu');
    await page.getByTestId('menu-tickets').first().waitFor();

    // the admin's list drops the invited mark once the password is chosen
    await row.getByTestId('users-invited').waitFor({ state: 'detached' });
    // the link worked once
    await page.goto(linkIn(mail, '/accept-invitation'));
    await page.getByTestId('accept-invitation-invalid').waitFor();
    await invited.close();
    await admin.close();
  });
});

describe('inviting with email off (issue 38 points 1 and 3)', () => {
  it("issue 38 point 1: without SMTP the users page's Invite button is off and says email is off", async () => {
    const offline = await startServer({ NODE_ENV: 'test' });
    const admin = await mailing.browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await signIn(admin, offline.url, ADMIN_EMAIL, ADMIN_PASSWORD);
      await admin.goto(`${offline.url}/users`);
      const invite = admin.getByTestId('users-invite');
      await expect.poll(() => invite.isDisabled()).toBe(true);
      await invite.locator('..').hover();
      await admin.getByRole('tooltip').filter({ hasText: 'envio de e-mail está desligado' }).waitFor();
    } finally {
      await admin.close();
      await offline.stop();
    }
  });
});
