import type { Page, Response } from '@playwright/test';
import { clipped, outsideCatalogue, PSEUDO, pseudoPage, visibleTexts, VIEWPORTS } from './pseudo.test-utils.js';
import { expect, test } from './support.test-utils.js';

/**
 * The machine and downtime screens in the pseudo-locale (accented, lengthened English), at a desk's and a phone's
 * width: the admin's live status, day chart, performance (OEE and downtime analytics), downtimes history and the
 * cause dialog, and the client's OEE panel. Every text they show comes from the catalogue, and nothing is cut off.
 */

/** Exactly these texts (the demo's names of machines, companies and causes, as the API answered them). */
const exactly = (values: (string | null | undefined)[]) =>
  values.filter((value): value is string => Boolean(value)).map((value) => new RegExp(`^${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

/**
 * Data that passes: numbers, dates and times, machine names, the demo's companies, and durations and hours (the
 * pseudo-locale writes units as English does, '1 h 35 min', '12.3 h', like its numbers).
 */
const DATA = [
  /^[\d\s.,:%·×→–/()+-]+$/,
  /^FB-\d+$/,
  /(Nordic Springs|Baltic Beverages|Fjord Water|Aqua Converters)/,
  /^(\d+ h )?\d+ min$|^\d+ h$|^[\d,.]+ h$/,
  /^E2E /,
];

/** The JSON answer of the call whose URL ends so, once `action` has made the page ask for it. */
async function answerOf<T>(page: Page, urlEnd: string, action: () => Promise<unknown>): Promise<T> {
  const answer: Promise<Response> = page.waitForResponse((response) => response.url().endsWith(urlEnd) && response.request().method() === 'POST');
  await action();
  return (await (await answer).json()) as T;
}

/** Opens a screen by its address and answers what it asked the API for. */
const open = (page: Page, path: string, urlEnd: string) => answerOf<unknown>(page, urlEnd, () => page.goto(`/#${path}`));

async function expectAllFromCatalogue(page: Page, scope: ReturnType<Page['getByRole']>, data: RegExp[]) {
  expect.soft(outsideCatalogue(await visibleTexts(scope), [...DATA, ...data])).toEqual([]);
  expect.soft(await clipped(page)).toEqual([]);
}

type Causes = { rows: { causeName: string; causeDescription: string }[] };
type Stops = { events: { DowntimeCause: { causeName: string } | null }[] };
type Live = { rows: { DowntimeCause: { causeName: string } | null }[] };
type Pareto = { pareto: { causeName: string | null }[] };

for (const viewport of VIEWPORTS) {
  test(`the admin's machine and downtime screens in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'admin', viewport);
    const main = page.getByRole('main');
    const heading = main.getByRole('heading', { level: 2 }).filter({ hasText: PSEUDO });

    // The causes first: their names are the demo's data on every other screen.
    const causes = (await open(page, '/downtimes/causes', '/api/admin/downtime/causes/get')) as Causes;
    const causeNames = exactly(causes.rows.flatMap((cause) => [cause.causeName, cause.causeDescription]));
    await expect(heading).toBeVisible();
    await expect(main.getByRole('table')).toBeVisible();
    await expectAllFromCatalogue(page, main, causeNames);
    await main.getByRole('button').filter({ hasText: PSEUDO }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading').filter({ hasText: PSEUDO })).toBeVisible();
    await expectAllFromCatalogue(page, dialog, []);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The live status.
    const live = (await open(page, '/machines/live', '/api/admin/machines/status/get')) as Live;
    await expect(heading).toBeVisible();
    await expect(main.getByRole('row', { name: /FB-101/ })).toBeVisible();
    await expectAllFromCatalogue(page, main, [...causeNames, ...exactly(live.rows.map((row) => row.DowntimeCause?.causeName))]);

    // The day chart.
    const day = (await open(page, '/downtimes/gantt', '/api/admin/downtime/get')) as Stops;
    await expect(heading).toBeVisible();
    await expect(main.getByRole('region').first()).toBeVisible();
    // A stop's box writes its cause and how long it lasted; a short stop's box cuts them off by design (its title says it all).
    const stops = day.events.map((stop) => stop.DowntimeCause?.causeName ?? '');
    const texts = await visibleTexts(main);
    expect.soft(outsideCatalogue(texts, [...DATA, ...causeNames, ...stops.filter(Boolean).map((cause) => new RegExp(`^${cause} · `))])).toEqual([]);
    expect.soft((await clipped(page)).filter((box) => !/ · /.test(box))).toEqual([]);

    // Performance: the OEE tab, then the downtime analytics.
    await open(page, '/machines/performance', '/api/admin/machines/oee/get');
    await expect(heading).toBeVisible();
    await expect(main.getByRole('table').first()).toBeVisible();
    await expectAllFromCatalogue(page, main, causeNames);
    const analytics = await answerOf<Pareto>(page, '/api/admin/machines/analytics/get', () => main.getByRole('tab').nth(1).click());
    await expect(main.getByRole('table').first()).toBeVisible();
    await expectAllFromCatalogue(page, main, [...causeNames, ...exactly(analytics.pareto.map((cause) => cause.causeName))]);

    // The downtimes history.
    await open(page, '/downtimes/history', '/api/admin/downtime/history/get');
    await expect(heading).toBeVisible();
    await expect(main.getByRole('table')).toBeVisible();
    await expectAllFromCatalogue(page, main, causeNames);
    await page.context().close();
  });

  test(`the client's OEE panel in the pseudo-locale at ${viewport.width} px`, async ({ browser }) => {
    const page = await pseudoPage(browser, 'client', viewport);
    await page.goto('/#/stats/dashboard');
    // The dashboard's own tabs are the statistics'; its third tab is the machines' panel.
    const tabs = page.getByRole('main').getByRole('tab');
    await expect(tabs).toHaveCount(3);
    const performance = await answerOf<{ machines: { topCauses: { causeName: string | null }[] }[] }>(page, '/api/client/machines/performance/get', () =>
      tabs.nth(2).click(),
    );
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('article').first()).toBeVisible();
    await expectAllFromCatalogue(page, panel, exactly(performance.machines.flatMap((machine) => machine.topCauses.map((cause) => cause.causeName))));
    await page.context().close();
  });
}
