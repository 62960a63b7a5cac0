import type { Locator, Page } from '@playwright/test';
import { addDays, mondayOf, runNowMs, runToday } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/** A form field's input by its label (Mantine pickers are inputs whose role varies). */
const field = (scope: Locator | Page, label: string) => scope.locator('input').and(scope.getByLabel(new RegExp(`^${label}`)));
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

/** Wednesday of next week as YYYY-MM-DD: a weekday the 'Deliver at' picker always offers. */
const nextWednesday = () => addDays(mondayOf(runToday()), 9);
const listDate = (iso: string) => iso.split('-').reverse().join('.');

const saved = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/client/orders/save'));

test("a client places an order in the 'Weekly order list', changes its quantity, and deletes it again", async ({ page }) => {
  await signIn(page, 'client');
  await menu(page).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Weekly order list' })).toBeVisible();

  // The seeded order of the product in production this week is highlighted; an invoiced order cannot be deleted.
  await expect(page.getByRole('row', { name: /NS-2026-031/ })).toHaveAttribute('data-work-in-progress', 'true');
  const invoiced = page.getByRole('row', { name: /PO-26-0080/ });
  await invoiced.getByRole('checkbox').check();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeDisabled();
  await invoiced.getByRole('checkbox').uncheck();

  await page.getByRole('button', { name: 'New' }).click();
  await expect(page).toHaveURL(/#\/orders\/new$/);
  await expect(page.getByText('Please add items')).toBeVisible();
  await page.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('Provide order number.')).toBeVisible();
  await expect(page.getByText('Provide at least one production order line.')).toBeVisible();

  const orderNo = `E2E-${runNowMs()}`;
  const deliverAt = nextWednesday();
  await field(page, 'Purchase order no').fill(orderNo);
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new item to order' });
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByText('Pick a day.')).toBeVisible();
  await expect(dialog.getByText('Pick one item.')).toBeVisible();
  await field(dialog, 'Deliver at').fill(deliverAt);
  await field(dialog, 'Deliver at').press('Tab'); // closes the calendar
  await dialog.getByRole('row', { name: /NS-0330/ }).click();
  await expect(dialog.getByRole('radio', { name: 'NS-0330 Spring Water 0.33 L' })).toBeChecked();
  await field(dialog, 'Quantity').fill('999');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByText('MOQ - 1000.')).toBeVisible();
  await field(dialog, 'Quantity').fill('12000');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog).toBeHidden();
  const item = page.getByRole('row', { name: new RegExp(`NS-0330.*12,000.*${listDate(deliverAt)}`) });
  await expect(item).toBeVisible();

  let save = saved(page);
  await page.getByRole('button', { name: 'Save order' }).click();
  let response = await save;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON().Order).toMatchObject({
    orderNo,
    closed: 0,
    ClientProductionOrderItems: [{ dueDate: deliverAt, plannedAmount: 12000 }],
  });
  await expect(page).toHaveURL(/#\/orders$/);
  const row = page.getByRole('row', { name: new RegExp(orderNo) });
  await expect(row).toContainText('NS-0330');
  await expect(row).toContainText('0%');

  // Open it, change the quantity; leaving unsaved asks first.
  await row.click();
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible();
  await page.getByRole('row', { name: /NS-0330/ }).click();
  await field(dialog, 'Quantity').fill('15000');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('row', { name: /NS-0330.*15,000/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/#\/orders\/\d+$/);
  save = saved(page);
  await page.getByRole('button', { name: 'Save order' }).click();
  response = await save;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON().Order.ClientProductionOrderItems).toEqual([
    expect.objectContaining({ id: expect.any(Number), version: expect.any(Number), plannedAmount: 15000 }),
  ]);
  await expect(page).toHaveURL(/#\/orders$/);
  await page.getByRole('row', { name: new RegExp(orderNo) }).click();
  await expect(page.getByRole('row', { name: /NS-0330.*15,000/ })).toBeVisible();

  // The item's history (issue 17): created, then the quantity changed, each by Clara Client.
  await page.getByRole('button', { name: `History of NS-0330, ${listDate(deliverAt)}` }).click();
  const history = page.getByRole('dialog', { name: `History of NS-0330, ${listDate(deliverAt)}` });
  await expect(history.getByText(`Created: 12,000 to deliver at ${listDate(deliverAt)}`)).toBeVisible();
  await expect(history.getByText('Quantity 12,000 → 15,000')).toBeVisible();
  await expect(history.getByText(/Clara Client/)).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Delete it again (asks first), leaving the demo data as it was.
  await page.getByRole('row', { name: new RegExp(orderNo) }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const deleted = page.waitForResponse((answer) => answer.url().endsWith('/api/client/orders/delete'));
  await page.getByRole('dialog', { name: 'Delete orders' }).getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByRole('row', { name: new RegExp(orderNo) })).toHaveCount(0);
});

test("a buyer sees 'Produced at' and the confirmations 'By buyer' and a read-only 'By seller'", async ({ page }) => {
  await signIn(page, 'buyer');
  await menu(page).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('row', { name: /BB-2026-014/ }).click();
  await expect(page.getByRole('heading', { name: 'Order BB-2026-014' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Produced at' })).toBeVisible();
  const items = page.locator('tbody tr');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: /Not planned|\d{2}\.\d{2}\.\d{4}.*\d{2}\.\d{2}\.\d{4}/ })).toHaveCount(2);
  await items.first().click();
  const dialog = page.getByRole('dialog', { name: 'Add new item to order' });
  await expect(dialog.getByRole('checkbox', { name: 'By buyer' })).toBeEnabled();
  await expect(dialog.getByRole('checkbox', { name: 'By seller' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/#\/orders$/);
});
