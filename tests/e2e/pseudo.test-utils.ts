import type { Browser, Locator, Page } from '@playwright/test';
import { expect, signIn } from './support.test-utils.js';

/**
 * The pseudo-locale walk's tools: a screen in the pseudo-locale (accented, lengthened English) shows every text it
 * reads from the catalogue accented, so a plain English text is one written outside it; and a box too narrow for the
 * lengthened words cuts its text off. Each area's walk (languages*.spec.ts) signs in with `pseudoPage` and checks
 * its screens with `outsideCatalogue(await visibleTexts(…))` and `clipped(page)`.
 */

/** The two widths every walk checks: a desk and a phone. */
export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Signs `username` in, in the pseudo-locale, in a browser of its own; close the page's context when done. */
export async function pseudoPage(browser: Browser, username: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', viewport });
  await context.addInitScript(() => window.localStorage.setItem('orders-portal.pseudo-locale', 'on'));
  const page = await context.newPage();
  // The shell's Logout button speaks the pseudo-locale: the top bar is the sign that the shell is there.
  await signIn(page, username, '/', page.getByRole('banner'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
  return page;
}

/**
 * Opens the screen at `path` (a hash route, '/orders' or '/#/orders') in the running app, and waits until nothing of
 * the screen before is left: its main area's headings are marked first, and the route has changed once none of them
 * is there. Loading the page afresh instead would sign in again (tokens live in memory only: the app goes to the
 * identity provider and back), two loads of the app for each screen. The menu stays as it was: on a phone, close it
 * first.
 */
export async function openScreen(page: Page, path: string) {
  const hash = `#${path.replace(/^\/?#/, '')}`;
  if (await page.evaluate((target) => (window.location.hash || '#/') === target, hash)) return;
  await page.locator('main h1, main h2').evaluateAll((headings) => headings.forEach((heading) => heading.setAttribute('data-e2e-left', '')));
  await page.evaluate((target) => (window.location.hash = target), hash);
  await expect(page.locator('main [data-e2e-left]')).toHaveCount(0);
}

/** Pseudo-localised text: accented letters, which plain English has none of. */
export const PSEUDO = /[^\u0020-\u007e]/;

/** Text nodes of the element's subtree that a person sees. */
export const visibleTexts = (scope: Locator) =>
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
export function outsideCatalogue(texts: string[], data: RegExp[]) {
  return texts.filter((text) => /[A-Za-z]{2}/.test(text) && !PSEUDO.test(text) && !data.some((pattern) => pattern.test(text)));
}

/** Boxes that cut off their own text (a button, a label, a heading too narrow for its pseudo-lengthened words). */
export const clipped = async (page: Page, data: RegExp[] = []) => {
  const found = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const boxes: { what: string; text: string }[] = [];
    if (root.scrollWidth > root.clientWidth) boxes.push({ what: `page ${root.scrollWidth}px on ${root.clientWidth}px`, text: '' });
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('header *, nav *, main *, [role="dialog"] *'))) {
      const style = getComputedStyle(element);
      if (style.overflowX !== 'hidden' && style.textOverflow !== 'ellipsis') continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden texts for screen readers
      const text = element.textContent?.trim() ?? '';
      if (element.scrollWidth > element.clientWidth + 1 && text) boxes.push({ what: `${element.tagName.toLowerCase()} "${text.slice(0, 40)}"`, text });
    }
    return boxes;
  });
  // Data a person typed (an order number, a name) may be longer than any box: cutting it off with an ellipsis is the
  // design; a text of the catalogue never is.
  return found.filter(({ text }) => !text || !data.some((pattern) => pattern.test(text))).map(({ what }) => what);
};
