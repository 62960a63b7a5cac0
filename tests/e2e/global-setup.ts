import { runNow, startRunClock } from './clock.js';
import { startPortal } from './portal.js';

/**
 * One portal for the e2e run; the tests reach it through baseURL (E2E_BASE_URL). When E2E_BASE_URL is set
 * already, the portal runs elsewhere (`pnpm test:replicas`: three replicas behind nginx) and E2E_DATA_DIR names
 * the folder of its PostgreSQL (DATA_DIR/postgres) and outbox: nothing is started here.
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
  const portal = await startPortal({ ACCESS_TOKEN_TTL: '60', PORTAL_NOW: runNow().toISOString() });
  process.env.E2E_BASE_URL = portal.url;
  process.env.E2E_DATA_DIR = portal.dataDir;
  return async () => {
    await portal.stop();
  };
}
