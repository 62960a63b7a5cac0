import type { Locator } from '@playwright/test';
import { addDays, mondayOf, runToday } from './clock.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

const produced = async (card: Locator) => {
  const text = (await card.getByText(/^Produced [\d,]+ of [\d,]+$/).innerText()).replace(/,/g, '');
  return Number(/^Produced (\d+)/.exec(text)![1]);
};

/** Records an entry of `amount` bottles produced since the last one, or (`correct`) replaces the total by it. */
async function recordProduced(card: Locator, amount: number, correct = false) {
  const page = card.page();
  await card.getByRole('button', { name: /^Update produced quantity of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Update order item produced quantity' });
  if (correct) await dialog.getByRole('switch', { name: 'Correct the total instead (a mistyped entry)' }).check();
  await dialog.getByRole('textbox', { name: correct ? 'Produced total' : 'Produced since the last entry' }).fill(String(amount));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test("the operator's agenda: the week with PREV and NEXT, and produced bottles recorded from a card as an entry since the last one", async ({ page }) => {
  await signIn(page, 'operator');
  await expect(page.getByRole('heading', { name: 'Agenda' })).toBeVisible();
  // The week of the run's today (the browser's clock and the portal's are pinned at E2E_NOW), Monday to Sunday.
  const listDay = (day: string) => day.split('-').reverse().join('\\.');
  const monday = mondayOf(runToday());
  await expect(page.getByText(new RegExp(`^Week \\d+ · ${listDay(monday)} – ${listDay(addDays(monday, 6))}$`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'PREV' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'NEXT' })).toBeVisible();

  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Update produced quantity of / }) }).first();
  const name = await card.getAttribute('aria-label');
  const mine = page.getByRole('article', { name: name!, exact: true }).first();
  const before = await produced(mine);

  // part 5: 0 to 99,999 per entry; an invalid save sends nothing and the dialog stays
  await mine.getByRole('button', { name: /^Update produced quantity of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Update order item produced quantity' });
  await expect(dialog.getByLabel('Running total')).toHaveText(/^Produced so far [\d,]+ of [\d,]+$/);
  await dialog.getByRole('textbox', { name: 'Produced since the last entry' }).fill('100000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Field has to be between 0 and 99,999.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const next = before + 1;
  await recordProduced(mine, 1);
  await expect.poll(() => produced(mine)).toBe(next);
  await page.reload();
  const again = page.getByRole('article', { name: name!, exact: true }).first();
  await expect.poll(() => produced(again)).toBe(next);
  await again.getByRole('button', { name: /^Update produced quantity of / }).click();
  await expect(page.getByRole('region', { name: 'Last entries' }).getByText(new RegExp(`^\\+1 · total ${next.toLocaleString('en-US')} · `))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // leave the demo data as it was: 'Correct the total' (a total of 0 to 99,999; the demo's first card is far below)
  expect(before).toBeLessThanOrEqual(99_999);
  await recordProduced(again, before, true);
  await expect.poll(() => produced(page.getByRole('article', { name: name!, exact: true }).first())).toBe(before);

  // The page asks the API for the week it shows: Next week asks for the next Monday's week, This week comes back.
  const label = page.getByText(/^Week \d+ · \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/);
  const thisWeek = await label.innerText();
  const asked = page.waitForRequest((request) => request.url().endsWith('/api/operator/agenda/get') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Next week' }).click();
  const week = (JSON.parse((await asked).postData()!) as { week: string }).week;
  expect(new Date(`${week}T00:00:00Z`).getUTCDay()).toBe(1);
  const [year, month, day] = week.split('-');
  await expect(label).toHaveText(new RegExp(`^Week \\d+ · ${day}\\.${month}\\.${year} – `));
  await expect(page.getByRole('region', { name: 'PREV' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'NEXT' })).toBeVisible();
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(label).toHaveText(thisWeek);
});
