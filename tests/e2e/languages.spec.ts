import type { Browser, Locator, Page } from '@playwright/test';
import { addDays, mondayOf, runToday } from './clock.test-utils.js';
import { withPortalDatabase } from './database.test-utils.js';
import { clipped, outsideCatalogue, PSEUDO, pseudoPage, visibleTexts, VIEWPORTS } from './pseudo.test-utils.js';
import { DEMO_PASSWORD, expect, test } from './support.test-utils.js';

/**
 * The portal in its users' languages (issue 43): a Swedish client's order editor in Swedish with Swedish dates and
 * numbers, a change of language without signing out, and a walk over the converted screens in the pseudo-locale
 * (accented English) that finds text outside the catalogue and anything cut off at 1440 and 390 px.
 */

/** Wednesday of next week as YYYY-MM-DD: a weekday the 'Deliver at' picker always offers. */
const nextWednesday = () => addDays(mondayOf(runToday()), 9);
const field = (scope: Locator | Page, label: string) => scope.locator('input').and(scope.getByLabel(new RegExp(`^${label}`)));

// Only this spec chooses languages: each test starts with nobody having chosen one, as the demo starts.
test.beforeEach(async () => {
  await withPortalDatabase((client) => client.query('delete from user_languages'));
});
test.afterAll(async () => {
  await withPortalDatabase((client) => client.query('delete from user_languages'));
});

/** Signs in through the identity provider's login page and waits for the shell, in whatever language it speaks. */
async function signInAs(page: Page, username: string, logout: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: logout })).toBeVisible();
}

/** A browser whose languages the portal does not have (German): the company's language decides. */
const germanBrowser = (browser: Browser, viewport = { width: 1440, height: 900 }) => browser.newContext({ locale: 'de-DE', viewport });

test("a Swedish client's order editor speaks Swedish, with Swedish dates and numbers, by the company's default", async ({ browser }) => {
  const context = await germanBrowser(browser);
  const page = await context.newPage();
  await signInAs(page, 'client', 'Logga ut');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await expect(page.getByRole('combobox', { name: 'Språk' })).toHaveValue('sv');

  await page.goto('/#/orders/new');
  await expect(page.getByRole('heading', { name: 'Ny order' })).toBeVisible();
  await expect(page.getByText('Lägg till rader')).toBeVisible();
  await page.getByRole('button', { name: 'Spara order' }).click();
  await expect(page.getByText('Ange ordernummer.')).toBeVisible();

  await page.getByRole('button', { name: 'Lägg till rad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ny rad i ordern' });
  await expect(field(dialog, 'Leveransdag')).toHaveAttribute('placeholder', 'ÅÅÅÅ-MM-DD');
  const deliverAt = nextWednesday();
  await field(dialog, 'Leveransdag').fill(deliverAt);
  await field(dialog, 'Leveransdag').press('Tab');
  await dialog.getByRole('row', { name: /NS-0330/ }).click();
  await field(dialog, 'Kvantitet').fill('999');
  await dialog.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(dialog.getByText('Minsta orderkvantitet - 1000.')).toBeVisible();
  await field(dialog, 'Kvantitet').fill('12500');
  await dialog.getByRole('button', { name: 'Fortsätt' }).click();
  await expect(dialog).toBeHidden();
  // Swedish writes a day as ISO 8601 and groups thousands with a (no-break) space.
  await expect(page.getByRole('row', { name: new RegExp(`NS-0330.*12\\s500.*${deliverAt}`) })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Leveransdag' })).toBeVisible();
  await context.close();
});

test('a person switches language without signing out, and the choice is kept for the next visit', async ({ browser }) => {
  const context = await germanBrowser(browser);
  const page = await context.newPage();
  await signInAs(page, 'client', 'Logga ut');
  await page.goto('/#/orders/new');
  await expect(page.getByRole('heading', { name: 'Ny order' })).toBeVisible();

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/me/language'));
  await page.getByRole('combobox', { name: 'Språk' }).selectOption('fi');
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Uusi tilaus' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kirjaudu ulos' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');

  // The person's own choice outranks the company's language the next time too.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Uusi tilaus' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Kieli' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await context.close();
});

for (const viewport of VIEWPORTS) {
  test(`the converted screens in the pseudo-locale at ${viewport.width} px: every text from the catalogue, nothing cut off`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'client', viewport);
    const data = [/^NS-[\d-]+/, /Nordic Springs/, /^Demo /, /Spring Water/, /^(PO|E2E)-/, /^[\d\s.,:%·×→–/()-]+$/];

    // The shell: the top bar, and the menu (on a phone behind the menu button).
    await expect(page.getByRole('banner')).toBeVisible();
    expect(outsideCatalogue(await visibleTexts(page.getByRole('banner')), data)).toEqual([]);
    if (viewport.width < 500) await page.getByRole('banner').getByRole('button').first().click();
    const nav = page.getByRole('navigation');
    await expect(nav).toBeVisible();
    expect(outsideCatalogue(await visibleTexts(nav), data)).toEqual([]);
    expect(await clipped(page)).toEqual([]);

    // The order editor and its item dialog (loaded afresh: on a phone the menu, open above, covers the page).
    await page.goto('/#/orders/new');
    await page.reload();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: PSEUDO })).toBeVisible();
    expect(outsideCatalogue(await visibleTexts(page.getByRole('main')), data)).toEqual([]);
    expect(await clipped(page)).toEqual([]);
    await page.getByRole('main').getByRole('button').filter({ hasText: PSEUDO }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('table')).toBeVisible();
    await expect(dialog.getByRole('row', { name: /NS-0330/ })).toBeVisible();
    expect(outsideCatalogue(await visibleTexts(dialog), data)).toEqual([]);
    expect(await clipped(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // An unknown path: the 404 page.
    await page.goto('/#/no-such-page');
    await expect(page.getByRole('main').getByRole('heading', { name: '404' })).toBeVisible();
    expect(outsideCatalogue(await visibleTexts(page.getByRole('main')), data)).toEqual([]);
    await page.context().close();
  });
}
