import type { Locator, Page } from '@playwright/test';
import { invoicedLineWithLot } from './database.test-utils.js';
import { clipped, openScreen, outsideCatalogue, PSEUDO, pseudoPage, VIEWPORTS, visibleTexts } from './pseudo.test-utils.js';
import { expect, test } from './support.test-utils.js';

/**
 * Recycled content and carbon in the pseudo-locale: the client's year and a delivered line's figures, the admin's mass
 * balance and customers, a lot's evidence and its dialog, at 1440 and 390 px. Every text comes from the catalogue and
 * nothing is cut off. One browser per face, signed in once and resized between the widths; the dialog is closed
 * without saving, so no data changes for the other specs.
 */

/** The demo's data and what other specs record, which no catalogue holds: names, lot, certificate and article numbers, numbers. */
const DATA = [
  /^(R?PET|PP) \d/,
  /Riga North|Riga South|Tallinn/,
  /Retal Baltic Films|Plastipak Iberia|Alpla Preform Centre|Resilux Polska/,
  /Nordic Springs AB|Fjord Water AS|Baltic Beverages SIA|Aqua Converters Oy/,
  /^(RB|E2E|PO|INV|NS|FW|AC|BB|ECP|EPD)-[\w.-]+/,
  /Spring Water|Fjord Sparkling|Fjord Green|Juice Bottle|Milk Bottle|Kvass|Birch Juice/,
  // the clients' contacts on the lot's recall answer ('Mikko Virtanen,' before the address)
  /^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+,$/u,
  /^\S+@\S+$/,
  // certification schemes and EU 2022/1616 register numbers: names, the same in every language
  /^(EuCertPlast|RecyClass|ISCC PLUS)\b/,
  /^RAN\.EU\./,
  /^[\d\s.,:%·×→–—/()+-]+$/,
];

/** Checks what `scope` shows: every text from the catalogue, and nothing on the page cut off. */
async function walk(page: Page, scope: Locator) {
  expect(outsideCatalogue(await visibleTexts(scope), DATA)).toEqual([]);
  expect(await clipped(page, DATA)).toEqual([]);
}

/** Opens `path` and waits for its pseudo-localised heading. */
async function open(page: Page, path: string) {
  await openScreen(page, path);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: PSEUDO })).toBeVisible();
}

/** A dialog or drawer once its transition is over (a half-drawn one measures narrower than it is). */
async function opened(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

test("the client's recycled content and a line's figures in the pseudo-locale at 1440 and 390 px", async ({ browser }) => {
  const line = await invoicedLineWithLot();
  const page = await pseudoPage(browser, 'client', VIEWPORTS[0]!);
  const main = page.getByRole('main');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);

    // The year the line was invoiced: by month, by product and the year, against 25 % and 30 %.
    await open(page, '/stats/recycled-content');
    const year = main.getByRole('combobox');
    if ((await year.inputValue()) !== String(line.year)) {
      await year.click();
      await page.getByRole('option', { name: String(line.year), exact: true }).click();
    }
    await expect(main.getByRole('heading', { level: 3 })).toHaveCount(3);
    await walk(page, main);

    // The line's view in its order: its figures, its lots with their evidence, the invoice's statement.
    await open(page, `/orders/${line.order_id}`);
    await main.locator(`button[aria-label$="${line.article_no}, ${line.due_date}"]:has(.tabler-icon-list-details)`).first().click();
    const drawer = await opened(page);
    await expect(drawer.locator('th[scope="row"]').first()).toBeVisible();
    await expect(drawer.getByRole('listitem').first()).toBeVisible();
    await walk(page, drawer);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  }
  await page.context().close();
});

test("the admin's recycled content and a lot's evidence in the pseudo-locale at 1440 and 390 px", async ({ browser }) => {
  const line = await invoicedLineWithLot();
  const page = await pseudoPage(browser, 'admin', VIEWPORTS[0]!);
  const main = page.getByRole('main');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);

    // The plant's mass balance and every customer's year.
    await open(page, '/sustainability');
    await expect(main.getByRole('table').first()).toBeVisible();
    await expect(main.getByRole('heading', { level: 3 })).toHaveCount(2);
    await walk(page, main);

    // A lot's page with its recycled content and evidence, and the dialog that records or corrects them.
    await open(page, `/lots/${line.lot_id}`);
    // 'Record evidence' or 'Correct evidence' (the lot number's 'Enter' beside it has a pencil too, but is subtle)
    const edit = main.locator('button[data-variant="light"]:has(.tabler-icon-pencil)').filter({ hasText: PSEUDO });
    await expect(edit).toBeVisible();
    await walk(page, main);
    await edit.click();
    const dialog = await opened(page);
    await expect(dialog.locator('input[type="file"]')).toHaveCount(1);
    await walk(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await page.context().close();
});
