import type { APIRequestContext, Page } from '@playwright/test';
import { runNowMs } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/**
 * API clients on the demo data: the admin makes one for Nordic Springs on the API clients screen (the secret
 * shown once), a system signs in with it (client credentials) and reads the company's orders; after the admin revokes
 * it, the same token is refused at once and no new one is given.
 */
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

async function tokenRequest(request: APIRequestContext, clientId: string, secret: string) {
  return request.post('/idp/token', {
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  });
}

test('the admin makes an API client, a system signs in with its secret, and revoking it refuses the system at once', async ({ page, request }) => {
  await signIn(page, 'admin');
  await menu(page).getByRole('link', { name: 'API clients', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'API clients' })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API client' });
  const name = `E2E ERP ${runNowMs() % 100_000}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Acts for' }).click();
  await page.getByRole('option', { name: 'Nordic Springs AB' }).click();
  await dialog.getByRole('radio', { name: 'client' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();

  const made = page.getByRole('dialog', { name: 'API client made' });
  await expect(made.getByText('Copy the secret now')).toBeVisible();
  const [clientId, secret] = (await made.locator('pre').allInnerTexts()).map((text) => text.trim());
  expect(clientId).toMatch(/^ac_/);
  expect(secret).toMatch(/^cs_/);
  await made.getByRole('button', { name: 'Done' }).click();
  await expect(made).toBeHidden();
  const row = page.getByRole('table', { name: 'API clients' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Nordic Springs AB');
  await expect(page.getByText(secret!)).toHaveCount(0);

  const answer = await tokenRequest(request, clientId!, secret!);
  expect(answer.status(), await answer.text()).toBe(200);
  const token = ((await answer.json()) as { access_token: string }).access_token;
  const orders = await request.post('/api/client/orders/filter', { headers: { Authorization: `Bearer ${token}` }, data: { pagination: { page: 1, rowsPerPage: 10 } } });
  expect(orders.status(), await orders.text()).toBe(200);

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API client' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();

  const refused = await request.post('/api/client/orders/filter', { headers: { Authorization: `Bearer ${token}` }, data: { pagination: { page: 1, rowsPerPage: 10 } } });
  expect(refused.status()).toBe(401);
  expect((await tokenRequest(request, clientId!, secret!)).status()).toBe(401);
});
