import type { Locator, Page } from '@playwright/test';
import { runNowMs } from './clock.test-utils.js';
import { seriousViolations } from './axe.test-utils.js';
import { dragToColumn, expect, openMenuGroup, signIn, test } from './support.test-utils.js';

/**
 * Traceability: a delivery with a lot number makes a preform lot the admin finds; a produced quantity the operator
 * records is taken first in, first out, from the oldest open lot of its preform in its warehouse; that lot's recall
 * answer lists the client; and the client sees the lot on its order line. axe-core scans each new screen.
 */
test.describe.configure({ mode: 'serial' });


/** A dialog has finished its transition (axe measures colours; a half-faded dialog reports false contrast failures). */
const shown = async (dialog: Locator) => {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
};

const field = (scope: Locator, label: string) => scope.locator('input').and(scope.getByLabel(new RegExp(`^${label}`)));
const column = (page: Page, title: string) => page.getByRole('region', { name: title });
// The demo's AC-1000J (Aqua Converters Oy) is blown from PET 48g preforms of the Tallinn warehouse.
const PREFORM = 'PET 48g 38mm 3-start Clear';
const amount = 60_000 + Math.floor(Math.random() * 1000);
const lotNumber = `E2E-${runNowMs().toString(36).toUpperCase()}`;
const card = (scope: Page | Locator) => scope.getByRole('button', { name: new RegExp(`^${PREFORM} - PET - Clear, ${amount.toLocaleString('en-US')} preforms for Tallinn`) });

/** A client's line that the oldest lot went into, read from its recall answer by the admin, for the client's view. */
let line: { orderNo: string; dueDate: string } | null = null;

test('a delivery with a lot number: the admin drops the card on Added to stock with the lot number and finds the lot', async ({ page }) => {
  await signIn(page, 'admin');
  await column(page, 'New').getByRole('button', { name: 'Order' }).click();
  const order = page.getByRole('dialog', { name: 'Add supply order' });
  await field(order, 'Preform').fill('PET 48');
  await page.getByRole('option', { name: `${PREFORM} - PET - Clear` }).click();
  await field(order, 'Warehouse').fill('Tall');
  await page.getByRole('option', { name: 'Tallinn' }).click();
  await expect(field(order, 'Supplier')).toHaveValue('Alpla Preform Centre');
  await field(order, 'Due date').fill('30.12.2027');
  await field(order, 'Ordered amount').fill(String(amount));
  await order.getByRole('button', { name: 'Save' }).click();
  await expect(order).toBeHidden();
  const ordered = page.waitForResponse((response) => response.url().endsWith('/api/admin/supply/save'));
  await dragToColumn(page, card(column(page, 'New')), column(page, 'Awaiting delivery'));
  expect((await ordered).status()).toBe(200);
  // A moved card stays busy, and cannot be dragged, until the board has reloaded after its save.
  await expect(card(column(page, 'Awaiting delivery'))).toHaveAttribute('aria-disabled', 'false');

  await dragToColumn(page, card(column(page, 'Awaiting delivery')), column(page, 'Added to stock'));
  const confirm = page.getByRole('dialog', { name: 'Add to stock' });
  await shown(confirm);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await confirm.getByRole('textbox', { name: 'Supplier lot number' }).fill(lotNumber);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/supply/save'));
  await confirm.getByRole('button', { name: 'Add to stock' }).click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON().Order).toMatchObject({ orderStatus: 'delivered', stock: true, supplierLotNumber: lotNumber });
  await expect(card(column(page, 'Added to stock'))).toContainText(`Lot ${lotNumber}`);

  // the Lots screen finds it by its lot number
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await openMenuGroup(page, 'Traceability');
  await menu.getByRole('link', { name: 'Lots', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Preform lots', level: 2 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Supplier lot number' }).fill(lotNumber);
  const row = page.getByRole('row', { name: new RegExp(lotNumber) });
  await expect(row).toContainText(PREFORM);
  await expect(row).toContainText('Tallinn');
  await expect(row).toContainText('Alpla Preform Centre');
  await expect(row).toContainText(amount.toLocaleString('en-US'));
  expect(await seriousViolations(page)).toEqual([]);
  await row.click();
  await expect(page.getByRole('heading', { name: `Lot ${lotNumber}`, level: 2 })).toBeVisible();
  await expect(page.getByText('No client got bottles from this lot yet.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lot', exact: true })).toContainText(`${amount.toLocaleString('en-US')} preforms`);
});

