import type { Locator, Page } from '@playwright/test';
import { dragToColumn, expect, requestsDuring, signIn, test } from './support.test-utils.js';

/** A form field's input by its label (Mantine selects and pickers are inputs whose role varies). */
const field = (scope: Locator, label: string) => scope.locator('input').and(scope.getByLabel(new RegExp(`^${label}`)));
const amountText = (value: number) => value.toLocaleString('en-US');
const column = (page: Page, title: string) => page.getByRole('region', { name: title });
const card = (scope: Page | Locator, amount: number) =>
  scope.getByRole('button', { name: new RegExp(`^PP 19g 38-400 White - PP - White, ${amountText(amount)} preforms for Tallinn`) });

/** Creates a supply order for PP 19g in Tallinn through the dialog (its only supplier is chosen by itself). */
async function createOrder(page: Page, amount: number) {
  await column(page, 'New').getByRole('button', { name: 'Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add supply order' });
  await field(dialog, 'Preform').fill('PP 19');
  await page.getByRole('option', { name: 'PP 19g 38-400 White - PP - White' }).click();
  await field(dialog, 'Warehouse').fill('Tall');
  await page.getByRole('option', { name: 'Tallinn' }).click();
  await expect(field(dialog, 'Supplier')).toHaveValue('Plastipak Iberia');
  await field(dialog, 'Due date').fill('31.12.2027');
  await field(dialog, 'Ordered amount').fill(String(amount));
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/supply/save'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(card(column(page, 'New'), amount)).toBeVisible();
}

/**
 * The Preform stock cell of PP 19g in Tallinn on /warehouses/stock/{id}, opened from the menu: on that page the
 * breadcrumb is a second 'Preform stock' link, and a poll that reads again starts from there.
 */
async function tallinnStock(page: Page): Promise<number> {
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Preform stock' }).click();
  await page.getByRole('row', { name: /Tallinn/ }).click();
  await expect(page).toHaveURL(/#\/warehouses\/stock\/\d+$/);
  await expect(page.getByRole('navigation', { name: /breadcrumb/i }).or(page.locator('.mantine-Breadcrumbs-root'))).toContainText('Tallinn');
  const row = page.getByRole('row', { name: /PP 19g 38-400 White/ });
  if ((await row.count()) === 0) return 0;
  const text = (await row.getByRole('cell').nth(5).textContent()) ?? '';
  return Number(text.replace(/,/g, '') || '0');
}

test('the admin orders preforms, drags the order to Awaiting delivery and Added to stock, and the warehouse stock grows by exactly its amount', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Today overview' })).toBeVisible();

  // the dialog's part 5 messages
  await column(page, 'New').getByRole('button', { name: 'Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add supply order' });
  await expect(field(dialog, 'Supplier')).toHaveAttribute('placeholder', 'Select preform first');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Pick a day.')).toBeVisible();
  await expect(dialog.getByText('Field is required.')).toHaveCount(4);
  await field(dialog, 'Ordered amount').fill('999');
  await field(dialog, 'Due date').focus();
  await expect(dialog.getByText('Field has to be between 1,000 and 10,000,000.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const before = await tallinnStock(page);
  await page.getByRole('link', { name: 'Raw Materials Status' }).click();
  const amount = 1_234_000 + Math.floor(Math.random() * 1000);
  await createOrder(page, amount);

  let saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/supply/save'));
  await dragToColumn(page, card(column(page, 'New'), amount), column(page, 'Awaiting delivery'));
  let response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON().Order).toMatchObject({ orderStatus: 'ordered', stock: false });
  // A moved card stays busy, and cannot be dragged, until the board has reloaded after its save.
  await expect(card(column(page, 'Awaiting delivery'), amount)).toHaveAttribute('aria-disabled', 'false');

  saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/supply/save'));
  // the same watch that proves "nothing sent" below sees this drop's save
  const sent = await requestsDuring(page, '/api/admin/supply/save', async () => {
    await dragToColumn(page, card(column(page, 'Awaiting delivery'), amount), column(page, 'Added to stock'));
    // issue 17: the drop asks first (a delivered card cannot move back); the lot number is optional
    await page.getByRole('dialog', { name: 'Add to stock' }).getByRole('button', { name: 'Add to stock' }).click();
  });
  expect(sent).toHaveLength(1);
  response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON().Order).toMatchObject({ orderStatus: 'delivered', stock: true });
  expect(response.request().postDataJSON().Order).not.toHaveProperty('supplierLotNumber');
  const delivered = card(column(page, 'Added to stock'), amount);
  await expect(delivered).toBeVisible();

  // the card cannot be dragged back: nothing is sent and it stays
  await expect(delivered).toHaveAttribute('aria-disabled', 'true');
  const saves = await requestsDuring(page, '/api/admin/supply/save', () => dragToColumn(page, delivered, column(page, 'New')));
  expect(saves).toEqual([]);
  await expect(card(column(page, 'Added to stock'), amount)).toBeVisible();

  await expect.poll(() => tallinnStock(page)).toBe(before + amount);
});

