import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe.test-utils.js';
import { animationsDone, expect, openMenuGroup, signIn, test } from './support.test-utils.js';

/**
 * WCAG 2.2 AA walk (issue 13, item 21): the sign-in page, then every face signs in and visits every screen of its
 * menu, the detail and editor pages, and one open dialog of each kind; axe-core must find no serious or critical
 * violation, in the light and in the dark colour scheme. Part of the e2e run (`npm test`); alone: `pnpm test:a11y`
 * (after `pnpm build`).
 *
 * Each screen is scanned in both schemes where it stands: the portal follows the system's scheme (Mantine's 'auto'),
 * so the scan switches the emulated `prefers-color-scheme` in place and scans again, instead of walking twice. A face
 * signs in once; its walk is split into tests on that one page to keep each test short.
 */

/** What one face's walk found: one line per violation and element, e.g. 'Supply board: color-contrast (serious) at .card'. */
type Findings = string[];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu' });
const main = (page: Page) => page.getByRole('main');

/** The screen has drawn its data: its heading is shown and no loader or skeleton is left in it. */
async function settled(page: Page, heading: string | RegExp) {
  await expect(main(page).getByRole('heading', { name: heading, level: 2 }).first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible]:visible')).toHaveCount(0);
}

type Scheme = 'light' | 'dark';

/** The scheme each page shows now: a scan starts in it and leaves the page in the other one. */
const schemes = new WeakMap<Page, Scheme>();

/**
 * Switches the page to `scheme` in place and waits until it is drawn: the portal's root says so, and no transition
 * (a button's background, say) is still running, or axe would measure a colour half-way.
 */
async function showScheme(page: Page, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  schemes.set(page, scheme);
  const root = page.locator('html[data-mantine-color-scheme]');
  if ((await root.count()) > 0) await expect(root).toHaveAttribute('data-mantine-color-scheme', scheme);
  await animationsDone(page);
}

/**
 * Runs axe on the page (or one dialog) in the scheme it shows, switches to the other scheme and runs it again, and
 * notes every serious or critical violation under `screen` and the scheme.
 */
async function scan(page: Page, findings: Findings, screen: string, scope?: string) {
  const first = schemes.get(page) ?? 'light';
  for (const scheme of [first, first === 'light' ? 'dark' : 'light'] as const) {
    if (scheme !== schemes.get(page)) await showScheme(page, scheme);
    for (const finding of await seriousViolations(page, scope)) findings.push(`${screen} (${scheme}): ${finding}`);
  }
}

/** Clicks a menu entry (opening its group first) and scans the screen it shows. */
async function visitMenu(page: Page, findings: Findings, entry: string, heading: string | RegExp, group?: string) {
  if (group) await openMenuGroup(page, group);
  await menu(page).getByRole('link', { name: entry, exact: true }).click();
  await settled(page, heading);
  await scan(page, findings, entry);
}

/**
 * Opens a dialog, scans it, and closes it. Only the dialog: the page behind its overlay is scanned on its own, and axe
 * would measure that page's text through the overlay's shade.
 */
async function visitDialog(page: Page, findings: Findings, open: () => Promise<void>, name: string | RegExp) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.mantine-Loader-root:visible')).toHaveCount(0);
  // Mantine's transition ends before axe measures colours (a half-faded dialog reports false contrast failures).
  await expect(dialog).toHaveCSS('opacity', '1');
  await scan(page, findings, `dialog '${String(name)}'`, '[role="dialog"]');
  // Cancel where the dialog has one (some dialogs keep Escape for their fields), else Escape.
  const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
  if (await cancel.isVisible()) await cancel.click();
  else await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * Opens the list's 'Export' menu, scans it, and closes it with Escape. Only the menu (a Mantine Menu, `role="menu"`):
 * the list behind it is scanned on its own.
 */
async function visitExportMenu(page: Page, findings: Findings, screen: string) {
  const button = main(page).getByRole('button', { name: 'Export' });
  await button.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['CSV', 'Excel']);
  // Mantine's transition ends before axe measures colours, as for dialogs.
  await expect(menu).toHaveCSS('opacity', '1');
  await scan(page, findings, `${screen}, Export menu`, '[role="menu"]');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
}

