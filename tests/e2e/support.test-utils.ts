import { expect, test as base, type Page, type Request } from '@playwright/test';
import { runNowMs } from './clock.test-utils.js';

export { expect };

/**
 * Playwright's `test` with every browser context on the run's pinned clock (clock.ts): its pages' Date starts at the
 * run's current instant and runs on from there, as the portal's clock does. `install` rather than `setFixedTime`: a
 * fixed Date would stop the web app's session loop counting down the access token and the idle time, so the token
 * would never be refreshed. Set on the worker's browser, so that the `page` and `context` fixtures and the contexts a
 * spec opens itself (`browser.newContext()`, `browser.newPage()`, for a second user) all get it.
 */
export const test = base.extend({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await context.clock.install({ time: runNowMs() });
        return context;
      };
      await use(browser);
      browser.newContext = newContext;
    },
    { scope: 'worker' },
  ],
});

export const DEMO_PASSWORD = 'orders-demo';

/** Signs in through the identity provider's real login page and waits for the portal's shell. */
export async function signIn(page: Page, username: string, path = '/') {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Numbers the marker requests of requestsDuring. */
let markers = 0;

/**
 * The requests to a URL ending in `urlEnd` that `action` makes the page send. A save starts in the handler of the
 * drop or click itself, so once a request the page sends after `action` has been seen, every request of `action`
 * has been seen too: the answer comes from an observed request, not from waiting a while.
 */
export async function requestsDuring(page: Page, urlEnd: string, action: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (request: Request) => {
    if (request.url().endsWith(urlEnd)) seen.push(`${request.method()} ${request.url()}`);
  };
  page.on('request', listener);
  try {
    await action();
    const marker = `/healthz?after=${(markers += 1)}`;
    const markerSeen = page.waitForRequest((request) => request.url().endsWith(marker));
    await page.evaluate((url) => fetch(url).then(() => undefined), marker);
    await markerSeen;
    return seen;
  } finally {
    page.off('request', listener);
  }
}
