import type { Page } from '@playwright/test';
import { runNow } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

const pad = (value: number) => String(value).padStart(2, '0');
const now = runNow();
const month = pad(now.getMonth() + 1);
const year = now.getFullYear();
const monthName = now.toLocaleString('en-US', { month: 'long' });
/** The forecast this spec creates (and deletes): the 10th to the 12th of this month, unlike the seeded whole months. */
const PERIOD = `10.${month}.${year} ~ 12.${month}.${year}`;

const quantity = (page: Page, articleNo: string) => page.getByRole('button', { name: new RegExp(`^Edit planned quantity of ${articleNo}:`) });
const input = (page: Page, articleNo: string) => page.getByRole('textbox', { name: `Planned quantity of ${articleNo}` });
const saveResponse = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/client/plan/save'));

test('a client plans a period: the new forecast is saved with its quantities, listed, reopened, guarded against stale saves and deleted', async ({ page, browser }) => {
  await signIn(page, 'client');
  await page.getByRole('link', { name: 'Forecasts' }).click();
  await expect(page).toHaveURL(/#\/planning$/);
  await expect(page.getByRole('heading', { name: 'Forecasts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(page.getByRole('row', { name: /~/ }).first()).toBeVisible(); // the seeded forecasts

  // New: every product at 0; no period yet
  await page.getByRole('button', { name: 'New' }).click();
  await expect(page).toHaveURL(/#\/planning\/new$/);
  await expect(page.getByRole('heading', { name: 'New forecast' })).toBeVisible();
  for (const articleNo of ['NS-0500', 'NS-0330', 'NS-1500']) await expect(quantity(page, articleNo)).toHaveAccessibleName(`Edit planned quantity of ${articleNo}: 0`);
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText('Pick a day.')).toBeVisible();

  await page.getByRole('button', { name: 'Pick period' }).click();
  await page.getByRole('button', { name: `10 ${monthName} ${year}` }).click();
  await page.getByRole('button', { name: `12 ${monthName} ${year}` }).click();
  const chips = page.getByRole('group', { name: 'Planned period' });
  await expect(chips).toContainText(`From 10.${month}.${year}`);
  await expect(chips).toContainText(`To 12.${month}.${year}`);
  await expect(page.getByText('Pick a day.')).toBeHidden();

  // inline edits: the contract's range, Enter confirms, the confirm button too
  await quantity(page, 'NS-0330').click();
  await input(page, 'NS-0330').fill('123456789');
  await input(page, 'NS-0330').press('Enter');
  await expect(page.getByText('Field has to be between 0 and 100,000,000.')).toBeVisible();
  await input(page, 'NS-0330').fill('45000');
  await input(page, 'NS-0330').press('Enter');
  await expect(quantity(page, 'NS-0330')).toHaveAccessibleName('Edit planned quantity of NS-0330: 45,000');
  await quantity(page, 'NS-0500').click();
  await input(page, 'NS-0500').fill('12000');
  await page.getByRole('button', { name: 'Confirm quantity' }).click();

  let saved = saveResponse(page);
  await page.getByRole('button', { name: 'Save plan' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON().Plan).toMatchObject({ periodFrom: `${year}-${month}-10`, periodTo: `${year}-${month}-12` });
  await expect(page.getByText('Forecast saved.')).toBeVisible();
  await expect(page).toHaveURL(/#\/planning$/);

  // listed; reopened with what was saved (0 for the product without an item)
  const row = page.getByRole('row', { name: new RegExp(PERIOD.replace(/\./g, '\\.')) });
  await expect(row).toBeVisible();
  await row.getByText(PERIOD).click();
  await expect(page).toHaveURL(/#\/planning\/\d+$/);
  const url = page.url();
  await expect(quantity(page, 'NS-0330')).toHaveAccessibleName('Edit planned quantity of NS-0330: 45,000');
  await expect(quantity(page, 'NS-0500')).toHaveAccessibleName('Edit planned quantity of NS-0500: 12,000');
  await expect(quantity(page, 'NS-1500')).toHaveAccessibleName('Edit planned quantity of NS-1500: 0');

  // leaving with unsaved changes asks first
  await quantity(page, 'NS-1500').click();
  await input(page, 'NS-1500').fill('7000');
  await input(page, 'NS-1500').press('Enter');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Discard changes?' })).toBeVisible();
  await page.getByRole('button', { name: 'Stay' }).click();
  await expect(quantity(page, 'NS-1500')).toHaveAccessibleName('Edit planned quantity of NS-1500: 7,000');

  // someone else saves the same forecast meanwhile: this save is refused as stale and keeps the edits
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'client', `/${new URL(url).hash}`);
  await quantity(otherPage, 'NS-0500').click();
  await input(otherPage, 'NS-0500').fill('13000');
  await input(otherPage, 'NS-0500').press('Enter');
  saved = saveResponse(otherPage);
  await otherPage.getByRole('button', { name: 'Save plan' }).click();
  expect((await saved).status()).toBe(200);
  await other.close();

  saved = saveResponse(page);
  await page.getByRole('button', { name: 'Save plan' }).click();
  expect((await saved).status()).toBe(409);
  await expect(page.getByRole('alert', { name: 'Not saved' })).toContainText('Someone else changed this forecast meanwhile.');
  await expect(quantity(page, 'NS-1500')).toHaveAccessibleName('Edit planned quantity of NS-1500: 7,000');
  await page.getByRole('button', { name: 'Reload forecast' }).click();
  await expect(quantity(page, 'NS-0500')).toHaveAccessibleName('Edit planned quantity of NS-0500: 13,000');
  await expect(quantity(page, 'NS-1500')).toHaveAccessibleName('Edit planned quantity of NS-1500: 0');

  // back to the list (nothing unsaved, so no question) and delete this spec's forecast
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/#\/planning$/);
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this item?');
  const deleted = page.waitForResponse((response) => response.url().endsWith('/api/client/plans/delete'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByText('Forecast deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
});
