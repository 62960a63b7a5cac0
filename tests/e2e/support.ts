import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'orders-demo';

/** Signs in through the identity provider's real login page and waits for the portal's shell. */
export async function signIn(page: Page, username: string, path = '/') {
  await page.goto(path);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}
