import type { Locator, Page } from '@playwright/test';
import { runNowMs } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/** A form field's input by its label (Mantine selects and pickers are inputs whose role varies). */
const field = (scope: Locator, label: string) => scope.locator('input').and(scope.getByLabel(new RegExp(`^${label}`)));

/** Waits for the answer of one API call made by `action`, and expects it to succeed. */
async function saved(page: Page, path: string, action: () => Promise<void>) {
  const response = page.waitForResponse((answer) => answer.url().endsWith(path));
  await action();
  expect((await response).status()).toBe(200);
}

test('the admin adds a product to a client, prices it, counts its stock, and deletes it again', async ({ page }) => {
  const run = runNowMs().toString(36).toUpperCase();
  const title = `E2E Bottle ${run}`;
  const articleNo = `E2E-${run}`;
  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Client inventory' }).click();
  await expect(page.getByRole('heading', { name: 'Client inventory' })).toBeVisible();

  // The list: company ascending, Overdue amount always TBD; the Buyer filter leaves only buyer-type clients.
  const nordic = page.getByRole('row', { name: /Nordic Springs AB/ });
  await expect(nordic).toContainText('FB-101');
  await expect(nordic).toContainText('Converter');
  await expect(nordic).toContainText('TBD');
  await page.getByRole('radiogroup', { name: 'Customer Type' }).getByText('Buyer', { exact: true }).click();
  await expect(page.getByRole('row', { name: /Baltic Beverages SIA/ })).toBeVisible();
  await expect(nordic).toBeHidden();

  // A buyer-type client: every editing button is off except Prices.
  await page.getByRole('row', { name: /Baltic Beverages SIA/ }).click();
  await expect(page.getByRole('heading', { name: 'Baltic Beverages SIA' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Client details' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'New' })).toBeDisabled();
  await page.getByRole('link', { name: 'Client inventory' }).first().click();

  // A converter's portfolio: a new product through 'Product data'.
  await page.getByRole('radiogroup', { name: 'Customer Type' }).getByText('All', { exact: true }).click();
  await page.getByRole('row', { name: /Nordic Springs AB/ }).click();
  await expect(page.getByRole('heading', { name: 'Nordic Springs AB' })).toBeVisible();
  await page.getByRole('button', { name: 'New' }).click();
  const product = page.getByRole('dialog', { name: 'Product data' });
  await expect(field(product, 'Default supplier')).toHaveAttribute('placeholder', 'Select preform first');
  await product.getByRole('button', { name: 'Save' }).click();
  await expect(product.getByText('Field is required.').first()).toBeVisible();
  await field(product, 'Title').fill(title);
  await field(product, 'Article no.').fill(articleNo);
  await field(product, 'Machines').click();
  await page.getByRole('option', { name: 'FB-102' }).click();
  await product.getByRole('combobox', { name: 'Preform' }).fill('RPET 28g');
  await page.getByRole('option', { name: /RPET 28g PCO1810 Green/ }).click();
  await field(product, 'Warehouse').click();
  await page.getByRole('option', { name: 'Riga South' }).click();
  await expect(field(product, 'Default supplier')).toHaveValue('Resilux Polska');
  await field(product, 'Scrap rate').fill('2.5');
  await saved(page, '/api/admin/client/products/save', () => product.getByRole('button', { name: 'Save' }).click());
  await expect(product).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(articleNo) });
  await expect(row).toContainText('PCO1810 - RPET 28g PCO1810 Green 28 g - RPET - Green');

  // Prices: a new price proposes next month's full period.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: 'Prices' }).click();
  const prices = page.getByRole('dialog', { name: 'Product prices' });
  await expect(prices.getByText('No price valid today.')).toBeVisible();
  await prices.getByRole('button', { name: 'New price' }).click();
  await field(prices, 'Unit price @1k').fill('64.5');
  await saved(page, '/api/admin/client/product/prices/save', () => prices.getByRole('button', { name: 'Save' }).click());
  await expect(prices.getByRole('row', { name: /64\.50/ })).toBeVisible();
  await prices.getByRole('button', { name: 'Close' }).or(page.locator('.mantine-Modal-close')).first().click();
  await expect(prices).toBeHidden();

  // Reclassification: at most the product's stock, 0 for a new product.
  await page.getByRole('button', { name: 'Action' }).click();
  await page.getByRole('menuitem', { name: 'Reclassification' }).click();
  const reclassification = page.getByRole('dialog', { name: 'Product reclassification' });
  await field(reclassification, 'Quantity').fill('10');
  await reclassification.getByRole('button', { name: 'Save' }).click();
  await expect(reclassification.getByText('Max Quantity - 0.')).toBeVisible();
  await reclassification.getByRole('button', { name: 'Cancel' }).click();

  // The product's stock per price period: count 500 bottles in, then back to 0.
  await row.getByText(title).click();
  await expect(page).toHaveURL(/#\/clients\/[^/]+\/productstock\/\d+$/);
  await expect(page.getByRole('heading', { name: `${articleNo} - ${title}` })).toBeVisible();
  await page.getByRole('button', { name: 'Adjust balance 0' }).click();
  const adjust = page.getByRole('dialog', { name: 'Adjust balance' });
  await expect(adjust.getByText('Minimum stock level - 0', { exact: true })).toBeVisible();
  await field(adjust, 'Current stock').fill('-1');
  await adjust.getByRole('button', { name: 'Save' }).click();
  await expect(adjust.getByText('Minimum stock level - 0!')).toBeVisible();
  await field(adjust, 'Current stock').fill('500');
  await saved(page, '/api/admin/client/products/stock/details/save', () => adjust.getByRole('button', { name: 'Save' }).click());
  await expect(adjust).toBeHidden();
  await expect(page.getByText('+500')).toBeVisible();
  await page.getByRole('button', { name: 'Adjust balance 500' }).click();
  await field(adjust, 'Current stock').fill('0');
  await saved(page, '/api/admin/client/products/stock/details/save', () => adjust.getByRole('button', { name: 'Save' }).click());
  await expect(page.getByText('−500')).toBeVisible();

  // Back to the portfolio through the breadcrumb, and the product goes again (asked first).
  await page.getByRole('link', { name: 'Nordic Springs AB' }).click();
  await page.getByRole('row', { name: new RegExp(articleNo) }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete products' });
  await expect(confirm.getByText('Are you sure you want to delete this item?')).toBeVisible();
  await saved(page, '/api/admin/client/products/delete', () => confirm.getByRole('button', { name: 'Delete' }).click());
  await expect(page.getByRole('row', { name: new RegExp(articleNo) })).toBeHidden();
});
