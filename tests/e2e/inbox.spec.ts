import type { Locator, Page } from '@playwright/test';
import { addDays, mondayOf, runNowMs, runToday } from './clock.test-utils.js';
import { withPortalDatabase } from './database.test-utils.js';
import { seriousViolations } from './axe.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';


/** A form field's input by its label (Mantine pickers are inputs whose role varies). */
const field = (scope: Locator | Page, label: string) => scope.locator('input').and(scope.getByLabel(new RegExp(`^${label}`)));
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
const listDate = (day: string) => day.split('-').reverse().join('.');
const monthTitle = (day: string) => new Date(`${day}T12:00:00`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
const bell = (page: Page) => page.getByTestId('notifications-bell');

/** The buyer (Baltic Beverages) orders the seller's Birch Juice bottle, confirmed 'By buyer'; answers the order's id. */
async function buyerOrders(page: Page, orderNo: string, deliverAt: string): Promise<number> {
  await menu(page).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('button', { name: 'New' }).click();
  await field(page, 'Purchase order no').fill(orderNo);
  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new item to order' });
  await field(dialog, 'Deliver at').fill(deliverAt);
  await field(dialog, 'Deliver at').press('Tab');
  await dialog.getByRole('checkbox', { name: 'By buyer' }).check();
  await dialog.getByRole('row', { name: /BB-1000B/ }).click();
  await field(dialog, 'Quantity').fill('12000');
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog).toBeHidden();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/client/orders/save'));
  await page.getByRole('button', { name: 'Save order' }).click();
  const answer = await saved;
  expect(answer.status()).toBe(200);
  await expect(page).toHaveURL(/#\/orders$/);
  return ((await answer.json()) as { id: number }).id;
}

test("the buyer's bell counts up while the seller confirms on the Planner in another browser, and the notification opens the order", async ({ browser }) => {
  const orderNo = `E2E-BELL-${runNowMs()}`;
  const wednesday = addDays(mondayOf(runToday()), 16);

  const buyer = await browser.newPage();
  await signIn(buyer, 'buyer');
  const orderId = await buyerOrders(buyer, orderNo, wednesday);
  // The save's message leaves the header's controls free: the bell is clicked while it shows.
  const savedMessage = buyer.locator('.mantine-Notification-root').filter({ hasText: `Order ${orderNo} saved.` });
  await expect(savedMessage).toBeVisible();
  const message = await savedMessage.boundingBox();
  const header = await buyer.getByRole('banner').boundingBox();
  expect(message && header && message.y >= header.y + header.height).toBe(true);
  // Everything before is read: the count that follows is the seller's confirmation alone.
  await bell(buyer).click();
  const drawer = buyer.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByRole('status', { name: 'Loading notifications' })).toHaveCount(0);
  const markAll = drawer.getByRole('button', { name: 'Mark all read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(markAll).toBeDisabled();
  await buyer.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(bell(buyer)).toHaveAttribute('aria-label', 'Notifications, 0 unread');

  const seller = await browser.newPage();
  await signIn(seller, 'seller');
  await menu(seller).getByRole('link', { name: 'Planner' }).click();
  const months = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  if (months(wednesday) > months(runToday())) await seller.getByRole('button', { name: 'Next' }).click();
  await expect(seller.getByText(monthTitle(wednesday), { exact: true })).toBeVisible();
  const card = seller.getByRole('gridcell', { name: listDate(wednesday), exact: true }).getByRole('article', { name: new RegExp(` ${orderNo}, BB-1000B`) });
  await card.getByRole('button', { name: 'Confirm order' }).click();
  const saved = seller.waitForResponse((response) => response.url().endsWith('/api/client/orders/planner/item/save'));
  await seller.getByRole('dialog', { name: 'Confirm order' }).getByRole('button', { name: 'Confirm' }).click();
  expect((await saved).status()).toBe(200);

  // The buyer's page was not reloaded: the stream brings the count.
  await expect(bell(buyer)).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  await bell(buyer).click();
  const notification = drawer.getByTestId('notification').filter({ hasText: 'Item confirmed by the seller' });
  await expect(notification).toHaveCount(1);
  await expect(notification).toContainText(`Order ${orderNo}`);
  await notification.getByRole('link', { name: `Order ${orderNo}` }).click();
  await expect(buyer).toHaveURL(new RegExp(`#/orders/${orderId}$`));
  await expect(field(buyer, 'Purchase order no')).toHaveValue(orderNo);
  await expect(bell(buyer)).toHaveAttribute('aria-label', 'Notifications, 0 unread');
  await seller.close();
  await buyer.close();
});

test("the admin sees a notification e-mail that failed every retry beside the invoices' failed e-mails, without the credential in its error, and sends it again", async ({ page }) => {
  const at = new Date(runNowMs()).toISOString();
  await withPortalDatabase(async (client) => {
    // A notification e-mail to the buyer whose job failed its last retry (what the dead-letter worker leaves).
    await client.query(`delete from notification_mails where failed_at is not null and sent_at is null`);
    const buyer = await client.query<{ id: string }>(`select id::text from users where username = 'buyer'`);
    const mail = await client.query<{ id: number }>(
      `insert into notification_mails (user_id, digest, created_at, attempts, last_error, failed_at) values ($1, false, $2, 7, $3, $2) returning id`,
      [buyer.rows[0]!.id, at, 'Invalid login: 535 5.7.8 Authentication failed for smtp://***@mail.example:587'],
    );
    await client.query(
      `insert into notifications (user_id, company_id, kind, record_type, record_id, label, fold_key, actor_kind, actor_id, first_sequence, last_sequence, first_at, occurred_at, mail_id)
       values ($1, null, 'order_item.confirmed', 'order_item', '1', 'E2E-MAIL', 'order_item:1', 'system', 'e2e', 0, 0, $2, $2, $3)`,
      [buyer.rows[0]!.id, at, mail.rows[0]!.id],
    );
  });
  await signIn(page, 'admin');
  await menu(page).getByRole('link', { name: 'Invoices' }).click();
  const region = page.getByRole('region', { name: /Notification e-mails not delivered/ });
  const row = region.getByRole('listitem', { name: 'Item confirmed to Bruno Buyer' });
  await expect(row).toContainText('To bruno@');
  await expect(row).toContainText('7 attempts');
  await expect(row).toContainText('Last error: Invalid login: 535 5.7.8 Authentication failed');
  expect(await seriousViolations(page, 'section[aria-labelledby="failed-notification-mails-title"]')).toEqual([]);

  const retried = page.waitForResponse((response) => response.url().endsWith('/api/admin/notifications/mail/retry'));
  await row.getByRole('button', { name: 'Send Item confirmed for Bruno Buyer again' }).click();
  expect((await retried).status()).toBe(200);
  await expect(region).toBeHidden();
});
