/**
 * @jest-environment node
 */
import type { Page } from 'puppeteer-core';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { runUsersCommand } from '../helpers/tools';
import { button, describeProblems, field, textOnPage } from './helpers/page';
import { useServerAndBrowser } from './helpers/session';

/**
 * The producer's studio in Chromium: a new producer opens Account, sends their identity details
 * through its form and sees them waiting for review; My beats says verification comes first;
 * once a moderator approves, My beats offers the upload form, which checks its fields.
 * (Uploading itself goes end to end once the upload call is on main.)
 */

const session = useServerAndBrowser();
const { test } = session;

const runId = Date.now();

const waitForPath = (page: Page, pathname: string) =>
  page.waitForFunction((wanted: string) => window.location.pathname === wanted, {}, pathname);

/** A date input takes typed digits in the browser's locale; the value itself is locale-free. */
async function setDate(page: Page, label: string, isoDate: string) {
  const input = await field(page, label);
  await input.evaluate((element, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, isoDate);
}

test('a producer sends identity details from Account, waits for review, and once verified finds the upload form in My beats', async () => {
  const email = `studio.producer.${runId}@example.com`;
  const shortName = `studio${runId}`;
  const producerApi = new ApiBrowser(session.server().baseUrl);
  const registered = await producerApi.json('POST', '/auth/register', registration({ email, selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/studio' }));
  expect(registered.status).toBe(201);
  const { id: userId } = (await producerApi.json<{ id: number }>('GET', '/auth/checkhealth')).body;

  const { page, context, problems } = await session.visit('/?login=true');
  try {
    await (await field(page, 'Email')).type(email);
    await (await field(page, 'Password')).type('beats42');
    await button(page, 'Log in').click();
    await page.locator('.site-header .user-menu__avatar').wait();
    await page.locator('.site-header .user-menu__avatar').click();
    await page.locator('::-p-aria([name="Account"][role="menuitem"])').click();
    await waitForPath(page, '/dashboard/account/profile');
    await textOnPage(page, 'Complete identity verification to start selling tracks');

    // An empty form is refused beside each field, before anything is sent.
    await button(page, 'Send for verification').click();
    await textOnPage(page, 'Legal name is required');
    await (await field(page, 'Artist name')).type('Studio Tester');
    await (await field(page, 'Page address')).type(shortName);
    await (await field(page, 'Legal name')).type('Sam Studio-Tester');
    await setDate(page, 'Date of birth', '1991-07-04');
    await (await field(page, 'Address')).type('Torstraße 1, 10119 Berlin');
    // The country the producer registered with is the form's already.
    expect(await (await field(page, 'Country')).evaluate((input) => (input as HTMLInputElement).value)).toBe('Germany');
    await button(page, 'Send for verification').click();
    await textOnPage(page, 'Waiting for review');
    await textOnPage(page, `/${shortName}`);

    await page.locator('.site-nav ::-p-aria([name="My beats"][role="link"])').click();
    await waitForPath(page, '/dashboard/beats');
    await textOnPage(page, 'Complete identity verification to start selling tracks');
    expect(await page.$('::-p-aria([name="Upload a beat"][role="button"])')).toBeNull();

    // A moderator approves (their page is another helper's; the call is the same).
    const moderatorEmail = `studio.moderator.${runId}@example.com`;
    const moderator = new ApiBrowser(session.server().baseUrl);
    expect((await moderator.json('POST', '/auth/register', registration({ email: moderatorEmail }))).status).toBe(201);
    expect((await runUsersCommand(session.server().databaseUrl, ['grant', 'moderator', moderatorEmail])).stderr).toBe('');
    expect((await moderator.json('POST', '/auth/login', { email: moderatorEmail, password: 'beats42' })).status).toBe(200);
    expect((await moderator.json('POST', `/moderation/producers/${userId}/approve`)).status).toBe(200);

    await page.reload({ waitUntil: 'load' });
    await button(page, 'Upload a beat').click();
    await page.locator('::-p-aria([name="Upload a beat"][role="form"])').wait();
    await (await field(page, 'BPM (60–250)')).type('20');
    // Leaving the field shows its message and moves the button down; a press then lands on it.
    await page.keyboard.press('Tab');
    await textOnPage(page, 'BPM must be a whole number from 60 to 250');
    await button(page, 'Upload').click();
    await textOnPage(page, 'Choose the master file (WAV, AIFF, FLAC or MP3)');
    await textOnPage(page, 'BPM must be a whole number from 60 to 250');
    await textOnPage(page, 'No beats yet. Upload your first one.');

    await page.locator('.site-nav ::-p-aria([name="Account"][role="link"])').click();
    await waitForPath(page, '/dashboard/account/profile');
    await textOnPage(page, 'Verified');
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});
