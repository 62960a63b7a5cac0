import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../api/src/db/embedded.js';
import { createDb } from '../../api/src/db/database.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { ensureRole, grantAppRole } from '../../api/src/db/roles.js';

export const TEMPLATE_DATABASE = 'orders_portal_template';
/** The role the tests' API connects as: data rights only, as in production (api/src/db/roles.ts). */
export const TEST_APP_ROLE = 'orders_test_app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of the server's maintenance database (postgres). */
    pgAdminUrl: string;
  }
}

interface TestServer {
  adminUrl: string;
  teardown(): Promise<void>;
}

/** The server every API project of the run shares, and how many projects still use it (vitest runs each project's globalSetup). */
const shared = globalThis as typeof globalThis & { ordersPortalTestServer?: { server: Promise<TestServer>; users: number } };

/**
 * Once per test run: a real PostgreSQL (TEST_DATABASE_URL, or an embedded one in a temp folder) with a
 * migrated template database. Each test file then clones the template (CREATE DATABASE … TEMPLATE), which
 * takes milliseconds and isolates files from each other. The API projects (the pinned instant and the awkward ones)
 * share the one server.
 */
export default async function setup(project: TestProject) {
  shared.ordersPortalTestServer ??= { server: startServer(), users: 0 };
  const entry = shared.ordersPortalTestServer;
  entry.users += 1;
  const server = await entry.server;
  project.provide('pgAdminUrl', server.adminUrl);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    shared.ordersPortalTestServer = undefined;
    await server.teardown();
  };
}

async function startServer(): Promise<TestServer> {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'orders-portal-test-'));
    await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when the tests run as root
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), database: 'postgres' });
    adminUrl = embedded.url;
  }
  const teardown = async () => {
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A throwaway server need not survive a power cut: without flushes to disk, every commit and every cloned
    // database costs a fraction of the time. Only on the embedded server the tests own, never on TEST_DATABASE_URL's.
    if (embedded) {
      for (const setting of ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off']) await admin.query(`ALTER SYSTEM SET ${setting}`);
      await admin.query('SELECT pg_reload_conf()');
    }
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await ensureRole(admin, TEST_APP_ROLE, TEST_APP_ROLE);
    await admin.end();
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
    const db = createDb(templateUrl.toString(), { max: 1 });
    await migrateToLatest(db);
    // Grants are part of the database, so every clone carries them.
    await grantAppRole(db, TEST_APP_ROLE);
    await db.destroy();
  } catch (error) {
    await teardown();
    throw error;
  }
  return { adminUrl, teardown };
}