/** Scans the page after `open` led to a detail screen. */
async function visitDetail(page: Page, findings: Findings, screen: string, open: () => Promise<void>, heading: string | RegExp) {
  await open();
  await settled(page, heading);
  await scan(page, findings, screen);
}

const firstRow = (page: Page): Locator => main(page).locator('tbody tr').first();

function expectNone(findings: Findings) {
  expect(findings, `axe-core found ${findings.length} serious or critical violations:\n${findings.join('\n')}`).toEqual([]);
}

type Walk = (page: Page, findings: Findings) => Promise<void>;

/**
 * One face's walk, signed in once: `define` names its parts, each a test of its own on the face's one page (the
 * admin has the most screens, so its walk is split to keep each test short). A part that fails ends the worker;
 * the next part signs in again on a fresh page.
 */
function faceWalk(username: string, define: (part: (title: string, walk: Walk) => void) => void) {
  test.describe(username, () => {
    let page: Page;
    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext()).newPage();
      schemes.set(page, 'light');
      await page.emulateMedia({ colorScheme: 'light' });
      await signIn(page, username);
    });
    test.afterAll(async () => {
      await page.context().close();
    });
    define((title, walk) =>
      test(title, async () => {
        // A walk scans each of its screens and dialogs in both colour schemes: many tests' work in one.
        test.slow();
        const findings: Findings = [];
        await walk(page, findings);
        expectNone(findings);
      }),
    );
  });
}

faceWalk('admin', (part) => {
  part('supply and production orders: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Raw Materials Status', 'Today overview');
    await visitDialog(page, findings, () => page.getByRole('region', { name: 'New' }).getByRole('button', { name: 'Order' }).click(), 'Add supply order');

    // The supply plan (issue 16): the table, one pair's projection (chart, weeks, requirement lines) and the settings.
    await visitMenu(page, findings, 'Supply plan', 'Supply plan');
    await visitDetail(page, findings, 'Supply plan, one pair', () => firstRow(page).getByRole('link').click(), 'Supply plan');
    await expect(main(page).getByRole('table', { name: 'Projection by week' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'What the requirements are made of' })).toBeVisible();
    await settled(page, 'Supply plan');
    await scan(page, findings, 'Supply plan, one pair (lines)');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'Settings' }).click(), 'Supply plan settings');

    await visitMenu(page, findings, 'Production orders', 'New orders');
    const items = main(page).getByRole('button', { name: /^Items of / }).first();
    await items.click();
    await expect(items).toHaveAttribute('aria-expanded', 'true');
    await expect(main(page).getByRole('table', { name: /^Items of / })).toBeVisible();
    await scan(page, findings, 'Production orders, expanded');
  });

  part('claims and preform stock: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Claims', 'Non-Conformance Reports');
    await visitDetail(page, findings, 'Claim', () => firstRow(page).getByRole('cell').nth(2).click(), /^Claim|NCR|Non-Conformance/);
    await visitMenu(page, findings, 'Claims', 'Non-Conformance Reports');
    await visitDetail(page, findings, 'New claim', () => main(page).getByRole('button', { name: 'New' }).click(), /./);

    await visitMenu(page, findings, 'Preform stock', 'Preform stock');
    await visitDetail(page, findings, 'Warehouse stock', () => main(page).getByRole('row', { name: /Tallinn/ }).click(), 'Tallinn');
    await firstRow(page).click();
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'Fill stock' }).click(), /./);
  });

  part('client inventory: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Client inventory', 'Client inventory');
    await visitDetail(page, findings, 'Client portfolio', () => main(page).getByRole('row', { name: /Nordic Springs AB/ }).click(), 'Nordic Springs AB');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'Client details' }).click(), /./);
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'New' }).click(), 'Product data');
    await firstRow(page).getByRole('checkbox').check();
    for (const action of ['Prices', 'Assign Buyers', 'Reclassification']) {
      await visitDialog(
        page,
        findings,
        async () => {
          await main(page).getByRole('button', { name: 'Action', exact: true }).click();
          await page.getByRole('menuitem', { name: action }).click();
        },
        /./,
      );
    }
    await firstRow(page).getByRole('cell').nth(2).click();
    await settled(page, /./);
    await scan(page, findings, 'Product stock');
    await visitDialog(page, findings, () => firstRow(page).getByRole('button', { name: /^Adjust balance / }).click(), /./);
  });

  part('preform inventory, manufacturers and invoices: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Preform inventory', 'Preform inventory');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'New' }).click(), /./);
    await visitMenu(page, findings, 'Manufacturers', 'Manufacturers');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'New' }).click(), /./);
    await visitMenu(page, findings, 'Invoices', 'Invoices');
    await visitExportMenu(page, findings, 'Invoices');
  });

  part('downtimes and the audit log: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'History', 'Downtimes history', 'Downtimes history');
    await visitMenu(page, findings, 'Causes', 'Downtime causes', 'Downtimes history');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'New' }).click(), /./);
    await visitMenu(page, findings, 'Day chart', 'Downtimes', 'Downtimes history');
    await visitMenu(page, findings, 'Audit log', 'Audit log');
    await visitMenu(page, findings, 'Delivery performance', 'Delivery performance');
  });

  part('machines: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Live status', 'Machines', 'Machines');
    await visitMenu(page, findings, 'Performance', 'Machine performance', 'Machines');
    await main(page).getByRole('tab', { name: 'Downtime analytics' }).click();
    await settled(page, 'Machine performance');
    await scan(page, findings, 'Machine performance, downtime analytics');
    await visitMenu(page, findings, 'Credentials', 'Machine credentials', 'Machines');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'New' }).click(), 'New machine credential');
  });

  part('API clients and webhooks: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'API clients', 'API clients');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'New' }).click(), 'New API client');
    await visitMenu(page, findings, 'Webhooks', 'Webhooks');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'New' }).click(), 'New webhook endpoint');
    await visitMenu(page, findings, 'Recycled content', 'Recycled content', 'Traceability');
  });
});