/** The lot FIFO takes from, noted before the operator records: its name as the lists show it. */
let oldest = '';

test('a produced quantity the operator records is taken first in, first out: from the oldest open lot of its preform there, whose recall answer then lists the client', async ({ browser }) => {
  // Each face in its own context (axe needs a page of a context, and the two sign-ins must not share storage).
  const adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signIn(page, 'admin', '/#/lots');
  await expect(page.getByRole('heading', { name: 'Preform lots', level: 2 })).toBeVisible();
  const filters = page.getByRole('main');
  await field(filters, 'Preform').fill('PET 48');
  await page.getByRole('option', { name: PREFORM }).click();
  await field(filters, 'Warehouse').click();
  await page.getByRole('option', { name: 'Tallinn' }).click();
  // Open lots (the default), oldest delivery first.
  const sorted = page.waitForResponse((response) => response.url().endsWith('/api/admin/lots/get') && response.request().postDataJSON()?.pagination?.descending === false);
  await page.getByRole('button', { name: /^Delivered Sorted/ }).click();
  await sorted;
  const first = filters.locator('tbody tr').first();
  await expect(first).toContainText('Tallinn');
  oldest = ((await first.getByRole('link').textContent()) ?? '').trim();
  expect(oldest).not.toBe('');
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 2 }).filter({ hasText: oldest.replace(/ \(no lot number\)$/, '') })).toBeVisible();
  const consumed = page.getByRole('region', { name: 'Lot', exact: true }).getByText(/^[\d,]+ preforms$/).nth(1);
  const before = Number(((await consumed.textContent()) ?? '0').replace(/\D/g, ''));

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signIn(operator, 'operator');
  await expect(operator.getByRole('heading', { name: 'Agenda' })).toBeVisible();
  await operator.getByRole('button', { name: /^Update produced quantity of \S+ AC-1000J$/ }).first().click();
  const dialog = operator.getByRole('dialog', { name: 'Update order item produced quantity' });
  await dialog.getByRole('textbox', { name: 'Produced since the last entry' }).fill('1000');
  const recorded = operator.waitForResponse((response) => response.url().endsWith('/api/operator/order/item/produced/add'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await recorded).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await operatorContext.close();

  // The oldest lot gave the 1,000 bottles' preforms (all of them, or what it had left), and its recall lists Aqua.
  await page.reload();
  await expect.poll(async () => Number(((await consumed.textContent()) ?? '0').replace(/\D/g, ''))).toBeGreaterThan(before);
  const aqua = page.getByRole('region', { name: 'Open orders to stop' }).getByRole('article', { name: 'Aqua Converters Oy' });
  await expect(aqua.getByText(/^[\d,]+ items?, [\d,]+ bottles from the lot$/)).toBeVisible();
  await aqua.getByRole('button', { name: 'Show items' }).click();
  const item = aqua.getByRole('row').filter({ hasText: 'AC-1000J' }).first();
  await expect(item).toBeVisible();
  line = { orderNo: (await item.getByRole('cell').nth(0).textContent())!, dueDate: (await item.getByRole('cell').nth(3).textContent())! };
  expect(await seriousViolations(page)).toEqual([]);

  // the item's production records name the lot
  await item.getByRole('button', { name: /^Production records of / }).click();
  const records = page.getByRole('dialog', { name: /^Production records of / });
  await shown(records);
  await expect(records.getByRole('row').filter({ hasText: 'Oscar Operator' }).first()).toContainText(oldest);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await adminContext.close();
});

test('the client sees the lot on its order line', async ({ page }) => {
  expect(line).not.toBeNull();
  await signIn(page, 'seller', '/#/orders');
  await page.getByRole('row', { name: new RegExp(line!.orderNo) }).first().click();
  await expect(page.getByRole('heading', { name: `Order ${line!.orderNo}` })).toBeVisible();
  await page.getByRole('button', { name: `Details of AC-1000J, ${line!.dueDate}` }).click();
  const drawer = page.getByRole('dialog', { name: `Line AC-1000J, ${line!.dueDate}` });
  await shown(drawer);
  await expect(drawer.getByRole('region', { name: 'Preform lots' })).toContainText(oldest.replace(/ \(no lot number\)$/, ''));
  await expect(drawer.getByRole('region', { name: 'Preform lots' })).toContainText('Alpla Preform Centre');
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: `History of AC-1000J, ${line!.dueDate}` })).toBeVisible();
});
