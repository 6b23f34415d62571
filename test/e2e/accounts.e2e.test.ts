/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'puppeteer-core';
import { button, field, describeProblems, textOnPage, waitForHydration } from './helpers/page';
import { robotCheckPassed } from './helpers/robotCheck';
import { useServerAndBrowser } from './helpers/session';

/** Accounts as a person uses them: register, log in, get a wrong password, reset it by mail. */

const ROOT = path.resolve(__dirname, '../..');
const session = useServerAndBrowser();
const { test } = session;

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await (await field(page, label)).type(value);
}


const password = 'beats42';
const buyerEmail = `buyer.${Date.now()}@example.com`;

test('a buyer registers and is logged in with the popup closed', async () => {
  const { page, context, problems } = await session.visit('/?register=true');
  try {
    await fill(page, {
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Email: buyerEmail,
      Password: password,
      'Confirm Password': password,
      Country: 'Germany',
    });
    await (await field(page, 'Agree with')).click();
    await robotCheckPassed(page, '[role="dialog"]');
    await button(page, 'Register').click();
    await page.waitForFunction(() => document.querySelector('[role="dialog"]') === null);
    await page.locator('::-p-aria([name="Account menu"][role="button"])').wait();
    expect(new URL(page.url()).search).toBe('');
    expect(describeProblems(problems)).toBe('');
  } finally {
    await context.close();
  }
});

test("a seller registers and sees 'Registration completed'", async () => {
  const { page, context } = await session.visit('/beats?register=true');
  try {
    await fill(page, {
      'First Name': 'Nova',
      'Last Name': 'Kade',
      Email: `seller.${Date.now()}@example.com`,
      Password: password,
      'Confirm Password': password,
      Country: 'Germany',
    });
    await (await field(page, "I'm a seller")).click();
    await fill(page, { 'Facebook personal URL': 'https://facebook.com/nova.kade' });
    await (await field(page, 'Agree with')).click();
    await robotCheckPassed(page, '[role="dialog"]');
    await button(page, 'Register').click();
    await textOnPage(page, 'Registration completed');
    await textOnPage(page, 'Complete identity verification to start selling tracks');
  } finally {
    await context.close();
  }
});

test('a wrong password shows the server message under the password field', async () => {
  const { page, context } = await session.visit('/?login=true');
  try {
    await fill(page, { Email: buyerEmail, Password: 'wrong-password1' });
    await button(page, 'Log in').click();
    const message = await page.waitForFunction(
      () => {
        const input = [...document.querySelectorAll('label')].find((label) => label.textContent?.trim() === 'Password')?.control;
        const described = input?.getAttribute('aria-describedby');
        return described ? document.getElementById(described)?.textContent : null;
      },
    );
    expect(await message.jsonValue()).toBe('Email or password is incorrect');
  } finally {
    await context.close();
  }
});

test('a password reset through the outbox link, then a login with the new password', async () => {
  const { page, context } = await session.visit('/?login=true');
  try {
    await button(page, 'Forgot your password?').click();
    await fill(page, { Email: buyerEmail });
    await robotCheckPassed(page, '[role="dialog"]');
    await button(page, 'Reset password').click();
    await page.waitForFunction(() => window.location.pathname === '/reset-password');

    // What a developer does without SMTP: read the outbox with `npm run outbox`. Other suites
    // share this server and mail their own new accounts, so the newest mail may be someone else's.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/tools/outbox.ts', '20'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: session.server().databaseUrl },
    });
    const mail = stdout.split(/\n─+\n/).find((text) => text.includes(buyerEmail) && text.includes('/reset-password/'));
    const link = mail && /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();

    await page.goto(`${session.server().baseUrl}${new URL(link!).pathname}`, { waitUntil: 'load' });
    await waitForHydration(page);
    await fill(page, { 'New password': 'newbeats7', 'Confirm Password': 'newbeats7' });
    await button(page, 'Save new password').click();
    await textOnPage(page, 'Your new password is saved.');

    await page.goto(`${session.server().baseUrl}/?login=true`, { waitUntil: 'load' });
    await waitForHydration(page);
    await fill(page, { Email: buyerEmail, Password: 'newbeats7' });
    await button(page, 'Log in').click();
    await page.locator('::-p-aria([name="Account menu"][role="button"])').wait();
  } finally {
    await context.close();
  }
});
