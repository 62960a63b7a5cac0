import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support.js';

/** A phone's screen: 390 × 844 CSS pixels (part 2.4's client face on a phone). */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function expectNoHorizontalOverflow(page: Page) {
  const size = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(size.scrollWidth, `page is ${size.scrollWidth}px wide on a ${size.clientWidth}px screen`).toBeLessThanOrEqual(size.clientWidth);
  // Nor inside the page: no visible box (a table's scroll area, say) that scrolls sideways.
  const sideways = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main *'))
      .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`),
  );
  expect(sideways).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('on a phone the client reads the portfolio, the orders list and an order without sideways scrolling', async ({ page }) => {
  await signIn(page, 'client');
  await expect(page.getByRole('heading', { name: 'Nordic Springs AB' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'portfolio');

  await page.goto('/#/orders');
  await expect(page.getByRole('heading', { name: 'Weekly order list' })).toBeVisible();
  const cards = page.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: /^Select order / }) });
  await expect(cards.first()).toBeVisible();
  // Every order shows its articles and its created date, labelled, in full.
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const card = cards.nth(index);
    await expect(card.getByText('Articles', { exact: true })).toBeVisible();
    await expect(card.getByText(/^[A-Z]+-\d+(, [A-Z]+-\d+)*$/)).toBeVisible();
    await expect(card.getByText('Created at', { exact: true })).toBeVisible();
    await expect(card.getByText(/^\d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  }
  // The seeded order of the product in production this week is highlighted on the phone too.
  await expect(cards.filter({ hasText: 'NS-2026-031' })).toHaveAttribute('data-work-in-progress', 'true');
  await expectNoHorizontalOverflow(page);
  await shot(page, 'orders');

  await cards.filter({ hasText: 'NS-2026-031' }).getByRole('button').click();
  await expect(page.getByRole('heading', { name: 'Order NS-2026-031' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select item / }).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'order-editor');
});

test('on a phone the client reads its invoices and plans a forecast without sideways scrolling', async ({ page }) => {
  await signIn(page, 'client');
  await page.goto('/#/documents');
  await expect(page.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  const invoice = page.getByRole('button', { name: /^INV-/ }).first();
  await expect(invoice).toContainText('Amount');
  await invoice.click();
  await expect(invoice).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Download Invoice' })).toBeEnabled();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'invoices');

  await page.goto('/#/planning/new');
  await expect(page.getByRole('columnheader', { name: 'Article no. / Title' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'forecast-editor');
});
