import type { Page } from '@playwright/test';
import { addDays, mondayOf, runToday } from './clock.test-utils.js';
import { withPortalDatabase } from './database.test-utils.js';
import { clipped, openScreen, outsideCatalogue, PSEUDO, pseudoPage, VIEWPORTS, visibleTexts } from './pseudo.test-utils.js';
import { DEMO_PASSWORD, expect, test } from './support.test-utils.js';

/**
 * The plant's own screens in their users' languages: a Finnish operator's agenda in Finnish with Finnish
 * dates and numbers, and a walk over the operator's, planner's and admin's converted screens in the pseudo-locale
 * (accented English) that finds text outside the catalogue and anything cut off at 1440 and 390 px.
 */

// A language chosen here must not leak into another spec: each test starts with nobody having chosen one.
test.beforeEach(async () => {
  await withPortalDatabase((client) => client.query('delete from user_languages'));
});
test.afterAll(async () => {
  await withPortalDatabase((client) => client.query('delete from user_languages'));
});

/** The day `YYYY-MM-DD` as Finnish writes it in full (07.12.2026) and as a column's short title (7.12.). */
const finnishDay = (day: string) => day.split('-').reverse().join('.');
const finnishShortDay = (day: string) => `${Number(day.slice(8, 10))}.${Number(day.slice(5, 7))}.`;
const FINNISH_WEEKDAYS = ['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su'];

test("a Finnish operator's agenda speaks Finnish, with Finnish dates and numbers", async ({ browser }) => {
  // The plant's staff default to English: the operator chooses Finnish in the top bar.
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Username').fill('operator');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signing in takes its time on a busy machine.
  await expect(page.getByRole('heading', { name: 'Agenda' })).toBeVisible({ timeout: 30_000 });
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/me/language'));
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fi');
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
  await expect(page.getByRole('button', { name: 'Kirjaudu ulos' })).toBeVisible();

  // The week: 'Viikko 47 · 16.11.2026 – 22.11.2026', PREV and NEXT, and each working day as Finnish shortens it.
  const monday = mondayOf(runToday());
  await expect(page.getByText(new RegExp(`^Viikko \\d+ · ${finnishDay(monday).replace(/\./g, '\\.')} – ${finnishDay(addDays(monday, 6)).replace(/\./g, '\\.')}$`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'AIEMM.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'MYÖH.' })).toBeVisible();
  for (let index = 0; index < 5; index++) {
    await expect(page.getByRole('region', { name: `${FINNISH_WEEKDAYS[index]} ${finnishShortDay(addDays(monday, index))}`, exact: true })).toBeVisible();
  }
  for (const button of ['Edellinen viikko', 'Tämä viikko', 'Seuraava viikko']) await expect(page.getByRole('button', { name: button })).toBeVisible();

  // A card: its due day, its progress and its amounts, thousands grouped with a (no-break) space.
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Päivitä tuotettu määrä: / }) }).first();
  await expect(card.getByText(/^Tuotettu \d{1,3}(\s\d{3})* \/ \d{1,3}(\s\d{3})*$/)).toBeVisible();
  await expect(card.getByText(/ · eräpäivä \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await expect(card.getByText(/^\d+\s%$/)).toBeVisible();
  expect(await card.innerText()).toMatch(/\d\s\d{3}/);

  // Its dialog, in Finnish too.
  await card.getByRole('button', { name: /^Päivitä tuotettu määrä: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Päivitä tilausrivin tuotettu määrä' });
  await expect(dialog.getByLabel('Kertynyt määrä')).toHaveText(/^Tuotettu tähän mennessä [\d\s]+ \/ [\d\s]+$/);
  await expect(dialog.getByRole('textbox', { name: 'Tuotettu edellisen kirjauksen jälkeen' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Viimeisimmät kirjaukset' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Peruuta' }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});

/**
 * The demo's data that a screen shows as it is: numbers, days, order and article numbers, companies' and products'
 * names, people; and a day column's title, which the pseudo-locale writes as English does ('Wed 18.11', dates' own).
 */
const DATA = [
  /^[A-Z]{2,3}-[A-Z0-9-]+/,
  /^(PO|E2E)-/,
  / (Oy|AS|AB|SIA)$/,
  /Nordic Springs/,
  /^Demo /,
  / \d+(\.\d+)? L$/,
  /Operator/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{2}\.\d{2}$/,
  // The planner's month and weekday names, which Intl writes (in English for the pseudo-locale), not the catalogue.
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/,
  /^UTC$/,
  /^[A-Z][a-z]+\/[A-Za-z_/-]+$/,
  /@/,
  /^[\d\s.,:%·×→–/()+−-]+$/,
];

/** The main area of the screen at `path`, in the pseudo-locale: every text from the catalogue, nothing cut off. */
async function walk(page: Page, path: string, data: RegExp[] = DATA) {
  await openScreen(page, path);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: PSEUDO })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
  expect(outsideCatalogue(await visibleTexts(page.getByRole('main')), data)).toEqual([]);
  expect(await clipped(page, data)).toEqual([]);
}

/** The open dialog: every text from the catalogue, nothing cut off; closed again with Escape. */
async function walkDialog(page: Page, data: RegExp[] = DATA) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading').filter({ hasText: PSEUDO }).first()).toBeVisible();
  expect(outsideCatalogue(await visibleTexts(dialog), data)).toEqual([]);
  expect(await clipped(page, data)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const viewport of VIEWPORTS) {
  test(`the operator's agenda in the pseudo-locale at ${viewport.width} px: every text from the catalogue, nothing cut off`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'operator', viewport);
    await walk(page, '/');
    await page.getByRole('article').getByRole('button').first().click();
    await walkDialog(page);
    await page.context().close();
  });
}

for (const viewport of VIEWPORTS) {
  test(`the admin's production orders, notification settings and audit log in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'admin', viewport);
    // 'New orders', with an order's items unfolded.
    await walk(page, '/orders');
    await page.getByRole('main').getByRole('row').getByRole('button', { expanded: false }).first().click();
    await expect(page.getByRole('main').getByRole('table').nth(1)).toBeVisible();
    expect(outsideCatalogue(await visibleTexts(page.getByRole('main')), DATA)).toEqual([]);
    expect(await clipped(page, DATA)).toEqual([]);
    await walk(page, '/notifications/settings');
    await walk(page, '/audit');
    await page.context().close();
  });

  test(`the seller's planner and its dialog in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'seller', viewport);
    await walk(page, '/agenda');
    // A card's first button opens one of the planner's dialogs: confirm, add or edit the production order.
    // (The card's text is its drag handle, a button too: the action buttons are Mantine's action icons.)
    const actions = 'button.mantine-ActionIcon-root';
    const card = page.getByRole('main').getByRole('article').filter({ has: page.locator(actions).nth(1) }).first();
    await card.locator(actions).first().click();
    await walkDialog(page);
    await page.context().close();
  });

  test(`the client's weekly order list in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'client', viewport);
    await walk(page, '/orders');
    await page.context().close();
  });
}
