import { randomBytes } from 'node:crypto';
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
    /** TEST_APP_ROLE's password: random per run. */
    pgAppPassword: string;
  }
}

/**
 * Once per test run: a real PostgreSQL (TEST_DATABASE_URL, or an embedded one in a temp folder) with a
 * migrated template database. Each test file then clones the template (CREATE DATABASE … TEMPLATE), which
 * takes milliseconds and isolates files from each other.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  const appPassword = randomBytes(18).toString('base64url');
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
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await ensureRole(admin, TEST_APP_ROLE, appPassword);
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
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgAppPassword', appPassword);
  return teardown;
}
