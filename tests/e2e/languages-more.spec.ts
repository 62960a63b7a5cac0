import type { Locator, Page } from '@playwright/test';
import { clipped, openScreen, outsideCatalogue, PSEUDO, pseudoPage, VIEWPORTS, visibleTexts } from './pseudo.test-utils.js';
import { expect, test } from './support.test-utils.js';

/**
 * The pseudo-locale walk over the client's statistics, the admin's delivery performance, API clients and
 * webhooks: every text from the catalogue, nothing cut off at 1440 and 390 px. The screens' dialogs are opened and
 * closed without saving, so no data changes for the other specs.
 */

/** The demo's data and what Intl writes: names of companies, people, products and suppliers, ids, URLs, numbers. */
const DATA = [
  // Article numbers (NS-0500, BB-0500K) and product names, which end in their volume (Kvass 0.5 L).
  /^[A-Z]{2,3}-[\dA-Z-]+/,
  / \d+(\.\d+)? L$/,
  /Nordic Springs|Baltic Beverages|Fjord Water|Aqua Converters/,
  /Alpla|Plastipak|Resilux|Retal/,
  /^Demo /,
  // What other specs make: API clients, receivers.
  /^E2E[ -]/,
  /Spring Water|Sparkling|Birch Juice/,
  /^(ac|cs|whsec)_/,
  /^https?:\/\//,
  // Event types are the webhook protocol's names, the same in every language.
  /^[a-z_]+\.[a-z_]+(, [a-z_]+\.[a-z_]+)*$/,
  // Month names as Intl writes them for the pseudo-locale (English): the trend's axis and the month picker.
  /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)( \d{4})?$/,
  /^[\d\s.,:%·×→–/()…-]+$/,
];

/** Checks what `scope` shows: every text from the catalogue, and nothing on the page cut off. */
async function walk(page: Page, scope: Locator, data: RegExp[] = DATA) {
  expect(outsideCatalogue(await visibleTexts(scope), data)).toEqual([]);
  expect(await clipped(page, data)).toEqual([]);
}

/** Opens `path` and waits for its pseudo-localised heading. */
async function open(page: Page, path: string) {
  await openScreen(page, path);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: PSEUDO })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test(`the client's statistics in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'client', viewport);
    const main = page.getByRole('main');
    const data = [...DATA, /Clara Client/];

    // The dashboard: produced quantities (its area chart and 'Yesterday' marker), then the fill-rate heatmap.
    await open(page, '/stats/dashboard');
    await expect(main.locator('.recharts-area').first()).toBeVisible();
    await walk(page, main, data);
    await main.getByRole('tab').nth(1).click();
    await expect(main.getByRole('list').first()).toBeVisible();
    await expect(main.getByRole('img').first()).toBeVisible();
    await walk(page, main, data);

    // The production quantities report: its bars, and a product's days once its bar is picked.
    await open(page, '/stats/production-quantity');
    await expect(main.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await walk(page, main);
    await main.getByRole('combobox').click();
    await page.getByRole('option', { name: /^NS-/ }).first().click();
    await expect(main.getByRole('region')).toBeVisible();
    await walk(page, main);

    // Delivery: the figures, the monthly trend and the products.
    await open(page, '/stats/delivery');
    await expect(main.getByRole('region').first()).toBeVisible();
    await walk(page, main);
    await page.context().close();
  });

  test(`the admin's delivery performance, API clients and webhooks in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'admin', viewport);
    const main = page.getByRole('main');

    // Delivery performance: the ranking, and a client's own figures.
    await open(page, '/delivery');
    const clients = main.getByRole('region').first();
    await expect(clients.getByRole('row').nth(1)).toBeVisible();
    await walk(page, main);
    await clients.getByRole('row').nth(1).getByRole('button').click();
    // The client's own figures: a region of their own, with the trend and the products inside.
    await expect(main.getByRole('region').nth(1).getByRole('region').last()).toBeVisible();
    await walk(page, main);

    // API clients and the New dialog (for the manufacturer: its staff roles).
    await open(page, '/api-clients');
    await expect(main.getByRole('table')).toBeVisible();
    await walk(page, main);
    await main.getByRole('button').filter({ hasText: PSEUDO }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('checkbox').first()).toBeVisible();
    await walk(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Webhooks and the New dialog.
    await open(page, '/webhooks');
    await expect(main.getByRole('table').first()).toBeVisible();
    await walk(page, main);
    await main.getByRole('button').filter({ hasText: PSEUDO }).first().click();
    await expect(dialog.getByRole('switch')).toBeVisible();
    await walk(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.context().close();
  });
}
