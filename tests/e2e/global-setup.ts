import { startPortal } from './portal.js';

/** One portal for the e2e run; the tests reach it through baseURL (E2E_BASE_URL). */
export default async function globalSetup() {
  const portal = await startPortal();
  process.env.E2E_BASE_URL = portal.url;
  return async () => portal.stop();
}
