import { expect, type Page, type Request } from '@playwright/test';

export const DEMO_PASSWORD = 'orders-demo';

/** Signs in through the identity provider's real login page and waits for the portal's shell. */
export async function signIn(page: Page, username: string, path = '/') {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

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
    const marker = `/healthz?after=${Date.now()}`;
    const markerSeen = page.waitForRequest((request) => request.url().endsWith(marker));
    await page.evaluate((url) => fetch(url).then(() => undefined), marker);
    await markerSeen;
    return seen;
  } finally {
    page.off('request', listener);
  }
}
