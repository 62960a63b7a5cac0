import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../../api/src/db/database.js';
import { TEMPLATE_DATABASE, TEST_APP_ROLE } from './global-setup.js';

export interface TestDatabase {
  /** Connected as the application role (data rights only), as the API runs in production. */
  db: Db;
  /** The application role's URL (DATABASE_URL of a server started on this database). */
  url: string;
  /** The owner's URL (DATABASE_OWNER_URL: migrations, `pnpm users`). */
  ownerUrl: string;
  /** A connection as the owner, for what the application role may not do (e.g. to show a trigger refuses even the owner). */
  asOwner(): Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file, cloned from the template; the API's role cannot change its schema. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const owner = new URL(adminUrl);
  owner.pathname = `/${name}`;
  const url = new URL(owner);
  url.username = TEST_APP_ROLE;
  url.password = inject('pgAppPassword');
  const db = createDb(url.toString());
  let ownerDb: Db | undefined;
  return {
    db,
    url: url.toString(),
    ownerUrl: owner.toString(),
    asOwner: () => (ownerDb ??= createDb(owner.toString(), { max: 2 })),
    drop: async () => {
      await db.destroy();
      await ownerDb?.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
