import type { Browser, Locator, Page } from '@playwright/test';
import { addDays, mondayOf, runToday } from './clock.test-utils.js';
import { withPortalDatabase } from './database.test-utils.js';
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

/** Pseudo-localised text: accented letters, which plain English has none of. */
const PSEUDO = /[^\u0020-\u007e]/;

/** Text nodes of the element's subtree that a person sees. */
const visibleTexts = (scope: Locator) =>
  scope.evaluateAll((roots) => {
    const texts: string[] = [];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('[aria-hidden="true"], script, style')) continue;
        const box = parent.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        texts.push(text);
      }
    }
    return texts;
  });

/**
 * Pseudo-localised text is accented: a text of plain English letters was not read from the catalogue. Data passes:
 * numbers, dates, article and order numbers, the demo's names of people, companies and products (in the given list).
 */
function outsideCatalogue(texts: string[], data: RegExp[]) {
  return texts.filter((text) => /[A-Za-z]{2}/.test(text) && !PSEUDO.test(text) && !data.some((pattern) => pattern.test(text)));
}

/** Boxes that cut off their own text (a button, a label, a heading too narrow for its pseudo-lengthened words). */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement!;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth}px on ${root.clientWidth}px`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('header *, nav *, main *, [role="dialog"] *'))) {
      const style = getComputedStyle(element);
      if (style.overflowX !== 'hidden' && style.textOverflow !== 'ellipsis') continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden texts for screen readers
      if (element.scrollWidth > element.clientWidth + 1 && element.textContent?.trim()) found.push(`${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 40)}"`);
    }
    return found;
  });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the converted screens in the pseudo-locale at ${viewport.width} px: every text from the catalogue, nothing cut off`, async ({ browser }) => {
    const context = await germanBrowser(browser, viewport);
    await context.addInitScript(() => window.localStorage.setItem('orders-portal.pseudo-locale', 'on'));
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Username').fill('client');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
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
    await context.close();
  });
}
