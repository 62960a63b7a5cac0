import { runNowMs } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

test('the demo admin creates a manufacturer, edits it, and sees it listed after a reload', async ({ page }) => {
  // Manufacturers cannot be deleted: a name of this run's own keeps the spec repeatable on the same portal.
  const name = `Zeta Preforms ${runNowMs().toString(36)}`;
  await signIn(page, 'admin');
  await expect(page.getByText('Welcome, Alice Admin')).toBeVisible();
  await page.getByRole('link', { name: 'Manufacturers' }).click();
  await expect(page).toHaveURL(/#\/manufacturers$/);
  await expect(page.getByRole('cell', { name: 'Retal Baltic Films', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New manufacturer' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field is required.').first()).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Lead time (days)').fill('-1');
  await dialog.getByLabel('Boxes per truck').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Specify lead time more then 0.')).toBeVisible();
  await expect(dialog.getByText('Specify quantity more then 0!')).toBeVisible();
  await dialog.getByLabel('Lead time (days)').fill('12');
  await dialog.getByLabel('Boxes per truck').fill('30');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/manufacturer/save'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();

  await page.getByText(name).click();
  const edit = page.getByRole('dialog', { name: 'Edit manufacturer' });
  await edit.getByLabel('Lead time (days)').fill('9');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page).toHaveURL(/#\/manufacturers$/);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('9');
  await expect(row).toContainText('30');
});

test('an unknown path shows the 404 page with Go Home', async ({ page }) => {
  await signIn(page, 'admin', '/#/no-such-screen');
  await expect(page.getByText('Oops. Nothing here...')).toBeVisible();
  await page.getByRole('button', { name: 'Go Home' }).or(page.getByRole('link', { name: 'Go Home' })).click();
  await expect(page).toHaveURL(/#\/$/);
});
