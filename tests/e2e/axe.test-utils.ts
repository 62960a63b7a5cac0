import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The success criteria every scan checks: WCAG 2.2 AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Every serious or critical axe-core violation on the page (or in `scope`, a CSS selector), one line each:
 * 'color-contrast (serious) at .card'.
 *
 * axe runs in the page itself (`setLegacyMode`): the default mode runs it per frame and joins the frames' results in
 * a blank page it opens for every scan, which costs a new page and a second copy of axe each time. The portal has no
 * frames, so both modes check the same nodes with the same rules.
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  // AxeBuilder evaluates axe-core's half-megabyte source in the page twice for every scan, which costs more than many
  // scans themselves; once in a page is enough (a navigation brings a new page without it). `axeSource` is the source
  // AxeBuilder evaluates: a no-op where axe-core already is.
  const loaded = await page.evaluate(() => 'axe' in window);
  let builder = new AxeBuilder({ page, ...(loaded ? { axeSource: 'void 0' } : {}) })
    .withTags(WCAG_TAGS)
    // Only violations are read: axe then keeps one node of each passed or incomplete rule, not every node it checked,
    // and hands the test a result that much smaller. Violations are listed in full either way.
    .options({ resultTypes: ['violations'] })
    .setLegacyMode();
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}`));
}
