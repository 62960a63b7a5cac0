import { expect, test, type Locator } from '@playwright/test';
import { signIn } from './support.js';

const produced = async (card: Locator) => {
  const text = (await card.getByText(/^Produced [\d,]+ of [\d,]+$/).innerText()).replace(/,/g, '');
  return Number(/^Produced (\d+)/.exec(text)![1]);
};

async function setProduced(card: Locator, amount: number) {
  const page = card.page();
  await card.getByRole('button', { name: /^Update produced quantity of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Update order item produced quantity' });
  await dialog.getByRole('textbox', { name: 'Produced quantity' }).fill(String(amount));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test("the operator's agenda: the week with PREV and NEXT, and a produced quantity saved from a card", async ({ page }) => {
  await signIn(page, 'operator');
  await expect(page.getByRole('heading', { name: 'Agenda' })).toBeVisible();
  await expect(page.getByText(/^Week \d+ · \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'PREV' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'NEXT' })).toBeVisible();

  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Update produced quantity of / }) }).first();
  const name = await card.getAttribute('aria-label');
  const mine = page.getByRole('article', { name: name!, exact: true }).first();
  const before = await produced(mine);

  // part 5: 0 to 99,999; an invalid save sends nothing and the dialog stays
  await mine.getByRole('button', { name: /^Update produced quantity of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Update order item produced quantity' });
  await dialog.getByRole('textbox', { name: 'Produced quantity' }).fill('100000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field has to be between 0 and 99,999.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const next = before < 99_999 ? before + 1 : before - 1;
  await setProduced(mine, next);
  await expect.poll(() => produced(mine)).toBe(next);
  await page.reload();
  await expect.poll(() => produced(page.getByRole('article', { name: name!, exact: true }).first())).toBe(next);
  // leave the demo data as it was
  await setProduced(page.getByRole('article', { name: name!, exact: true }).first(), before);
  await expect.poll(() => produced(page.getByRole('article', { name: name!, exact: true }).first())).toBe(before);
});
