import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signIn } from './support.js';

const two = (value: number) => String(value).padStart(2, '0');

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
  const today = new Date();
  const pdf = await file;
  expect(pdf.suggestedFilename()).toBe(`PO-${two(today.getFullYear() % 100)}${two(today.getMonth() + 1)}${two(today.getDate())}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
});