faceWalk('operator', (part) => {
  part('agenda, preform stock and history: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Agenda', 'Agenda');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: /^Update produced quantity of / }).first().click(), /./);
    await visitMenu(page, findings, 'Preform stock', 'Preform stock');
    await firstRow(page).click();
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'Fill stock' }).click(), /./);
    await visitMenu(page, findings, 'History', /history/i);
  });

  // The machine screens (issue 15) in a part of their own, to keep each test short.
  part('machines: the live status and machine performance have no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Live status', 'Machines', 'Machines');
    await visitMenu(page, findings, 'Performance', 'Machine performance', 'Machines');
    await main(page).getByRole('tab', { name: 'Downtime analytics' }).click();
    await settled(page, 'Machine performance');
    await scan(page, findings, 'Machine performance, downtime analytics');
  });
});

faceWalk('accountant', (part) => {
  part('invoices: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Invoices', 'Invoices');
    await firstRow(page).click();
    const send = main(page).getByRole('button', { name: 'Confirm & Send' });
    if (await send.isEnabled()) await visitDialog(page, findings, () => send.click(), 'Confirm & Send');
  });

  part('a page that does not exist has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await page.goto('/#/no-such-page');
    await expect(page.getByText('Oops. Nothing here...')).toBeVisible();
    await scan(page, findings, 'Not found');
  });
});

