import type { Locator, Page } from '@playwright/test';
import { clipped, openScreen, outsideCatalogue, PSEUDO, pseudoPage, VIEWPORTS, visibleTexts } from './pseudo.test-utils.js';
import { expect, test } from './support.test-utils.js';

/**
 * The client's invoices and portfolio and the admin's client inventory in the pseudo-locale (accented, lengthened
 * English), at a desk's and a phone's width, with their main dialogs open: every text from the catalogue, nothing cut
 * off. The demo's data (companies, people, products, preforms, machines, warehouses, causes, numbers) passes as data.
 */
const DATA = [
  /^[\d\s.,:%·×→–/()@€+−-]+$/,
  /^(PO|E2E|INV|NS|AC|BB|FB)-[\w-]+/,
  /^[A-Z]{2,}-?\d/,
  /(AB|Oy|AS|SIA)$/,
  /@[\w.-]+\.example$/,
  /^(EUR|SEK)$/,
  /^Clara Client$/,
  /^[\d\s.,]+\s?(EUR|SEK)$/,
];

/** The page's main region, or the open dialog: checked for text outside the catalogue and boxes that cut words off. */
async function expectCatalogued(page: Page, scope: Locator, data: RegExp[]) {
  expect(outsideCatalogue(await visibleTexts(scope), data)).toEqual([]);
  expect(await clipped(page)).toEqual([]);
}

/** Opens a route and waits for its accented heading. */
async function open(page: Page, path: string) {
  await openScreen(page, path);
  await expect(page.getByRole('main').getByRole('heading').filter({ hasText: PSEUDO }).first()).toBeVisible();
}

/** Picks the client's invoices layout (Full, Compact): Mantine hides the radio itself under its label. */
async function layout(page: Page, index: number) {
  const id = await page.getByRole('radio').nth(index).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

for (const viewport of VIEWPORTS) {
  test(`the client's portfolio and invoices in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'client', viewport);
    // Products, preforms, their necks, materials and colours, warehouses and downtime causes are the demo's data.
    const data = [...DATA, /Water|Juice|Soda|Spring|Sparkling|Still|Birch|\d+(\.\d+)?\s?L\b/, /^(PET|RPET|PCO|Clear|Green|Blue|Brown|Amber)/, /^Riga|Warehouse/];

    await open(page, '/profile');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'), data);

    await open(page, '/documents');
    const first = viewport.width < 500 ? page.getByRole('main').locator('[aria-pressed]').first() : page.getByRole('row').nth(1);
    await expect(first).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'), data);
    // The compact layout, then the full one again with its 'Confirm & Send' dialog.
    await layout(page, 1);
    await expect(page.getByRole('radio').nth(1)).toBeChecked();
    await expectCatalogued(page, page.getByRole('main'), data);
    await layout(page, 0);
    // 'Confirm & Send' for an invoice not sent yet (the third button that speaks: after the two downloads).
    const rows = viewport.width < 500 ? page.getByRole('main').locator('[aria-pressed]') : page.getByRole('row');
    const confirm = page.getByRole('main').getByRole('button').filter({ hasText: PSEUDO }).nth(2);
    for (let index = viewport.width < 500 ? 0 : 1; index < Math.min(await rows.count(), 6); index++) {
      await rows.nth(index).click();
      if (await confirm.isEnabled()) break;
      await rows.nth(index).click();
    }
    await expect(confirm).toBeEnabled();
    await confirm.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectCatalogued(page, dialog, data);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.context().close();
  });

  test(`the admin's client inventory, a client's portfolio and stock and their dialogs in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'admin', viewport);
    const data = [...DATA, /Water|Juice|Soda|Spring|Sparkling|Still|Birch|\d+(\.\d+)?\s?L\b/, /^(PET|RPET|PCO|Clear|Green|Blue|Brown|Amber)/, /\d+g\b/];

    await open(page, '/clients');
    const nordic = page.getByRole('row', { name: /Nordic Springs AB/ });
    await expect(nordic).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'), data);

    // A converter's portfolio, its 'Client Details' and, for one product, 'Product prices'.
    await nordic.click();
    await expect(page.getByRole('heading', { name: 'Nordic Springs AB' })).toBeVisible();
    const product = page.getByRole('main').getByRole('row').nth(1);
    await expect(product).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'), data);
    const buttons = page.getByRole('main').getByRole('button').filter({ hasText: PSEUDO });
    await buttons.first().click();
    let dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox').first()).toBeVisible();
    await expectCatalogued(page, dialog, data);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await product.getByRole('checkbox').check();
    await buttons.nth(2).click();
    await page.getByRole('menuitem').nth(1).click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('table')).toBeVisible();
    await expectCatalogued(page, dialog, data);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The product's stock and its 'Adjust balance'.
    await product.getByRole('link').click();
    await expect(page.getByRole('main').getByRole('table')).toBeVisible();
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'), data);
    await page.getByRole('main').getByRole('row').nth(1).getByRole('button').click();
    dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox')).toBeVisible();
    await expectCatalogued(page, dialog, data);
    await page.context().close();
  });
}
