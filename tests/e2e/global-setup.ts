import { runNow, startRunClock } from './clock.test-utils.js';
import { PORTALS_VARIABLE, portalCount } from './workers.test-utils.js';
import { startPortal } from './portal.test-utils.js';

/**
 * One portal per Playwright worker, each with its own PostgreSQL and demo data, so that specs running at the same time
 * never see each other's writes; each worker reaches its own through baseURL (workers.ts). When E2E_BASE_URL is set
 * already, the portal runs elsewhere (`pnpm test:replicas`: three replicas behind nginx) and E2E_DATA_DIR names the
 * folder of its PostgreSQL (DATA_DIR/postgres) and outbox: nothing is started here, and one worker uses it.
 */
export default async function globalSetup() {
  // The run's pinned clock (clock.ts); a runner that starts the portal itself has started it already.
  startRunClock();
  if (process.env.E2E_BASE_URL) {
    if (!process.env.E2E_DATA_DIR) throw new Error('E2E_BASE_URL is set without E2E_DATA_DIR (the portal’s DATA_DIR)');
    return async () => undefined;
  }
  // Access tokens live 60 s, so the session loop (checked every 10 s, refreshed below 70 s) refreshes
  // during the tests: refresh is exercised, and a user whose sessions end is logged out within seconds.
  // The portal's business clock starts at the run's instant (E2E_NOW) and runs on, as the browsers' clocks do.
  const env = { ACCESS_TOKEN_TTL: '60', PORTAL_NOW: runNow().toISOString() };
  const started = await Promise.allSettled(Array.from({ length: portalCount() }, () => startPortal(env)));
  const portals = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(portals.map((portal) => portal.stop()));
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  process.env[PORTALS_VARIABLE] = JSON.stringify(portals.map(({ url, dataDir }) => ({ url, dataDir })));
  return stopAll;
}
