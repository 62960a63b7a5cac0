import type { Page } from '@playwright/test';
import { runNow } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/**
 * The client's statistics on the seeded demo data: Nordic Springs has half a year of production (an item per
 * product and weekday, planner.seed.ts). The screens only read, so no data is changed for the other specs.
 */
const SPRING = 'NS-0500 - Spring Water 0.5 L';

const call = (page: Page, path: string) => page.waitForResponse((response) => response.url().endsWith(`/api/client/${path}`));
const pad = (value: number) => String(value).padStart(2, '0');

test('performance dashboard: produced quantities with the Yesterday marker, and the order fill-rate heatmap', async ({ page }) => {
  const firstChart = call(page, 'apex/get');
  await signIn(page, 'client', '/#/stats/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Clara Client' })).toBeVisible();
  expect((await firstChart).status()).toBe(200);

  // 1M over all products: the area chart is drawn with its 'Yesterday' marker.
  await expect(page.getByText(/bottles produced$/)).toBeVisible();
  await expect(page.locator('.recharts-reference-line').getByText('Yesterday')).toBeVisible();

  // The product filter asks for one product; 6M widens the period.
  await page.getByRole('combobox', { name: 'Product' }).click();
  const oneProduct = page.waitForRequest((request) => request.url().endsWith('/api/client/apex/get') && request.postDataJSON().productId !== 0);
  await page.getByRole('option', { name: SPRING }).click();
  await oneProduct;
  const sixMonths = call(page, 'apex/get');
  await page.getByText('6M', { exact: true }).click();
  expect((await sixMonths).request().postDataJSON()).toMatchObject({ endOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  await expect(page.getByText(/bottles produced$/)).toBeVisible();

  // The fill-rate heatmap of the current month: a row per product, cells whose tooltip shows Planned and Produced.
  const heatmap = call(page, 'charts/fillRateDate/get');
  await page.getByRole('tab', { name: 'Order Fill Rate' }).click();
  const now = runNow();
  expect((await heatmap).request().postDataJSON()).toEqual({ month: `${now.getFullYear()}-${pad(now.getMonth() + 1)}` });
  for (const label of ['none', 'Bad', 'Medium', 'Good']) {
    await expect(page.getByRole('list', { name: 'Fill rate legend' }).getByText(label, { exact: true })).toBeVisible();
  }
  const planned = page.getByRole('img', { name: new RegExp(`^${SPRING}, .*Planned `) }).first();
  await planned.hover();
  await expect(page.getByText(/^Planned [\d,]+, Produced [\d,]+$/)).toBeVisible();
});

test('production quantities: a bar per article in the default period; clicking a bar shows its sparkline and period total', async ({ page }) => {
  const totals = call(page, 'stats/orders/quantities');
  await signIn(page, 'client', '/#/stats/production-quantity');
  await expect(page.getByRole('heading', { name: 'Production quantities' })).toBeVisible();
  const now = runNow();
  expect((await totals).request().postDataJSON()).toEqual({
    period: { from: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`, to: `${now.getFullYear()}-12-31` },
  });
  await expect(page.getByLabel('Period')).toHaveText(`${pad(now.getMonth() + 1)}.01.${now.getFullYear()} – 12.31.${now.getFullYear()}`);

  // From the 1st three months back to the 28th of this month takes in the seeded history: one bar per article.
  const wider = call(page, 'stats/orders/quantities');
  const day = (date: number) => page.locator('[data-month-level] button:not([data-outside])').filter({ hasText: new RegExp(`^${date}$`) });
  await page.getByLabel('Period').click();
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Previous month' }).click();
  await day(1).click();
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next month' }).click();
  await day(28).click();
  expect((await wider).status()).toBe(200);
  const bars = page.locator('.recharts-bar-rectangle');
  await expect(bars.first()).toBeVisible();
  await expect(page.locator('.recharts-yAxis').getByText(SPRING)).toBeVisible();

  const detail = call(page, 'stats/orders/quantitiesdetailed');
  const springIndex = await page.locator('.recharts-yAxis .recharts-cartesian-axis-tick').evaluateAll(
    (ticks, name) => ticks.findIndex((tick) => tick.textContent === name),
    SPRING,
  );
  await bars.nth(springIndex).click();
  expect((await detail).status()).toBe(200);
  // The clicked bar stands out from the others.
  await expect(bars.nth(springIndex).locator('path')).toHaveAttribute('fill', 'var(--mantine-color-blue-8)');
  await expect(bars.nth(springIndex === 0 ? 1 : 0).locator('path')).toHaveAttribute('fill', 'var(--mantine-color-blue-3)');
  const card = page.getByRole('region', { name: SPRING });
  await expect(card.getByText('Period total')).toBeVisible();
  await expect(card.getByText(/^\d{1,3}(,\d{3})+$/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue(SPRING);
});

test("delivery: the client's on-time-in-full, fill rate and forecast accuracy over the last twelve months, each with what it is made of", async ({ page }) => {
  const figures = call(page, 'stats/delivery/get');
  await signIn(page, 'client', '/#/stats/delivery');
  await expect(page.getByRole('heading', { name: 'Delivery', level: 2 })).toBeVisible();
  const answer = await figures;
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  await expect(page.getByText(/^[\d,]+ of [\d,]+ items due were produced in full by their due day$/)).toBeVisible();
  await expect(page.getByText(`${body.onTimeInFull.toLocaleString('en-US')} of ${body.items.toLocaleString('en-US')} items due were produced in full by their due day`)).toBeVisible();
  if (body.months.length > 0) await expect(page.getByRole('region', { name: 'Trend per month' }).locator('.recharts-line').first()).toBeVisible();
  const products = page.getByRole('region', { name: 'Forecast, ordered and produced per product' });
  await expect(products).toBeVisible();
  if (body.products.length > 0) await expect(products.getByRole('row')).toHaveCount(body.products.length + 1);
});

test("delivery performance: the admin sees every client ranked worst first, and opens one client's figures", async ({ page }) => {
  const ranking = page.waitForResponse((response) => response.url().endsWith('/api/admin/stats/delivery/get'));
  await signIn(page, 'admin', '/#/delivery');
  await expect(page.getByRole('heading', { name: 'Delivery performance', level: 2 })).toBeVisible();
  const body = await (await ranking).json();
  expect(body.clients.length).toBeGreaterThan(0);
  const clients = page.getByRole('region', { name: 'Clients' });
  await expect(clients.getByRole('row')).toHaveCount(body.clients.length + 1);
  const first = body.clients[0].company as string;
  const detail = page.waitForResponse((response) => response.url().endsWith('/api/admin/stats/delivery/get') && response.request().postDataJSON().clientId !== undefined);
  await clients.getByRole('button', { name: first }).click();
  expect((await detail).status()).toBe(200);
  await expect(page.getByRole('region', { name: `Delivery of ${first}` }).getByText(/items due were produced in full by their due day$/)).toBeVisible();
});