test('Remove asks first and deletes the order only on Delete', async ({ page }) => {
  await signIn(page, 'admin');
  const amount = 2_000 + Math.floor(Math.random() * 1000);
  await createOrder(page, amount);
  const pending = card(column(page, 'New'), amount);
  await column(page, 'New').getByRole('button', { name: new RegExp(`^Actions for PP 19g.*${amountText(amount)} preforms`) }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete this item?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(pending).toBeVisible();

  await column(page, 'New').getByRole('button', { name: new RegExp(`^Actions for PP 19g.*${amountText(amount)} preforms`) }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const removed = page.waitForResponse((response) => response.url().endsWith('/api/admin/supply/delete'));
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  expect((await removed).status()).toBe(200);
  await expect(pending).toBeHidden();
});

test('the operator fills preform stock: part 5 messages, then a save closes the dialog and the table reloads', async ({ page }) => {
  await signIn(page, 'operator', '/#/stock');
  const fill = page.getByRole('button', { name: 'Fill stock' });
  const first = page.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await expect(fill).toBeDisabled();
  await first.click();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(fill).toBeEnabled();
  await first.click();
  await expect(fill).toBeDisabled();
  await first.click();
  const stockBefore = Number(((await first.getByRole('cell').nth(5).textContent()) ?? '').replace(/,/g, '') || '0');

  await fill.click();
  const dialog = page.getByRole('dialog', { name: 'Fill preform stock' });
  const input = field(dialog, 'Preform stock');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field is required.')).toBeVisible();
  await input.fill('12a');
  await input.blur();
  await expect(dialog.getByText('Field has to be a number.')).toBeVisible();
  await input.fill('10000001');
  await input.blur();
  await expect(dialog.getByText('Field has to be between -10,000,000 and 10,000,000.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible(); // persistent

  await input.fill(' 500 ');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/operator/preform/stock/save'));
  const reloaded = page.waitForResponse((response) => response.url().endsWith('/api/operator/preformstock/get'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ preformStock: 500, method: 'increase' });
  await reloaded;
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').nth(1).getByRole('cell').nth(5)).toHaveText(amountText(stockBefore + 500));
  await expect(fill).toBeDisabled(); // the reload cleared the selection
});

test('the preform dialog: defaults PET, Clear, PCO1810 and the messages of part 5 in their situations', async ({ page }) => {
  await signIn(page, 'admin', '/#/preforms');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New preform' });
  await expect(dialog.getByLabel('Neck')).toHaveValue('PCO1810');
  await expect(dialog.getByLabel('Material')).toHaveValue('PET');
  await expect(dialog.getByLabel('Color')).toHaveValue('Clear');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field is required.').first()).toBeVisible();

  await dialog.getByLabel('Name').fill('PET 33g PCO1810 Blue test');
  await dialog.getByLabel('Weight (g)').fill('200.5');
  await dialog.getByLabel('Quantity per box').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Specify weight between 1 and 200 g.')).toBeVisible();
  await expect(dialog.getByText('Field has to be between 1 and 99,999.')).toBeVisible();

  await dialog.getByLabel('Weight (g)').fill('0.5');
  await dialog.getByLabel('Weight (g)').press('Tab'); // forms validate on touch
  await expect(dialog.getByText('Specify weight between 1 and 200 g.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
