/**
 * How many Playwright workers run the specs, and which portal each one uses. Each worker has a portal of its own
 * (global-setup.ts), so two specs running at once cannot disturb each other's data; a spec file runs whole in one
 * worker, in order. A portal started elsewhere (E2E_BASE_URL, the replicas run) is one shared portal: one worker.
 */
export const PORTALS_VARIABLE = 'E2E_PORTALS';

/** Workers, and so portals: E2E_WORKERS, else two (a 2-core machine: while one browser waits for its portal, the other draws). */
export function portalCount(): number {
  if (process.env.E2E_BASE_URL && !process.env[PORTALS_VARIABLE]) return 1;
  const count = Number(process.env.E2E_WORKERS ?? 2);
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_WORKERS is not a positive whole number: ${process.env.E2E_WORKERS}`);
  return count;
}

/**
 * In a worker process: points E2E_BASE_URL and E2E_DATA_DIR at this worker's portal, before the config reads baseURL
 * and the specs read the data folder. Playwright numbers its running workers 0 … workers-1 (TEST_PARALLEL_INDEX).
 */
export function useWorkersPortal(): void {
  const portals = process.env[PORTALS_VARIABLE];
  const index = process.env.TEST_PARALLEL_INDEX;
  if (!portals || index === undefined) return;
  const list = JSON.parse(portals) as { url: string; dataDir: string }[];
  const portal = list[Number(index) % list.length];
  process.env.E2E_BASE_URL = portal.url;
  process.env.E2E_DATA_DIR = portal.dataDir;
}
