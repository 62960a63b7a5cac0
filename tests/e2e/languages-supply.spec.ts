import type { Locator, Page } from '@playwright/test';
import { clipped, openScreen, outsideCatalogue, PSEUDO, pseudoPage, VIEWPORTS, visibleTexts } from './pseudo.test-utils.js';
import { expect, test } from './support.test-utils.js';

/**
 * The raw-material supply screens and the forecasts in the pseudo-locale (accented, lengthened English), at a desk and
 * on a phone: the admin's board with its supply order dialog, the supply plan with a pair's projection and the plan's
 * settings, and the client's forecasts list and editor. Every text comes from the catalogue and nothing is cut off.
 */

/** The demo's data, which no catalogue holds: preforms, warehouses, suppliers, companies, articles, order numbers, numbers and days. */
const data = [
  /^(R?PET|PP) \d/,
  /^(Riga North|Riga South|Tallinn)$/,
  /^(Alpla Preform Centre|Plastipak Iberia|Resilux Polska|Retal Baltic Films)$/,
  /^(Nordic Springs AB|Aqua Converters Oy|Baltic Beverages SIA|Fjord Water AS)$/,
  /^(NS|FW|AC|BB|PO|E2E)-[\w-]+$/,
  /Spring Water|Fjord Sparkling|Birch Juice/,
  /^[\d\s.,:%·×→–~/()+=−-]+$/,
];

/** The texts of `scope` outside the catalogue, and the boxes that cut their text off. */
async function check(page: Page, scope: Locator) {
  expect(outsideCatalogue(await visibleTexts(scope), data)).toEqual([]);
  expect(await clipped(page)).toEqual([]);
}

/** A screen of the face, once its accented heading shows. */
async function open(page: Page, path: string) {
  await openScreen(page, path);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: PSEUDO })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test(`the supply screens and the forecasts in the pseudo-locale at ${viewport.width} px: every text from the catalogue, nothing cut off`, async ({ browser }) => {
    const admin = await pseudoPage(browser, 'admin', viewport);
    const main = admin.getByRole('main');

    // The board, once its columns and the suggestions have loaded.
    await open(admin, '/#/');
    await expect(main.locator('[data-supply-order]').first()).toBeVisible();
    await expect(main.locator('[data-column="suggested"] [data-suggestion]').first()).toBeVisible();
    await expect(main.locator('.mantine-Skeleton-root')).toHaveCount(0);
    await check(admin, main);

    // Its supply order dialog, from New's 'Order' button.
    await main.locator('[data-column="pending"]').getByRole('button').filter({ hasText: PSEUDO }).first().click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog.getByRole('heading').filter({ hasText: PSEUDO })).toBeVisible();
    await check(admin, dialog);
    await admin.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The supply plan, a pair's projection (the first row's link) and the settings dialog.
    await open(admin, '/#/supply/plan');
    await main.getByRole('table').first().getByRole('link').first().click();
    const projection = main.locator('section').filter({ has: admin.getByRole('heading', { level: 3 }) });
    await expect(projection.getByRole('table').first()).toBeVisible();
    await expect(projection.getByRole('heading', { level: 4 }).filter({ hasText: PSEUDO }).nth(1)).toBeVisible();
    await expect(projection.locator('[aria-busy="true"], .mantine-Loader-root')).toHaveCount(0);
    await check(admin, main);
    await main.getByRole('button').filter({ hasText: PSEUDO }).first().click();
    await expect(dialog.getByRole('spinbutton').or(dialog.getByRole('textbox')).first()).toBeVisible();
    await check(admin, dialog);
    await admin.context().close();

    // The client's forecasts: the list, and the editor of a new one.
    const client = await pseudoPage(browser, 'client', viewport);
    const clientMain = client.getByRole('main');
    await open(client, '/#/planning');
    await expect(clientMain.getByText(/\d{2}\.\d{2}\.\d{4} ~ \d{2}\.\d{2}\.\d{4}/).first()).toBeVisible();
    await check(client, clientMain);
    await open(client, '/#/planning/new');
    await expect(clientMain.getByRole('button', { name: /NS-/ }).first()).toBeVisible();
    await check(client, clientMain);
    await client.context().close();
  });
}
