import { readFile } from 'node:fs/promises';
import { runToday } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';


test("the admin's 'New orders': every client's orders, a row opens its items, the selected orders download as PO-{YYMMDD}.pdf", async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Production orders' }).click();
  await expect(page).toHaveURL(/#\/orders$/);
  await expect(page.getByRole('heading', { name: 'New orders' })).toBeVisible();
  const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  expect(headers).toEqual(['Progress', 'Client', 'Order number', 'Articles', 'Period', 'Created at']);
  const rows = page.locator('tbody tr').filter({ has: page.getByRole('button', { name: /^Items of / }) });
  await expect(rows).toHaveCount(10);

  const first = rows.first();
  const orderNo = (await first.getByRole('cell').nth(3).innerText()).trim();
  await first.getByRole('cell').nth(3).click();
  await expect(first.getByRole('button', { name: `Items of ${orderNo}` })).toHaveAttribute('aria-expanded', 'true');
  const items = page.getByRole('table', { name: `Items of ${orderNo}` });
  await expect(items).toBeVisible();
  await expect(items.getByRole('columnheader')).toHaveText(['Article no.', 'Title', 'Deliver at', 'Planned', 'Produced', 'Progress']);

  const download = page.getByRole('button', { name: 'Download PDF' });
  await expect(download).toBeDisabled();
  await first.getByRole('checkbox').check();
  const file = page.waitForEvent('download');
  await download.click();
  const today = runToday();
  const pdf = await file;
  expect(pdf.suggestedFilename()).toBe(`PO-${today.slice(2, 4)}${today.slice(5, 7)}${today.slice(8, 10)}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
});