faceWalk('client', (part) => {
  part('portfolio, forecasts and orders: every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Portfolio', /./);
    await visitMenu(page, findings, 'Forecasts', 'Forecasts');
    await visitDetail(page, findings, 'Forecast', () => main(page).getByRole('row', { name: /~/ }).first().getByRole('cell').nth(1).click(), /./);
    await visitMenu(page, findings, 'Orders', 'Weekly order list');
    await visitDetail(page, findings, 'New order', () => main(page).getByRole('button', { name: 'New' }).click(), 'New order');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'Add item' }).click(), 'Add new item to order');
    await visitMenu(page, findings, 'Orders', 'Weekly order list');
    await visitExportMenu(page, findings, 'Orders');
    await visitDetail(page, findings, 'Order', () => firstRow(page).getByRole('cell').nth(1).click(), /^Order /);
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: /^History of / }).first().click(), /^History of /);
    // The bell's drawer: the notifications, or the empty state.
    await visitDialog(page, findings, () => page.getByTestId('notifications-bell').click(), 'Notifications');
    // The e-mail settings, from the bell's drawer.
    await visitDetail(page, findings, 'Notification settings', async () => {
      await page.getByTestId('notifications-bell').click();
      await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'E-mail settings' }).click();
    }, 'Notification settings');
  });

  part('claims, invoices and statistics: every screen has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Claims', 'Non-Conformance Reports');
    await visitDetail(page, findings, 'Claim', () => firstRow(page).getByRole('cell').nth(2).click(), /./);
    await visitMenu(page, findings, 'Claims', 'Non-Conformance Reports');
    await visitDetail(page, findings, 'New claim', () => main(page).getByRole('button', { name: 'New' }).click(), /./);
    await visitMenu(page, findings, 'Invoices', 'Invoices');
    await visitMenu(page, findings, 'Performance', /^Welcome, /, 'Statistics');
    await visitMenu(page, findings, 'Production quantities', 'Production quantities', 'Statistics');
    await visitMenu(page, findings, 'Delivery', 'Delivery', 'Statistics');
    await visitMenu(page, findings, 'Recycled content', 'Recycled content and carbon', 'Statistics');
    await visitMenu(page, findings, 'Webhooks', 'Webhooks');
  });

  part('machines: the Machines tab of the performance dashboard has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await page.goto('/#/stats/dashboard');
    await settled(page, /^Welcome, /);
    await main(page).getByRole('tab', { name: 'Machines' }).click();
    await expect(main(page).getByRole('article').or(main(page).getByText('No machines to show')).first()).toBeVisible();
    await settled(page, /^Welcome, /);
    await scan(page, findings, 'Performance, Machines');
  });
});

faceWalk('buyer', (part) => {
  part('every screen has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Portfolio', /./);
    await visitMenu(page, findings, 'Forecasts', 'Forecasts');
    await visitDetail(page, findings, 'New forecast', () => main(page).getByRole('button', { name: 'New' }).click(), /./);
    await visitMenu(page, findings, 'Orders', 'Weekly order list');
    await visitDetail(page, findings, 'New order', () => main(page).getByRole('button', { name: 'New' }).click(), 'New order');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'Add item' }).click(), 'Add new item to order');
    await visitMenu(page, findings, 'Claims', 'Non-Conformance Reports');
    await visitDetail(page, findings, 'New claim', () => main(page).getByRole('button', { name: 'New' }).click(), /./);
  });
});

faceWalk('seller', (part) => {
  part('every screen and dialog has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await visitMenu(page, findings, 'Portfolio', /./);
    await visitMenu(page, findings, 'Orders', 'Weekly order list');
    await visitMenu(page, findings, 'Claims', 'Non-Conformance Reports');
    await visitMenu(page, findings, 'Planner', 'Planner');
    await visitDialog(page, findings, () => main(page).getByRole('button', { name: 'Add production order' }).first().click(), 'Add new production order');
  });
});

faceWalk('guest', (part) => {
  part('the guest page has no serious or critical accessibility violation in either colour scheme', async (page, findings) => {
    await expect(page.getByText(/You don't have the account privileges/)).toBeVisible();
    await scan(page, findings, 'Guest page');
  });
});

test('the sign-in page, and its refusal of a wrong password, have no serious or critical accessibility violation in either colour scheme', async ({ page }) => {
  const findings: Findings = [];
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await scan(page, findings, 'Sign-in page');
  // an unknown user: a demo account's lockout counter stays untouched
  await page.getByLabel('Username').fill('nobody-here');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await scan(page, findings, 'Sign-in page, refused');
  expectNone(findings);
});
