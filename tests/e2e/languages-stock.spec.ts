import type { Locator, Page } from '@playwright/test';
import { clipped, outsideCatalogue, PSEUDO, pseudoPage, visibleTexts, VIEWPORTS } from './pseudo.test-utils.js';
import { expect, test } from './support.test-utils.js';

/**
 * The traceability and preform screens in the pseudo-locale: the admin's lots list, a lot with its recall
 * answer and its dialogs, the stock by lot, the warehouses and a warehouse's stock with Fill preform stock, the preform
 * inventory with its dialog, and the operator's preform stock, at 1440 and 390 px. Every text comes from the
 * catalogue (accented) and nothing is cut off.
 */

/** The demo's data, which no catalogue holds: preforms, warehouses, suppliers, companies, people, numbers and dates. */
const DATA = [
  /^(R?PET|PP) \d/,
  /^(R?PET|PP)$/,
  /^(Clear|Clear\/FR|Green|White|Black)$/,
  /^(PCO1810|38mm 3-start|38-400)$/,
  /Riga North|Riga South|Tallinn/,
  /Retal Baltic Films|Plastipak Iberia|Alpla Preform Centre|Resilux Polska/,
  /Nordic Springs AB|Fjord Water AS|Baltic Beverages SIA|Aqua Converters Oy/,
  // the clients' contacts on a recall answer ('Mikko Virtanen,' before the address)
  /^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+,$/u,
  /^\S+@\S+$/,
  // who recorded a production entry
  /^Demo /,
  /^(RB|E2E|PO|INV|NS|FW|AC|BB)-[\w-]+/,
  /Spring Water|Fjord Sparkling|Fjord Green|Juice Bottle|Milk Bottle|Kvass/,
  /^[\d\s.,:%·×→–—/()+-]+$/,
];

/** Texts of `scope` outside the catalogue, and boxes that cut their text off. */
async function expectSpoken(page: Page, scope: Locator) {
  expect(outsideCatalogue(await visibleTexts(scope), DATA)).toEqual([]);
  expect(await clipped(page)).toEqual([]);
}

/** A dialog once its transition is over (a half-drawn dialog measures narrower than it is). */
async function openedDialog(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

/** Closes a form dialog by its Cancel button (the first of its two actions). */
async function cancel(dialog: Locator) {
  await dialog.locator('button:not([type="submit"])').filter({ hasText: PSEUDO }).last().click();
  await expect(dialog).toBeHidden();
}

/** Opens `path` afresh, so that nothing of the screen before is there while the next one loads. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.reload();
}

/** The page's heading (level 2) in the pseudo-locale: the screen and its catalogue have loaded. */
const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

for (const viewport of VIEWPORTS) {
  test(`the admin's lots, stock and preform screens in the pseudo-locale at ${viewport.width} px: every text from the catalogue, nothing cut off`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'admin', viewport);
    const main = page.getByRole('main');

    // The lots list.
    await page.goto('/#/lots');
    await expect(heading(page).filter({ hasText: PSEUDO })).toBeVisible();
    await expect(main.locator('tbody tr').first().getByRole('link')).toBeVisible();
    await expectSpoken(page, main);

    // The oldest lot, whose preforms went into clients' bottles: its recall answer and stock by lot.
    await visit(page, '/#/lots/1');
    await expect(main.locator('#recall-heading')).toHaveText(PSEUDO);
    await expect(main.locator('#quarantine-heading')).toBeVisible();
    await expect(main.locator('section[aria-labelledby="stock-by-lot-heading"] table')).toBeVisible();
    await expectSpoken(page, main);

    // The supplier lot number's dialog.
    await main.getByRole('region').first().getByRole('button').click();
    const lotNumber = await openedDialog(page);
    await expectSpoken(page, lotNumber);
    await cancel(lotNumber);

    // A client's items from the lot, and an item's production records.
    await main.locator('article button[aria-expanded="false"]').first().click();
    const items = main.locator('article [id^="recall-"] table');
    await expect(items.locator('tbody tr').first()).toBeVisible();
    await expectSpoken(page, main.locator('article').first());
    await items.locator('tbody tr').first().getByRole('button').click();
    const records = await openedDialog(page);
    await expect(records.locator('tbody tr').first()).toBeVisible();
    await expectSpoken(page, records);
    await page.keyboard.press('Escape');
    await expect(records).toBeHidden();

    // The stock by lot.
    await visit(page, '/#/lots/stock');
    await expect(heading(page).filter({ hasText: PSEUDO })).toBeVisible();
    await expect(main.locator('tbody tr').first()).toBeVisible();
    await expectSpoken(page, main);

    // The warehouses, a warehouse's preform stock and Fill preform stock.
    await visit(page, '/#/warehouses');
    await expect(heading(page).filter({ hasText: PSEUDO })).toBeVisible();
    const warehouse = main.locator('tbody tr a[href*="/warehouses/stock/"]').first();
    await expect(warehouse).toBeVisible();
    await expectSpoken(page, main);
    await warehouse.click();
    // The breadcrumb back to the warehouses, and the warehouse's rows.
    await expect(main.locator('a[href$="#/warehouses"]')).toHaveText(PSEUDO);
    await expect(main.locator('tbody tr').first()).toBeVisible();
    await expectSpoken(page, main);
    await main.locator('tbody tr').first().click();
    await main.getByRole('button').filter({ hasText: PSEUDO }).first().click();
    const fill = await openedDialog(page);
    await expectSpoken(page, fill);
    await cancel(fill);

    // The preform inventory and its New dialog.
    await visit(page, '/#/preforms');
    await expect(heading(page).filter({ hasText: PSEUDO })).toBeVisible();
    await expect(main.locator('tbody tr').first()).toBeVisible();
    await expectSpoken(page, main);
    await main.getByRole('button').filter({ hasText: PSEUDO }).first().click();
    const preform = await openedDialog(page);
    await expectSpoken(page, preform);
    await cancel(preform);
    await page.context().close();
  });

  test(`the operator's preform stock in the pseudo-locale at ${viewport.width} px: every text from the catalogue, nothing cut off`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'operator', viewport);
    const main = page.getByRole('main');
    await page.goto('/#/stock');
    await expect(heading(page).filter({ hasText: PSEUDO })).toBeVisible();
    await expect(main.locator('tbody tr').first()).toBeVisible();
    await expectSpoken(page, main);
    await main.locator('tbody tr').first().click();
    await main.getByRole('button').filter({ hasText: PSEUDO }).first().click();
    const fill = await openedDialog(page);
    await expectSpoken(page, fill);
    await cancel(fill);
    await page.context().close();
  });
}
