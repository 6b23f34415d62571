import { producerWithASale, shopReportOnceDerived } from '../e2e/helpers/analyticsFixtures';
import { staffAccount } from '../e2e/helpers/moderationFixtures';
import { DESKTOP } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { logInOnPage, openPage, shooterAtBothWidths } from './reviewSteps';

/**
 * The shop's own reports (issue 13) on a server seeded with the demo month: the admin Dashboard
 * (its charts and tables, a range of ten days, a refused range) and a producer's Dashboard with
 * the figures of their own beat, each at 1280 and 375 px (`analytics-*`).
 */
export function analyticsJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const runId = String(Date.now());
    const email = `shots.reports.${runId}@example.com`;
    const month = await shopReportOnceDerived(await staffAccount(server, email, 'admin'));
    const { producer } = await producerWithASale(server, runId);

    const admin = await visit('/?login=true', DESKTOP);
    await logInOnPage(admin, email);
    const bothWidths = shooterAtBothWidths(shoot, 'analytics');
    await openPage(admin, server.baseUrl, '/admin');
    await bothWidths(admin, 'admin-dashboard');
    await openPage(admin, server.baseUrl, `/admin?from=${month.days[20]!.day}&to=${month.days[29]!.day}`);
    await bothWidths(admin, 'admin-ten-days');
    await openPage(admin, server.baseUrl, `/admin?from=${month.days[29]!.day}&to=${month.days[0]!.day}`);
    await bothWidths(admin, 'admin-refused');

    const studio = await visit('/', DESKTOP);
    await studio.setCookie(...[...producer.cookies].map(([name, value]) => ({ name, value, url: server.baseUrl, httpOnly: true })));
    await openPage(studio, server.baseUrl, '/dashboard');
    await bothWidths(studio, 'producer-dashboard');
  };
}
