import type { Locator, Page } from '@playwright/test';
import { clipped, openScreen, outsideCatalogue, PSEUDO, pseudoPage, VIEWPORTS, visibleTexts } from './pseudo.test-utils.js';
import { expect, test } from './support.test-utils.js';

/**
 * The claims (the client's and the admin's list, a claim with its 8D report, trace and photos, a new claim with its
 * messages and choices, the delete question) and the manufacturers (list and dialog) in the pseudo-locale (accented,
 * lengthened English), at a desk's and a phone's width: every text from the catalogue, nothing cut off. The demo's
 * data (companies, people, products, orders, lots, suppliers, warehouses, file names, numbers) passes as data.
 */
const DATA = [
  /^[\d\s.,:%·×→–/()#-]+$/,
  /^(PO|E2E|INV|NS|AC|BB|FB|FW)-[\w-]+/,
  /^[A-Z]{2,}-?\d/,
  /(AB|Oy|AS|SIA)$/,
  /^(Clara|Alice) (Client|Admin)$/,
  /\.(png|jpe?g|pdf)$/i,
  /Water|Juice|Soda|Spring|Sparkling|Still|Birch|\d+(\.\d+)?\s?L\b/,
  // The demo's preform makers, preforms and warehouses, named in the trace of a claim.
  /Retal|Plastipak|Alpla|Resilux|Preform|Warehouse|Riga|^PET|\d+\s?g\b/,
  // What the demo's claims say (a person's words, in the fields that hold them), and what the claim specs type.
  /^(Bottles leaking|Cracked necks|Pallets quarantined|Visible black specks|Affected boxes|Contaminated regrind|Supplier audit|Scratched bottles|Reported by phone)/,
];

/** The page's main region, or the open dialog: checked for text outside the catalogue and boxes that cut words off. */
async function expectCatalogued(page: Page, scope: Locator) {
  expect(outsideCatalogue(await visibleTexts(scope), DATA)).toEqual([]);
  expect(await clipped(page)).toEqual([]);
}

/** Opens a route and waits for its accented heading. */
async function open(page: Page, path: string) {
  await openScreen(page, path);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: PSEUDO }).first()).toBeVisible();
}

/** The list's claims: a row's order number at a desk (a click opens the claim), a card's open button on a phone. */
const claimEntries = (page: Page, phone: boolean) =>
  phone ? page.getByRole('main').locator('li button') : page.getByRole('main').locator('tbody tr td:nth-child(4)');

/** The enabled choice fields (Mantine's Select) of the page. */
const choiceFields = (page: Page) => page.getByRole('main').locator('input[aria-haspopup="listbox"]:not([disabled])');

/** Waits until the claim page has drawn what it loads (its lookups, the trace and the lots). */
async function settled(page: Page) {
  await expect(page.getByRole('main').locator('button[type="submit"]').filter({ hasText: PSEUDO })).toBeVisible();
  await expect(page.getByRole('main').locator('.mantine-Loader-root')).toHaveCount(0);
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 500;

  test(`the client's claims, a claim and a new claim in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'client', viewport);

    await open(page, '/claims');
    await expect(claimEntries(page, phone).first()).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'));

    // A claim with the GP's answer and a photo: the demo's claim under investigation is the company's second.
    await claimEntries(page, phone).nth(1).click();
    await expect(page).toHaveURL(/#\/claims\/\d+$/);
    await settled(page);
    await expectCatalogued(page, page.getByRole('main'));

    // A new claim: its messages after an empty save, then the article's choices.
    await open(page, '/claims/new');
    await page.getByRole('main').locator('button[type="submit"]').click();
    await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'));
    await choiceFields(page).first().click();
    const choices = page.getByRole('listbox');
    await expect(choices.getByRole('option').first()).toBeVisible();
    await expectCatalogued(page, choices);
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  test(`the admin's claims, a claim with its 8D report and trace, the delete question and the manufacturers in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'admin', viewport);

    await open(page, '/claims');
    await expect(claimEntries(page, phone).first()).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'));

    // The delete question for one claim, left with Escape: nothing is deleted.
    await page.getByRole('main').getByRole('checkbox').nth(phone ? 0 : 1).check();
    await page.getByRole('main').locator('button.mantine-Button-root[data-variant="light"]').filter({ hasText: PSEUDO }).last().click();
    const question = page.getByRole('dialog');
    await expect(question.getByRole('button').filter({ hasText: PSEUDO }).first()).toBeVisible();
    await expectCatalogued(page, question);
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();

    // The demo's claim under investigation, with the short form, the 8D report and the trace of its lots.
    await claimEntries(page, phone).nth(1).click();
    await expect(page).toHaveURL(/#\/claims\/\d+$/);
    await settled(page);
    await expectCatalogued(page, page.getByRole('main'));

    // A claim logged on a client's behalf: the client is chosen first, from the clients' choices.
    await open(page, '/claims/new');
    await expectCatalogued(page, page.getByRole('main'));
    await choiceFields(page).first().click();
    const clients = page.getByRole('listbox');
    await expect(clients.getByRole('option').first()).toBeVisible();
    await expectCatalogued(page, clients);
    await page.keyboard.press('Escape');

    // The manufacturers and their dialog, with the messages of an empty save.
    await open(page, '/manufacturers');
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
    await expectCatalogued(page, page.getByRole('main'));
    await page.getByRole('main').getByRole('button').filter({ hasText: PSEUDO }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox').first()).toBeVisible();
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectCatalogued(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.context().close();
  });
}
