import { demoBeatMedia, processedUpload, producerAskingVerification, reportBeat, staffAccount } from '../e2e/helpers/moderationFixtures';
import { button, DESKTOP } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { logInOnPage, openPage, shooterAtBothWidths } from './reviewSteps';

/**
 * The moderation queues with something in each (issue 14): two producers waiting, a processed
 * upload of a verified one, a report; then each page at 1280 and 375 px, the reject form open, the
 * player bar playing a waiting beat, and a page after a decision (its status message) and empty.
 */
export function moderationJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const runId = Date.now();
    const email = `shots.moderator.${runId}@example.com`;
    await staffAccount(server, email, 'moderator');
    const maya = await producerAskingVerification(server.baseUrl, `shots.maya.${runId}@example.com`, {
      artistName: 'Maya Lindqvist',
      shortName: `maya${runId}`,
      legalName: 'Maya Elisabet Lindqvist-Baptiste',
      dateOfBirth: '1993-06-14',
      address: 'Södermannagatan 21, 116 40 Stockholm',
      country: 'Sweden',
    });
    await producerAskingVerification(server.baseUrl, `shots.dre.${runId}@example.com`, {
      artistName: 'Dre Carter',
      shortName: `dre${runId}`,
      legalName: 'Andre Carter',
      dateOfBirth: '2001-11-03',
      address: '88 Queen Street West, Toronto, ON M5H 2M9',
      country: 'Canada',
    });
    // Another moderator verified Maya earlier: she has the uploads and the report below; Dre and Kai wait.
    const verifier = await staffAccount(server, `shots.verifier.${runId}@example.com`, 'moderator');
    const { producerId } = (await verifier.json<{ producerId: number }>('POST', `/moderation/producers/${maya.userId}/approve`)).body;
    await producerAskingVerification(server.baseUrl, `shots.kai.${runId}@example.com`, {
      artistName: 'Kai Oduya',
      shortName: `kai${runId}`,
      legalName: 'Kaito Oduya',
      dateOfBirth: '1998-01-21',
      address: '3-14-1 Shibuya, Tokyo 150-0002',
      country: 'Japan',
    });
    const media = await demoBeatMedia(server.baseUrl);
    await processedUpload(server.databaseUrl, { producerId, name: 'Velvet Midnight Drive', ...media });
    const listed = await processedUpload(server.databaseUrl, { producerId, name: 'Northern Lights Interlude (Extended Version)', ...media });
    await verifier.json('POST', `/moderation/tracks/${listed}/approve`);
    await reportBeat(
      server.baseUrl,
      listed,
      'This is my composition “Aurora” released in 2020 on Spotify. The piano melody and the chord progression are identical from 0:12 to 0:48, and the drums are the same loop.',
    );

    const page = await visit('/?login=true', DESKTOP);
    await logInOnPage(page, email);
    const open = (path: string) => openPage(page, server.baseUrl, path);
    const shootBoth = shooterAtBothWidths(shoot, 'moderation');
    const bothWidths = (name: string) => shootBoth(page, name);

    await open('/admin/producers/pending');
    await bothWidths('producers');
    await button(page, 'Reject Dre Carter').click();
    await bothWidths('producers-reject');
    await button(page, 'Approve Kai Oduya').click();
    await page.locator('::-p-text(Kai Oduya is verified and can sell.)').wait();
    await bothWidths('producers-decided');

    await open('/admin/tracks/pending');
    await bothWidths('tracks');
    await button(page, 'Play Velvet Midnight Drive').click();
    await page.waitForFunction(() => document.querySelector('section[aria-label="Player"][aria-busy="false"]') !== null, { timeout: 15_000 });
    await bothWidths('tracks-playing');

    await open('/admin/tracks/reported');
    await bothWidths('reported');
    await button(page, 'Uphold the report on Northern Lights Interlude (Extended Version)').click();
    await bothWidths('reported-uphold');
    await button(page, 'Dismiss the report on Northern Lights Interlude (Extended Version)').click();
    await page.locator('::-p-text(No reports are open.)').wait();
    await bothWidths('reported-empty');
  };
}
