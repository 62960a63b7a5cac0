import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support.test-utils.js';

const column = (page: Page, title: string) => page.getByRole('region', { name: title });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const listDate = (day: string) => day.split('-').reverse().join('.');

type AcceptedOrder = {
  id: number;
  orderStatus: string;
  orderedAmount: number;
  dueDate: string;
  Preform: { preformName: string; material: string; color: string };
  PreformWarehouse: { warehouseName: string };
};

/**
 * Issue 16: the demo data leaves several preforms short of their buffers (open order items and uncovered forecasts
 * against little stock), so the board suggests supply orders without any seeding. The admin accepts the most urgent
 * one and finds the pending order it made in New; the suggestion is gone.
 */
test('the admin accepts a suggested supply order on the board and finds it in New', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Today overview' })).toBeVisible();
  const suggestion = column(page, 'Suggested').getByRole('article', { name: /^Suggested: / }).first();
  await expect(suggestion).toBeVisible();
  const name = (await suggestion.getAttribute('aria-label'))!;
  await expect(suggestion.getByText(/ zone$/)).toBeVisible();
  await expect(suggestion.getByText(/^net flow -?[\d,]+: [\d,]+ below top of yellow [\d,]+; ordering up to top of green [\d,]+$/)).toBeVisible();

  const accepted = page.waitForResponse((response) => response.url().endsWith('/api/admin/supply/suggestion/accept'));
  await suggestion.getByRole('button', { name: /^Accept / }).click();
  const response = await accepted;
  expect(response.status()).toBe(200);
  const order = (await response.json()) as AcceptedOrder;
  expect(order.orderStatus).toBe('pending');
  const label = `${order.Preform.preformName} - ${order.Preform.material} - ${order.Preform.color}, ${order.orderedAmount.toLocaleString('en-US')} preforms for ${order.PreformWarehouse.warehouseName}, due ${listDate(order.dueDate)}`;
  expect(name).toBe(`Suggested: ${order.Preform.preformName} - ${order.Preform.material} - ${order.Preform.color} at ${order.PreformWarehouse.warehouseName}, ${order.orderedAmount.toLocaleString('en-US')} preforms due ${listDate(order.dueDate)}`);

  await expect(column(page, 'New').getByRole('button', { name: new RegExp(`^${escape(label)}$`) })).toBeVisible();
  await expect(column(page, 'Suggested').getByRole('article', { name })).toHaveCount(0);

  // After a reload too: the order is stored, and the accepted suggestion is not offered again.
  await page.reload();
  await expect(column(page, 'New').getByRole('button', { name: new RegExp(`^${escape(label)}$`) })).toBeVisible();
  await expect(column(page, 'Suggested').getByRole('article', { name })).toHaveCount(0);
});

test("the board's 'Plan' link opens the pair's projection with its weeks and what its requirements are made of", async ({ page }) => {
  await signIn(page, 'admin');
  const suggestion = column(page, 'Suggested').getByRole('article', { name: /^Suggested: / }).first();
  await expect(suggestion).toBeVisible();
  const pair = (await suggestion.getAttribute('aria-label'))!.replace(/^Suggested: /, '').replace(/, [\d,]+ preforms due .*$/, '');
  await suggestion.getByRole('link', { name: /^Plan of / }).click();
  await expect(page).toHaveURL(/#\/supply\/plan\?preformId=\d+&preformWarehouseId=\d+$/);
  const detail = page.getByRole('region', { name: pair });
  await expect(detail.getByRole('table', { name: 'Projection by week' }).getByRole('row')).toHaveCount(14);
  await expect(detail.getByRole('button', { name: 'Accept' })).toBeVisible();
  // the chart: the projected stock against the three zones as bands, their tops named
  await expect(detail.locator('.recharts-reference-area')).toHaveCount(3);
  await expect(detail.getByText(/^Top of yellow [\d,]+$/)).toBeVisible();
  await expect(detail.getByRole('table', { name: 'Open order items' }).or(detail.getByText('No open order items.'))).toBeVisible();
});

/**
 * The plan's table fits an admin's 1440 px screen: no sideways scroll, every column's header in view (the buffer's
 * tops and the suggestion were cut off). On a phone the table may scroll sideways inside its frame, which the
 * keyboard can reach (axe's scrollable-region-focusable).
 */
test('the supply plan table fits 1440 px with every header in view, and scrolls inside a focusable frame on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', '/#/supply/plan');
  const frame = page.getByRole('region', { name: 'Supply plan table' });
  const table = frame.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveText(['Preform', 'Warehouse', 'Zone', 'On hand', 'Incoming', 'Qualified demand', 'Net flow position', 'Top of red', 'Top of yellow', 'Top of green', 'Suggestion']);
  const widths = await frame.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  for (const header of await headers.all()) await expect(header).toBeInViewport({ ratio: 1 });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const { violations } = await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze();
  expect(violations).toEqual([]);
  // The frame itself is in the tab order, after the filters and before the links in it, so the arrow keys scroll it.
  await page.getByRole('switch', { name: 'Count forecasts' }).focus();
  await page.keyboard.press('Tab');
  await expect(frame).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});
