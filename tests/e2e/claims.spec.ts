import type { Locator, Page } from '@playwright/test';
import { runNowMs } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/** A form field's input by its label (Mantine selects and pickers are inputs whose role varies). */
const field = (scope: Page | Locator, label: string) => scope.locator('input, textarea').and(scope.getByLabel(new RegExp(`^${label}`)));

/** A 1x1 PNG: the API recognises uploads by their content. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * The list's rows that are claims, each with its 'Claim N' link: before its first page arrives the table holds one
 * empty row, which a count of all rows would take for a search's one result.
 */
const claimRows = (page: Page) => page.locator('tbody tr').filter({ has: page.getByRole('link', { name: /^Claim \d+$/ }) });

/** Opens the claim whose description holds `marker` from the 'Non-Conformance Reports' search. */
async function openClaim(page: Page, marker: string): Promise<string> {
  await page.getByRole('link', { name: 'Claims' }).click();
  await expect(page.getByRole('heading', { name: 'Non-Conformance Reports' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search claims' }).fill(marker);
  const rows = claimRows(page);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('cell').nth(2).click();
  await expect(page).toHaveURL(/#\/claims\/\d+$/);
  return /#\/claims\/(\d+)$/.exec(page.url())![1]!;
}

test('a client reports a claim with a photo, the GP answers and closes it, and a closed claim is locked', async ({ page, browser }) => {
  const marker = `E2E-${runNowMs()}`;
  await signIn(page, 'client');
  await page.getByRole('link', { name: 'Claims' }).click();
  await expect(page.getByRole('heading', { name: 'Non-Conformance Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page).toHaveURL(/#\/claims\/new$/);

  // part 5: nothing is sent while required fields are empty
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page.getByText('Field is required.')).toHaveCount(4);
  await expect(page.getByText('Pick a day.')).toBeVisible();
  await expect(field(page, 'Immediate Action:')).toBeDisabled();
  await expect(field(page, 'Status')).toBeDisabled();

  await field(page, 'Bottle article number').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await field(page, 'Order Number').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  const orderNo = await field(page, 'Order Number').inputValue();
  expect(orderNo).not.toBe('');
  await field(page, 'Rejected quantity:').fill('4321');
  await field(page, 'Delivery Date').fill('11.03.2026');
  await field(page, 'Problem Description:').fill(`Scratched bottles, ${marker}.`);
  await page.locator('input[type="file"]').setInputFiles({ name: `${marker}.png`, mimeType: 'image/png', buffer: PIXEL });
  await expect(page.getByRole('button', { name: `${marker}.png`, exact: true })).toBeVisible();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/client/claims/save'));
  await page.getByRole('button', { name: 'Save report' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/#\/claims$/);

  // the list finds it; the editor shows it with its photo; Print downloads the report
  const id = await openClaim(page, marker);
  await expect(field(page, 'Order Number')).toHaveValue(orderNo);
  await expect(field(page, 'Rejected quantity:')).toHaveValue('4,321');
  await expect(field(page, 'Delivery Date')).toHaveValue('11.03.2026');
  await expect(field(page, 'Status')).toHaveValue('New');
  const photo = page.waitForEvent('download');
  await page.getByRole('button', { name: `${marker}.png`, exact: true }).click();
  expect((await photo).suggestedFilename()).toBe(`${marker}.png`);
  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print' }).click();
  expect((await report).suggestedFilename()).toBe(`Non-Conformance-${id}-report .pdf`);

  // the GP (admin) fills its fields and closes the claim
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  expect(await openClaim(admin, marker)).toBe(id);
  await field(admin, 'Immediate Action:').fill('Batch quarantined.');
  await field(admin, 'Root Cause:').fill('Worn conveyor guide.');
  await field(admin, 'Corrective Actions:').fill('Guide replaced.');
  await field(admin, 'Status').click();
  await admin.getByRole('option', { name: 'Closed' }).click();
  await admin.getByRole('button', { name: 'Save report' }).click();
  await expect(admin).toHaveURL(/#\/claims$/);

  // the client sees the GP's answer and a locked claim
  await page.reload();
  await expect(field(page, 'Status')).toHaveValue('Closed');
  await expect(field(page, 'Root Cause:')).toHaveValue('Worn conveyor guide.');
  await expect(field(page, 'Problem Description:')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save report' })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Remove ${marker}.png` })).toHaveCount(0);

  // the admin removes the test's claim again (a client may not delete a closed one)
  await admin.getByRole('textbox', { name: 'Search claims' }).fill(marker);
  await expect(claimRows(admin)).toHaveCount(1);
  await claimRows(admin).first().getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Delete' }).click();
  const deleted = admin.waitForResponse((response) => response.url().endsWith('/api/admin/claims/delete'));
  await admin.getByRole('dialog', { name: 'Delete claims' }).getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(admin.getByText('No claim matches the search.')).toBeVisible();
  await adminContext.close();
});

/** Deletes the claims found by `marker` as the admin (tests clean up after themselves). */
async function adminDeletes(admin: Page, marker: string) {
  await admin.getByRole('link', { name: 'Claims' }).click();
  await admin.getByRole('textbox', { name: 'Search claims' }).fill(marker);
  await expect(claimRows(admin)).toHaveCount(1);
  await claimRows(admin).first().getByRole('checkbox').check();
  await admin.getByRole('button', { name: 'Delete' }).click();
  const deleted = admin.waitForResponse((response) => response.url().endsWith('/api/admin/claims/delete'));
  await admin.getByRole('dialog', { name: 'Delete claims' }).getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
}

test("a buyer claims the bottle it ordered; the seller whose product it is reads the claim but cannot change it", async ({ page, browser }) => {
  const marker = `E2E-BUYER-${runNowMs()}`;
  await signIn(page, 'buyer');
  await page.getByRole('link', { name: 'Claims' }).click();
  await page.getByRole('button', { name: 'New' }).click();
  await field(page, 'Bottle article number').click();
  await page.getByRole('option', { name: 'BB-1000B - Birch Juice 1 L' }).click();
  await field(page, 'Order Number').click();
  await page.getByRole('option', { name: 'BB-2026-020' }).click();
  await field(page, 'Rejected quantity:').fill('120');
  await field(page, 'Delivery Date').fill('11.03.2026');
  await field(page, 'Problem Description:').fill(`Leaking caps, ${marker}.`);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/client/claims/save'));
  await page.getByRole('button', { name: 'Save report' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/#\/claims$/);

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, 'seller');
  await openClaim(seller, marker);
  await expect(seller.getByText(/Baltic Beverages SIA filed this claim about your product/)).toBeVisible();
  await expect(field(seller, 'Problem Description:')).toBeDisabled();
  await expect(seller.getByRole('button', { name: 'Save report' })).toBeDisabled();
  await sellerContext.close();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await adminDeletes(admin, marker);
  await adminContext.close();
});

test("the admin logs a claim on a client's behalf: New, the client first, then its product and order", async ({ page }) => {
  const marker = `E2E-ADMIN-${runNowMs()}`;
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Claims' }).click();
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page).toHaveURL(/#\/claims\/new$/);
  await expect(field(page, 'Bottle article number')).toBeDisabled();
  await field(page, 'Client').fill('Nordic');
  await page.getByRole('option', { name: 'Nordic Springs AB' }).click();
  await field(page, 'Bottle article number').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await field(page, 'Order Number').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await field(page, 'Rejected quantity:').fill('75');
  await field(page, 'Delivery Date').fill('11.03.2026');
  await field(page, 'Problem Description:').fill(`Reported by phone, ${marker}.`);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/claims/save'));
  await page.getByRole('button', { name: 'Save report' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ company: 'Nordic Springs AB', status: 'new' });
  await expect(page).toHaveURL(/#\/claims$/);
  await adminDeletes(page, marker);
});
