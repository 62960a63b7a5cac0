import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support.test-utils.js';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

async function expectMenu(page: Page, entries: string[]) {
  const items = menu(page).locator(':scope > div a, :scope > div button').filter({ hasText: /./ });
  await expect(items.first()).toBeVisible();
  // The top-level entries, all of them (a group's sub-entries sit in its collapse and are checked where it opens).
  const labels = await menu(page)
    .locator('.mantine-NavLink-label')
    .evaluateAll((nodes) => nodes.filter((node) => !node.closest('.mantine-NavLink-collapse')).map((node) => (node.textContent ?? '').trim()));
  expect(labels).toEqual(entries);
}

test('the admin lands on the admin face with its menu and a welcome line', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByText('Welcome, Alice Admin')).toBeVisible();
  await expectMenu(page, [
    'Raw Materials Status', 'Supply plan', 'Production orders', 'Claims', 'Preform stock', 'Traceability', 'Client inventory', 'Preform inventory', 'Manufacturers', 'Invoices',
    'Downtimes history', 'Machines', 'Delivery performance', 'Audit log', 'API clients', 'Webhooks',
  ]);
  await menu(page).getByText('Downtimes history').click();
  await expect(menu(page).getByRole('link', { name: 'History' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Causes' })).toBeVisible();
});

test('the operator lands on the agenda; a path of the admin face shows the 404 page', async ({ page }) => {
  await signIn(page, 'operator');
  await expectMenu(page, ['Agenda', 'Preform stock', 'Traceability', 'History', 'Machines']);
  await expect(page.getByText(/Welcome,/)).toHaveCount(0);
  await page.goto('/#/manufacturers');
  await expect(page.getByText('Oops. Nothing here...')).toBeVisible();
});

test("the accountant's '' redirects to documents, the only menu entry is Invoices", async ({ page }) => {
  await signIn(page, 'accountant');
  await expect(page).toHaveURL(/#\/documents$/);
  await expectMenu(page, ['Invoices']);
});

test('a converter client lands on the portfolio with the client menu', async ({ page }) => {
  await signIn(page, 'client');
  await expect(page).toHaveURL(/#\/profile$/);
  await expectMenu(page, ['Portfolio', 'Forecasts', 'Orders', 'Claims', 'Invoices', 'Statistics', 'Webhooks']);
  await menu(page).getByText('Statistics').click();
  await expect(menu(page).getByRole('link', { name: 'Performance' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Production quantities' })).toBeVisible();
});

test("a buyer sees Forecasts, Orders, Claims and its company's Webhooks but no Invoices; the invoices path shows 404", async ({ page }) => {
  await signIn(page, 'buyer');
  await expectMenu(page, ['Portfolio', 'Forecasts', 'Orders', 'Claims', 'Webhooks']);
  await page.goto('/#/documents');
  await expect(page.getByText('Oops. Nothing here...')).toBeVisible();
});

test("a seller sees Orders, the Planner, the Claims its buyers file about its products and its company's Webhooks", async ({ page }) => {
  await signIn(page, 'seller');
  await expectMenu(page, ['Portfolio', 'Orders', 'Planner', 'Claims', 'Webhooks']);
});

test('a user without privileges sees the guest message', async ({ page }) => {
  await signIn(page, 'guest');
  await expect(page.getByText(/You don't have the account privileges to access this portal\. Please contact/)).toBeVisible();
});

test("logout returns to the identity service's login page", async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible(); // the session really ended
});

test('when the session ends (user disabled), the next refresh fails and the user is logged out', async ({ page }) => {
  await signIn(page, 'client2');
  const root = path.resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, ['--import', 'tsx', 'api/src/cli/users.ts', 'disable', 'client2'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
  try {
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 30_000 });
  } finally {
    execFileSync(process.execPath, ['--import', 'tsx', 'api/src/cli/users.ts', 'enable', 'client2'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'silent' },
      stdio: 'pipe',
    });
  }
});

test('tokens stay in memory and the sign-in lasts for the browser session: a reload signs in again without a password', async ({ page }) => {
  await signIn(page, 'operator');
  const stored = await page.evaluate(() => JSON.stringify({ ...window.sessionStorage, ...window.localStorage }));
  expect(stored).not.toMatch(/refresh_token|access_token|id_token/);
  const session = (await page.context().cookies()).find((cookie) => cookie.name === '_session');
  expect(session?.expires).toBe(-1); // a browser-session cookie, no persistent one
  expect(session?.httpOnly).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
});
