import type { Page } from '@playwright/test';
import { runNowMs } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/**
 * Issue 17, item 4: the GP fills the claim's 8D report (D2 and D4) and saves it; the claim's trace shows the lot of the
 * claimed item and the other order made from the same lot. The data is made through the API, as the portal would get
 * it: a supplier delivery dropped on 'Added to stock' with a lot number (the admin), two orders of Nordic Springs for
 * one product (the client), their produced bottles (the operator), and the client's claim on the first order.
 */

/** Signs `user` in on `page` and answers the bearer token the portal sends (tokens live in the app's memory only). */
async function signInWithToken(page: Page, user: string): Promise<string> {
  let token = '';
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header?.startsWith('Bearer ') && new URL(request.url()).pathname.startsWith('/api/')) token = header;
  });
  await signIn(page, user);
  await expect.poll(() => token).not.toBe('');
  return token;
}

/** A POST to the API as the token's user; the answer's JSON (fails the test on any error answer). */
function caller(page: Page, token: string) {
  return async <T = Record<string, unknown>>(path: string, body: unknown): Promise<T> => {
    const response = await page.request.post(path, { headers: { Authorization: token }, data: body });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** A weekday `days` ahead in the API's UTC days (order items are never due on a weekend), YYYY-MM-DD. */
function weekday(days: number): string {
  const date = new Date(runNowMs() + days * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const field = (page: Page, label: string) => page.locator('textarea').and(page.getByLabel(new RegExp(`^${label}`)));

interface Product {
  id: number;
  preformId: number;
  preformWarehouseId: number;
  defaultSupplyId: number;
  currentPrice: unknown;
  deletedAt: string | null;
}
interface Order {
  id: number;
  orderNo: string;
  ClientProductionOrderItems: { id: number; version: number }[];
}

test("the GP fills D2 and D4 of a claim's 8D report; the claim's trace shows the lot and the other affected order", async ({ page, browser }) => {
  const stamp = runNowMs();
  const adminToken = await signInWithToken(page, 'admin');
  const admin = caller(page, adminToken);
  const clientPage = await browser.newPage();
  const client = caller(clientPage, await signInWithToken(clientPage, 'client'));
  const operatorPage = await browser.newPage();
  const operator = caller(operatorPage, await signInWithToken(operatorPage, 'operator'));

  // Nordic Springs' priced product, its preform and warehouse.
  const clients = await admin<{ rows: { id: string; company: string | null }[] }>('/api/admin/clients/get', {
    pagination: { page: 1, rowsPerPage: 20, sortBy: 'company' },
    filter: { search: 'Nordic' },
  });
  const nordic = clients.rows.find((row) => row.company === 'Nordic Springs AB')!;
  const products = await admin<{ rows: Product[] }>('/api/admin/client/products/get', { clientId: nordic.id });
  const product = products.rows.find((row) => row.currentPrice !== null && row.deletedAt === null)!;
  expect(product).toBeDefined();

  // The supplier's delivery, added to stock with its lot number: the lot.
  const supply = { orderedAmount: 200_000, dueDate: weekday(0), preformId: product.preformId, preformWarehouseId: product.preformWarehouseId, preformSupplyId: product.defaultSupplyId };
  const card = await admin<{ id: number; version: number }>('/api/admin/supply/save', { Order: supply });
  await admin('/api/admin/supply/save', { Order: { ...supply, id: card.id, orderStatus: 'delivered', stock: true, version: card.version, supplierLotNumber: `E2E-${stamp}` } });

  // Two orders of the product, both produced from stock after the delivery.
  const order = (suffix: string) =>
    client<Order>('/api/client/orders/save', {
      Order: { orderNo: `E2E-8D-${suffix}-${stamp}`, closed: 0, ClientProductionOrderItems: [{ clientProductId: product.id, dueDate: weekday(21), plannedAmount: 20_000 }] },
    });
  const claimed = await order('A');
  const other = await order('B');
  for (const made of [claimed, other]) {
    const item = made.ClientProductionOrderItems[0]!;
    await operator('/api/operator/order/item/produced/add', { item: { id: item.id, producedQuantity: 1_000, version: item.version } });
  }
  const claim = await client<{ id: number }>('/api/client/claims/save', {
    Claim: { clientProductId: product.id, clientProductionOrderId: claimed.id, amount: 500, deliveryDate: weekday(0), description: `Black specks in the preform wall, ${stamp}.` },
  });

  // The GP writes D2 (5W2H) and D4 and saves the report.
  await page.goto(`/#/claims/${claim.id}`);
  await expect(page.getByRole('heading', { name: `Claim ${claim.id}` })).toBeVisible();
  const d2 = page.getByRole('group', { name: 'D2 Problem (5W2H)' });
  await d2.getByLabel('What', { exact: true }).fill('Black specks in the preform wall');
  await d2.getByLabel('How many', { exact: true }).fill('500 bottles');
  await field(page, 'D4 Root cause').fill('Degraded PET from the dryer of line 4.');
  await field(page, 'D4 Escape point').fill('The camera did not cover the neck.');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/claims/save'));
  await page.getByRole('button', { name: 'Save report' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/#\/claims$/);

  // Opened again: the report is kept; the trace shows the lot and the other order made from it.
  await page.goto(`/#/claims/${claim.id}`);
  await expect(page.getByRole('group', { name: 'D2 Problem (5W2H)' }).getByLabel('What', { exact: true })).toHaveValue('Black specks in the preform wall');
  await expect(field(page, 'D4 Root cause')).toHaveValue('Degraded PET from the dryer of line 4.');
  const trace = page.getByRole('region', { name: 'Trace' });
  const lots = trace.getByRole('table', { name: 'Lots of the claimed item' });
  await expect(lots.getByRole('row').filter({ hasText: /Lot \d+/ }).first()).toBeVisible();
  const others = trace.getByRole('table', { name: 'Other orders made from these lots' });
  await expect(others.getByRole('row').filter({ hasText: other.orderNo })).toHaveCount(1);
  await expect(others.getByRole('row').filter({ hasText: claimed.orderNo })).toHaveCount(0);

  // D3 filled from the trace lists the other order too.
  await page.getByRole('button', { name: 'Fill from the trace' }).click();
  const affected = page.getByRole('table', { name: "Affected, from the trace of the claimed item's lots" });
  await expect(affected.getByRole('row').filter({ hasText: other.orderNo })).toHaveCount(1);

  await clientPage.close();
  await operatorPage.close();
});
