/**
 * The first screen (issue 14, item 4): what the sign-in page and each face's landing page cost a browser with a cold
 * cache: the JavaScript it downloads (bytes on the wire, as the portal serves them: brotli or gzip), the whole page's
 * bytes, and the largest contentful paint, in Debian's Chromium against the built portal (`pnpm build` first).
 *
 * Alone: `node --import tsx tests/bench/first-screen.ts`; `pnpm bench` runs it after the API calls. The sign-in page is
 * measured in a fresh browser context (no cache, no cookies): the app's entry loads, finds no session and redirects to
 * the form. Each face's landing page is measured in another fresh context that keeps only the sign-in's cookies: the
 * app loads everything again, the identity provider signs the user in without the form, and the page draws.
 */
import { chromium, type Page, type Response } from '@playwright/test';
import { startPortal } from '../e2e/portal.test-utils.js';
import { DEMO_PASSWORD } from '../e2e/support.test-utils.js';

/** The demo users of each face and what its landing page shows once drawn. */
const FACES: { user: string; face: string; landing: RegExp }[] = [
  { user: 'admin', face: 'admin (Raw Materials Status)', landing: /Today overview/ },
  { user: 'operator', face: 'operator (Agenda)', landing: /Agenda/ },
  { user: 'accountant', face: 'accountant (Invoices)', landing: /Invoices/ },
  { user: 'client', face: 'client (Portfolio)', landing: /Nordic Springs AB/ },
  { user: 'seller', face: 'seller (Portfolio)', landing: /./ },
];

export interface FirstScreen {
  screen: string;
  /** JavaScript bytes on the wire (after compression) and their number of files. */
  jsBytes: number;
  jsFiles: number;
  /** The JavaScript files, largest first, with their bytes on the wire (FIRST_SCREEN_FILES=1 prints them). */
  files: { name: string; bytes: number }[];
  /** Every byte of the page on the wire (HTML, CSS, JS, fonts, API answers). */
  allBytes: number;
  /** Largest contentful paint, ms after navigation start; NaN when Chromium reported none. */
  lcpMs: number;
}

/** Counts the responses of `page` from now on: JavaScript and everything, by their bytes on the wire. */
function countBytes(page: Page) {
  const responses: Response[] = [];
  const listener = (response: Response) => responses.push(response);
  page.on('response', listener);
  return async () => {
    page.off('response', listener);
    let jsBytes = 0;
    let jsFiles = 0;
    let allBytes = 0;
    const files: { name: string; bytes: number }[] = [];
    for (const response of responses) {
      // A stream (the notifications' event stream) never ends, and its sizes would never be known.
      if ((response.headers()['content-type'] ?? '').startsWith('text/event-stream')) continue;
      const sizes = await response.request().sizes().catch(() => null);
      // A file the browser took from its memory cache (the app loads again after the sign-in's redirect) has no
      // sizes (negative): nothing came over the wire for it.
      if (!sizes || sizes.responseBodySize < 0 || sizes.responseHeadersSize < 0) continue;
      const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
      allBytes += bytes;
      if (/\.m?js(\?|$)/.test(new URL(response.url()).pathname)) {
        jsBytes += sizes.responseBodySize;
        jsFiles += 1;
        files.push({ name: new URL(response.url()).pathname.split('/').pop() ?? '', bytes: sizes.responseBodySize });
      }
    }
    return { jsBytes, jsFiles, allBytes, files: files.sort((a, b) => b.bytes - a.bytes) };
  };
}

/** The page's largest contentful paint so far, from a buffered PerformanceObserver. */
const largestContentfulPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = Number.NaN;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // The buffered entries are delivered on the next task.
        setTimeout(() => resolve(last), 0);
      }),
  );

export async function measureFirstScreens(baseUrl: string): Promise<FirstScreen[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: FirstScreen[] = [];
  try {
    for (const { user, face, landing } of FACES) {
      // Sign in once (the sign-in page's figures come from the first face: the app's entry loads, then redirects).
      const signingIn = await browser.newContext({ baseURL: baseUrl });
      const page = await signingIn.newPage();
      const counted = countBytes(page);
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      const signInPage = await counted();
      if (results.length === 0) results.push({ screen: 'sign-in page', ...signInPage, lcpMs: await largestContentfulPaint(page) });
      await page.getByLabel('Username').fill(user);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('main').getByRole('heading', { name: landing }).first().waitFor();
      const session = await signingIn.storageState();
      await signingIn.close();

      // The landing page with a cold cache: a new context that keeps only the sign-in's cookies, so the app loads
      // everything again and the identity provider signs the user in without the form.
      const cold = await browser.newContext({ baseURL: baseUrl, storageState: session });
      const landingPage = await cold.newPage();
      const coldCount = countBytes(landingPage);
      await landingPage.goto('/');
      await landingPage.getByRole('main').getByRole('heading', { name: landing }).first().waitFor();
      await landingPage.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible]:visible').first().waitFor({ state: 'detached' }).catch(() => undefined);
      results.push({ screen: face, ...(await coldCount()), lcpMs: await largestContentfulPaint(landingPage) });
      await cold.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);

export function printFirstScreens(results: FirstScreen[]) {
  console.log('\nFirst screen, cold cache (Chromium; bytes on the wire; target: JS ≤ 120 kB, LCP < 1 s)');
  console.log('| Screen | JS kB (files) | all kB | LCP ms |');
  console.log('|---|---|---|---|');
  for (const result of results) {
    console.log(`| ${result.screen} | ${kB(result.jsBytes)} (${result.jsFiles}) | ${kB(result.allBytes)} | ${Number.isFinite(result.lcpMs) ? result.lcpMs.toFixed(0) : '-'} |`);
  }
  if (process.env.FIRST_SCREEN_FILES === '1') {
    for (const result of results) console.log(`\n${result.screen}: ${result.files.map((file) => `${file.name} ${kB(file.bytes)}`).join(', ')}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const portal = await startPortal({}, { onOutput: () => undefined });
  try {
    printFirstScreens(await measureFirstScreens(portal.url));
  } finally {
    await portal.stop();
  }
}
