import { ApiBrowser, registration } from '../helpers/accountClient';
import { wavBytes } from '../helpers/wavBytes';
import { staffAccount } from '../e2e/helpers/moderationFixtures';
import { DESKTOP } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { logInOnPage, openPage, shooterAtBothWidths } from './reviewSteps';
import { asShownService } from '../helpers/shownTotal';

/**
 * Custom orders (issue 15) with something in each state: a buyer's Services page (the order form
 * and three orders), a delivered order with its thread and file, and the shop's list and an
 * accepted order with the delivery form, each at 1280 and 375 px.
 */
export function customOrderJourney(server: ServerHandle): Journey {
  return async (visit, shoot) => {
    const runId = Date.now();
    const email = `shots.buyer.${runId}@example.com`;
    const buyer = new ApiBrowser(server.baseUrl);
    await buyer.json('POST', '/auth/register', registration({ email, firstName: 'Nia', lastName: 'Okafor' }));
    const adminEmail = `shots.admin.${runId}@example.com`;
    const admin = await staffAccount(server, adminEmail, 'admin');
    const order = async (serviceId: number, brief: string) => (await buyer.json<{ id: string }>('POST', '/custom-orders', await asShownService(buyer, { serviceId, brief, paymentMethodId: 'pm_card_visa' }))).body.id;
    const delivered = await order(2, 'Master my single “Night Swim”: loud but not squashed, ready for Spotify and Apple Music. The mix is attached as a 24-bit WAV.');
    await admin.json('POST', `/admin/custom-orders/${delivered}/accept`);
    await buyer.json('POST', `/custom-orders/${delivered}/messages`, { text: 'The vocal is a little quiet in the second chorus; can you keep it on top?' });
    await admin.json('POST', `/admin/custom-orders/${delivered}/messages`, { text: 'Noted — we will keep the vocal forward.' });
    const form = new FormData();
    form.append('message', 'Your master at -14 LUFS, true peak -1 dB. Listen on earbuds and a car stereo, then accept or ask for a revision.');
    form.append('files', new Blob([new Uint8Array(wavBytes(2_000, 5))]), 'Night Swim (master).wav');
    await fetch(`${server.baseUrl}/api/v1/admin/custom-orders/${delivered}/delivery`, { method: 'POST', headers: { Cookie: admin.cookieHeader() }, body: form });
    const accepted = await order(4, 'A dark trap beat at 140 BPM in C minor, with 808 slides and a sparse piano motif; references: Metro Boomin “Superhero”.');
    await admin.json('POST', `/admin/custom-orders/${accepted}/accept`);
    await order(6, 'Clean up the breaths and clicks of a lead vocal take, and comp the three takes into one performance.');

    const page = await visit('/?login=true', DESKTOP);
    const logIn = (address: string) => logInOnPage(page, address);
    const open = (path: string) => openPage(page, server.baseUrl, path);
    const shootBoth = shooterAtBothWidths(shoot, 'custom-orders');
    const bothWidths = (name: string) => shootBoth(page, name);
    await logIn(email);
    await open('/dashboard/services');
    await bothWidths('services');
    await open(`/dashboard/services/${delivered}`);
    await bothWidths('delivered');

    await page.deleteCookie(...(await page.cookies()));
    await open('/?login=true');
    await logIn(adminEmail);
    await open('/admin/custom-orders');
    await bothWidths('shop-list');
    await open(`/admin/custom-orders/${accepted}`);
    await bothWidths('shop-accepted');
  };
}
