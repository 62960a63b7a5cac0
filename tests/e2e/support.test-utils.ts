import { expect, test as base, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
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

/**
 * The identity provider's session cookies of each user this worker has signed in (each worker has its own portal).
 * A later sign-in of the same user brings them along, as a person's browser does: the identity provider then signs
 * the user in without the form. The form itself is what mfa.spec and the sign-in page's own tests exercise.
 */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['cookies']>>>();

/**
 * Signs in through the identity provider's real login page, or with that user's session there if this worker has one
 * (the form shows again when that session has ended: it is then filled), and waits for the portal's shell (its
 * Logout button, unless `shell` names another sign of it).
 */
export async function signIn(page: Page, username: string, path = '/', shell = page.getByRole('button', { name: 'Logout' })) {
  const known = sessions.get(username);
  if (known) await page.context().addCookies(known);
  await page.goto(path);
  const form = page.getByLabel('Username');
  if (known) await expect(form.or(shell).first()).toBeVisible();
  if (!known || (await form.isVisible())) {
    await form.fill(username);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(shell).toBeVisible();
  sessions.set(username, await page.context().cookies());
}

/** Waits until no animation or transition with an end is running on the page (a loader spins for ever: left out). */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Unfolds a group of the menu, unless it is open, and waits until it has unfolded: its entries move while it does,
 * so a click aimed at one of them meanwhile can land on another entry, or on none.
 */
export async function openMenuGroup(page: Page, group: string) {
  const toggle = page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: group, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The unfolding starts on the next frames; then it is waited for.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await animationsDone(page);
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

/**
 * Drags a board's card onto another column as a hand does; dnd-kit needs real pointer steps: press on the card, nudge
 * past the activation distance, glide, release. The card is centred in the viewport first: a card at the bottom of a
 * long column is otherwise pressed half off-screen, and the glide there never reaches the column. The drop point is
 * across at the card's own height, clamped into the target column (the columns share a grid row, so that point is
 * inside the target and on screen).
 */
export async function dragToColumn(page: Page, card: Locator, target: Locator) {
  await card.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'center' }));
  await card.hover({ position: { x: 20, y: 10 } });
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 20, { steps: 2 });
  const y = Math.min(Math.max(from.y + from.height / 2, to.y + 40), to.y + to.height - 40);
  await page.mouse.move(to.x + to.width / 2, y, { steps: 15 });
  await page.mouse.up();
}
