import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { machineNowMs, runNow } from './clock.test-utils.js';
import { startPortal, type RunningPortal } from './portal.test-utils.js';
import { expect, test } from './support.test-utils.js';

/**
 * Two-step verification in Chromium: a staff user whose role requires it enrols TOTP on first sign-in, then signs in
 * with a code. This file runs its own portal with REQUIRE_MFA=admin (and no demo data), so the shared portal of the
 * other specs keeps signing in with a password only.
 */
let portal: RunningPortal;
const PASSWORD = 'mfa-e2e-password';

/** `pnpm users add <username> ... --role <role>` on this file's portal. */
function addUser(username: string, first: string, role: string) {
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'api/src/cli/users.ts', 'add', username, '--password', PASSWORD, '--email', `${username}@orders-portal.local`, '--first', first, '--last', 'Staff', '--role', role],
    { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: portal.dataDir, LOG_LEVEL: 'silent' }, stdio: 'pipe' },
  );
}

test.beforeAll(async () => {
  portal = await startPortal({ REQUIRE_MFA: 'admin', SEED_DEMO: 'false', PORTAL_NOW: runNow().toISOString() });
  addUser('mona', 'Mona', 'admin');
  addUser('otto', 'Otto', 'operator');
});

test.afterAll(async () => {
  await portal?.stop();
});

async function password(page: Page, username = 'mona') {
  if (!page.url().includes('/idp/')) await page.goto(`${portal.url}/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * The code of the time step `steps` after now, as the user's authenticator app shows it: one-time codes follow the
 * machine's real clock on both sides, not the run's pinned instant.
 */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(machineNowMs() / 1000) + steps * 30 });

test('a staff user enrols TOTP on first sign-in, then signs in with a code', async ({ page }) => {
  await password(page);
  await expect(page.getByText('Set up two-step verification')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator key' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Not now' })).toHaveCount(0);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Code from the app').fill(await codeAt(secret));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page.getByText('Two-step verification is on')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue to the portal' }).click();
  await expect(page.getByText('Welcome, Mona Staff')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await password(page);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  // The enrolment's code was used; the app's next code signs in.
  await page.getByLabel('Authentication code').fill(await codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Welcome, Mona Staff')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Two-step verification' })).toBeVisible();
});

test("a user whose role does not require it turns it on from the header's shield button (and may skip it)", async ({ page }) => {
  await password(page, 'otto');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible(); // password only
  await page.getByRole('button', { name: 'Two-step verification' }).click();
  // The portal's own sign-in page says what it is and why the password comes first, with a way back.
  await expect(page.getByRole('heading', { name: 'Set up two-step verification', level: 2 })).toBeVisible();
  await expect(page.getByText('Step 1 of 3: confirm it is you')).toBeVisible();
  await expect(page.getByText(/a 6-digit code from an authenticator app on your phone/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the Orders Portal' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in and continue' })).toBeVisible(); // the password again first
  await password(page, 'otto');
  await expect(page.getByRole('heading', { name: 'Set up two-step verification', level: 2 })).toBeVisible();
  await expect(page.getByText('Step 2 of 3: connect your authenticator app')).toBeVisible();
  await page.getByRole('button', { name: 'Not now, back to the portal' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
