import type { Page } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { staffAccount } from '../e2e/helpers/moderationFixtures';
import { button, DESKTOP } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { logInOnPage, openPage, shooterAtBothWidths } from './reviewSteps';

/**
 * Account settings (issue 15): a producer's dashboard `Account` with two sessions, a refused
 * password change and the deletion asked for; the admin site's `Account`. Each at 1280 and 375 px.
 */
export function accountJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const runId = Date.now();
    const email = `shots.account.${runId}@example.com`;
    const seller = new ApiBrowser(server.baseUrl, { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });
    await seller.json('POST', '/auth/register', registration({ email, firstName: 'Maximiliane', lastName: 'Oberhauser-Lindqvist', selectedRole: 'producer', socialNetwork: 'facebook.com/maximiliane.oberhauser' }));
    const adminEmail = `shots.account.admin.${runId}@example.com`;
    await staffAccount(server, adminEmail, 'admin');

    const bothWidths = shooterAtBothWidths(shoot, 'account');
    const logIn = logInOnPage;

    const page = await visit('/?login=true', DESKTOP);
    await logIn(page, email);
    await openPage(page, server.baseUrl, '/dashboard/account/profile');
    await bothWidths(page, 'dashboard');
    await page.evaluate(() => {
      const section = [...document.querySelectorAll('section h2')].find((heading) => heading.textContent === 'Password')?.closest('section');
      section?.scrollIntoView();
    });
    const passwordField = async (label: string) =>
      (await page.waitForFunction(
        (text: string) => {
          const section = [...document.querySelectorAll('section h2')].find((heading) => heading.textContent === 'Password')?.closest('section');
          return [...(section?.querySelectorAll('label') ?? [])].find((element) => element.textContent?.trim() === text)?.control ?? null;
        },
        {},
        label,
      )).asElement() as NonNullable<Awaited<ReturnType<Page['$']>>>;
    await (await passwordField('Current password')).type('wrong42x');
    await (await passwordField('New password')).type('fresh42x');
    await (await passwordField('Confirm Password')).type('fresh42x');
    await button(page, 'Change password').click();
    await page.locator('::-p-text(Your current password is incorrect)').wait();
    await button(page, 'Delete my account…').click();
    await bothWidths(page, 'dashboard-refused-and-delete');

    const admin = await visit('/?login=true', DESKTOP);
    await logIn(admin, adminEmail);
    await openPage(admin, server.baseUrl, '/admin/account');
    await bothWidths(admin, 'admin');
  };
}
