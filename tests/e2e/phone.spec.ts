import type { Locator, Page } from '@playwright/test';
import type { CurrentUser } from '../../generated/web/model/index.js';
import { faceFor } from '../../web/src/app/faces.js';
import { userFromMe, type SessionUser } from '../../web/src/app/session.js';
import { seriousViolations } from './axe.test-utils.js';
import { expect, signIn, test } from './support.test-utils.js';

/**
 * Every route of the client face on a phone (part 2.4's client face on a 390 px wide screen): the route list is the
 * app's own (web/src/app/faces.ts), so a new client route fails here until it has a visit below. Each screen must
 * not scroll sideways, cut nothing off, and have no serious or critical axe-core finding.
 */

/** A phone's screen: 390 × 844 CSS pixels. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
test.use(PHONE);

const main = (page: Page) => page.getByRole('main');

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

/**
 * Nothing in the page is cut off: no box reaches past either edge of the screen, and no box hides part of its own
 * content (a chip that reads 'Und…', a column squeezed to a letter per line behind `overflow: hidden`). Boxes of a
 * pixel or less are the visually hidden texts for screen readers, which are meant to be clipped.
 */
async function expectNothingClipped(page: Page) {
  const clipped = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.classList.length > 0 ? `.${Array.from(element.classList).join('.')}` : ''} '${(element.textContent ?? '').trim().slice(0, 40)}'`;
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('main *'))) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      if (box.left < -1 || box.right > width + 1) found.push(`${name(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} on a ${width}px screen`);
      else if (['hidden', 'clip'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1)
        found.push(`${name(element)} hides ${element.scrollWidth - element.clientWidth}px of its content`);
    }
    return found;
  });
  expect(clipped, clipped.join('\n')).toEqual([]);
}

/** axe-core finds no serious or critical violation on the screen. */
async function expectAccessible(page: Page) {
  const findings = await seriousViolations(page);
  expect(findings, findings.join('\n')).toEqual([]);
}

/** The screen has drawn its data: its heading is shown and no loader or skeleton is left in it. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(main(page).getByRole('heading', { name: heading, level: 2 }).first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible]:visible')).toHaveCount(0);
}

/** The cards of a list on a phone: one list item per record, each with its labelled values. */
const cards = (page: Page, selectLabel: RegExp): Locator => main(page).getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: selectLabel }) });

async function openOrders(page: Page) {
  await page.goto('/#/orders');
  await settled(page, 'Weekly order list');
  await expect(cards(page, /^Select order /).first()).toBeVisible();
}

async function openClaims(page: Page) {
  await page.goto('/#/claims');
  await settled(page, 'Non-Conformance Reports');
  await expect(main(page).getByRole('listitem').first()).toBeVisible();
}

async function openForecasts(page: Page) {
  await page.goto('/#/planning');
  await settled(page, 'Forecasts');
  await expect(cards(page, /^Select forecast /).first()).toBeVisible();
}

type DemoUser = 'client' | 'buyer' | 'seller';

interface Visit {
  /** The demo user who opens the screen (the converter client where it may, else the type the route is for). */
  as: DemoUser;
  /** Opens the screen and waits until it shows its data, checking what the phone layout must show. */
  open: (page: Page) => Promise<void>;
}

/** How to reach each client route, keyed by its path in faces.ts. */
const VISITS: Record<string, Visit> = {
  '/profile': {
    as: 'client',
    open: async (page) => {
      await page.goto('/#/profile');
      await settled(page, 'Nordic Springs AB');
      await expect(main(page).getByRole('article').first()).toBeVisible();
    },
  },
  '/planning': {
    as: 'client',
    open: async (page) => {
      await openForecasts(page);
      // A card per forecast: its period, and when it was updated, labelled.
      const first = cards(page, /^Select forecast /).first();
      await expect(first.getByText(/^\S+ ~ \S+$/)).toBeVisible();
      await expect(first.getByText('Updated at', { exact: true })).toBeVisible();
    },
  },
  '/planning/$id': {
    as: 'client',
    open: async (page) => {
      await openForecasts(page);
      await cards(page, /^Select forecast /).first().getByText(/ ~ /).click();
      await settled(page, 'Forecast');
      await expect(main(page).getByRole('columnheader', { name: 'Article no. / Title' })).toBeVisible();
      await expect(main(page).getByRole('row').nth(1)).toBeVisible();
    },
  },
  '/orders': {
    as: 'client',
    open: async (page) => {
      await openOrders(page);
      // Every order shows its articles and its created date, labelled, in full.
      const orders = cards(page, /^Select order /);
      const count = await orders.count();
      for (let index = 0; index < count; index += 1) {
        const card = orders.nth(index);
        await expect(card.getByText('Articles', { exact: true })).toBeVisible();
        await expect(card.getByText(/^[A-Z]+-\d+(, [A-Z]+-\d+)*$/)).toBeVisible();
        await expect(card.getByText('Created at', { exact: true })).toBeVisible();
      }
      // The seeded order of the product in production this week is highlighted on the phone too.
      await expect(orders.filter({ hasText: 'NS-2026-031' })).toHaveAttribute('data-work-in-progress', 'true');
    },
  },
  '/orders/new': {
    as: 'client',
    open: async (page) => {
      await openOrders(page);
      await main(page).getByRole('button', { name: 'New', exact: true }).click();
      await settled(page, 'New order');
    },
  },
  '/orders/$id': {
    as: 'client',
    open: async (page) => {
      await openOrders(page);
      await cards(page, /^Select order /).filter({ hasText: 'NS-2026-031' }).getByText('NS-2026-031').click();
      await settled(page, 'Order NS-2026-031');
      await expect(main(page).getByRole('checkbox', { name: /^Select item / }).first()).toBeVisible();
    },
  },
  '/documents': {
    as: 'client',
    open: async (page) => {
      await page.goto('/#/documents');
      await settled(page, 'Invoices');
      const invoice = main(page).getByRole('button', { name: /^INV-/ }).first();
      await expect(invoice).toContainText('Amount');
      await invoice.click();
      await expect(invoice).toHaveAttribute('aria-pressed', 'true');
      await expect(main(page).getByRole('button', { name: 'Download Invoice' })).toBeEnabled();
    },
  },
  '/stats/dashboard': {
    as: 'client',
    open: async (page) => {
      await page.goto('/#/stats/dashboard');
      await settled(page, /^Welcome, /);
      // Each tab is checked as it is shown: the last one stays for the checks after the visit.
      for (const tab of ['Produced Quantities', 'Order Fill Rate']) {
        await main(page).getByRole('tab', { name: tab }).click();
        await settled(page, /^Welcome, /);
        await expectNoHorizontalOverflow(page);
        await expectNothingClipped(page);
      }
      await main(page).getByRole('tab', { name: 'Machines' }).click();
      await expect(main(page).getByRole('article').or(main(page).getByText('No machines to show')).first()).toBeVisible();
      await settled(page, /^Welcome, /);
    },
  },
  '/stats/production-quantity': {
    as: 'client',
    open: async (page) => {
      await page.goto('/#/stats/production-quantity');
      await settled(page, 'Production quantities');
    },
  },
  '/stats/delivery': {
    as: 'client',
    open: async (page) => {
      await page.goto('/#/stats/delivery');
      await settled(page, 'Delivery');
      // Forecast, ordered and produced per product and month: a card each, every figure labelled.
      const products = main(page).getByRole('region', { name: 'Forecast, ordered and produced per product' }).getByRole('listitem');
      await expect(products.first()).toBeVisible();
      for (const label of ['Forecast', 'Ordered', 'Produced', 'Accuracy']) await expect(products.first().getByText(label, { exact: true })).toBeVisible();
    },
  },
  '/stats/recycled-content': {
    as: 'client',
    open: async (page) => {
      await page.goto('/#/stats/recycled-content');
      await settled(page, 'Recycled content and carbon');
    },
  },
  '/claims': {
    as: 'client',
    open: async (page) => {
      await openClaims(page);
      // A card per claim: its status chip, order number and article, labelled and in full.
      const first = cards(page, /^Select claim /).first();
      for (const label of ['Order number', 'Article', 'Delivery at']) await expect(first.getByText(label, { exact: true })).toBeVisible();
      await expect(main(page).getByRole('table')).toHaveCount(0);
    },
  },
  '/claims/new': {
    as: 'client',
    open: async (page) => {
      await openClaims(page);
      await main(page).getByRole('button', { name: 'New', exact: true }).click();
      await settled(page, 'New claim');
    },
  },
  '/claims/$id': {
    as: 'client',
    open: async (page) => {
      await openClaims(page);
      const first = cards(page, /^Select claim /).first();
      const id = ((await first.getByRole('checkbox').getAttribute('aria-label')) ?? '').replace('Select claim ', '');
      await first.getByText('Order number', { exact: true }).click();
      await settled(page, `Claim ${id}`);
    },
  },
  '/notifications/settings': {
    as: 'client',
    open: async (page) => {
      await page.goto('/#/notifications/settings');
      await settled(page, 'Notification settings');
    },
  },
  '/webhooks': {
    as: 'client',
    open: async (page) => {
      await page.goto('/#/webhooks');
      await settled(page, 'Webhooks');
    },
  },
  '/agenda': {
    as: 'seller',
    open: async (page) => {
      await page.goto('/#/agenda');
      await settled(page, 'Planner');
    },
  },
};

/** Every route of the client face, whichever client type (client, buyer, seller) it is for. */
const clientRoutes = faceFor({ face: 'client', roles: ['client', 'buyer', 'seller'] } as SessionUser).routes.map((route) => route.path);

test('every route of the client face has a phone visit', () => {
  expect(Object.keys(VISITS).sort()).toEqual([...clientRoutes].sort());
});

for (const user of ['client', 'buyer', 'seller'] as const) {
  const paths = clientRoutes.filter((path) => VISITS[path]?.as === user);
  if (paths.length === 0) continue;
  // One sign-in per user; each route is a test of its own on that page.
  test.describe(`on a phone, as ${user}`, () => {
    let page: Page;
    let routes: string[] = [];
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext(PHONE)).newPage();
      const me = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me' && response.ok());
      await signIn(page, user);
      routes = faceFor(userFromMe((await (await me).json()) as CurrentUser)).routes.map((route) => route.path);
    });
    test.afterAll(async () => {
      await page.context().close();
    });
    for (const path of paths) {
      test(`${path} fits the screen: no sideways scroll, nothing cut off, no serious or critical axe finding`, async () => {
        expect(routes, `${user} may open ${path}`).toContain(path);
        await VISITS[path]!.open(page);
        await expectNoHorizontalOverflow(page);
        await expectNothingClipped(page);
        await expectAccessible(page);
        await page.screenshot({ path: test.info().outputPath('phone.png'), fullPage: true });
      });
    }
  });
}
