import { sql } from 'kysely';
import pg from 'pg';
import { createDb, type Db } from './database.js';
import type { EmbeddedPasswords } from './embedded.js';
import { migrateToLatest } from './migrate.js';

/**
 * Two database roles (ASVS 5.0 V13.2.2): the owner, which owns the schema and runs the migrations, and the
 * application role, which the API connects as: it may read and write rows, and nothing more (no DDL; it owns
 * nothing; the audit log is insert-only for it).
 */
export const EMBEDDED_OWNER = 'orders_owner';
export const EMBEDDED_APP = 'orders_app';

/** The user name of a connection URL. */
export function roleOf(url: string): string {
  return decodeURIComponent(new URL(url).username);
}

function withCredentials(url: string, user: string, password: string): string {
  const next = new URL(url);
  next.username = user;
  next.password = password;
  return next.toString();
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates a LOGIN role without any special attribute, or resets its password. Run as a role with CREATEROLE. */
export async function ensureRole(client: pg.Client, name: string, password: string): Promise<void> {
  const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
  const escaped = password.replace(/'/g, "''");
  await client.query(`${exists.rowCount ? 'ALTER' : 'CREATE'} ROLE ${ident(name)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD '${escaped}'`);
}

/**
 * The embedded PostgreSQL's roles, from its superuser URL: `orders_owner` owns the database, its schema and every
 * object in it (objects made by earlier versions as the superuser are handed over), `orders_app` gets data rights
 * only. Idempotent; returns both URLs. The embedded server listens on 127.0.0.1 only. The passwords are the data
 * folder's random ones, set at every start: a folder whose roles still have the old known passwords is rotated.
 */
export async function prepareEmbeddedRoles(
  superuserUrl: string,
  passwords: Pick<EmbeddedPasswords, 'orders_owner' | 'orders_app'>,
): Promise<{ ownerUrl: string; appUrl: string }> {
  const database = new URL(superuserUrl).pathname.slice(1);
  const server = new pg.Client({ connectionString: superuserUrl });
  await server.connect();
  try {
    // One process at a time: the portal and `pnpm users` commands may start together, and concurrent role and
    // ownership changes fail with 'tuple concurrently updated'.
    await server.query('BEGIN');
    await server.query(`SELECT pg_advisory_xact_lock(hashtextextended('orders_portal:roles', 0))`);
    await ensureRole(server, EMBEDDED_OWNER, passwords.orders_owner);
    await ensureRole(server, EMBEDDED_APP, passwords.orders_app);
    await server.query(`ALTER DATABASE ${ident(database)} OWNER TO ${EMBEDDED_OWNER}`);
    await server.query(`ALTER SCHEMA public OWNER TO ${EMBEDDED_OWNER}`);
    // Hand over what the superuser created in public (tables, sequences, views, functions, types).
    await server.query(`DO $$
      DECLARE item record;
      BEGIN
        FOR item IN
          SELECT c.oid::regclass::text AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f') AND c.relowner <> '${EMBEDDED_OWNER}'::regrole
        LOOP
          EXECUTE format('ALTER TABLE %s OWNER TO ${EMBEDDED_OWNER}', item.name);
        END LOOP;
        FOR item IN
          SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind = 'S' AND c.relowner <> '${EMBEDDED_OWNER}'::regrole
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))
        LOOP
          EXECUTE format('ALTER SEQUENCE %s OWNER TO ${EMBEDDED_OWNER}', item.name);
        END LOOP;
        FOR item IN
          SELECT p.oid::regprocedure::text AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'public' AND p.proowner <> '${EMBEDDED_OWNER}'::regrole
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
        LOOP
          EXECUTE format('ALTER ROUTINE %s OWNER TO ${EMBEDDED_OWNER}', item.name);
        END LOOP;
        FOR item IN
          SELECT t.oid::regtype::text AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'c') AND t.typrelid = 0 AND t.typowner <> '${EMBEDDED_OWNER}'::regrole
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
        LOOP
          EXECUTE format('ALTER TYPE %s OWNER TO ${EMBEDDED_OWNER}', item.name);
        END LOOP;
      END $$`);
    await server.query('COMMIT');
  } catch (error) {
    await server.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await server.end();
  }
  return {
    ownerUrl: withCredentials(superuserUrl, EMBEDDED_OWNER, passwords.orders_owner),
    appUrl: withCredentials(superuserUrl, EMBEDDED_APP, passwords.orders_app),
  };
}

/**
 * What the application role may do, granted by the owner after the migrations (so new tables are covered):
 * read and write rows of the portal's tables and use their sequences; the audit log only grows; the
 * migrations' own tables are out of reach. The role owns nothing, so it cannot ALTER, DROP or TRUNCATE.
 */
export async function grantAppRole(owner: Db, appRole: string): Promise<void> {
  const role = ident(appRole);
  await sql.raw(`GRANT USAGE ON SCHEMA public TO ${role}`).execute(owner);
  await sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`).execute(owner);
  await sql.raw(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`).execute(owner);
  await sql.raw(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${role}`).execute(owner);
  // The boundary of the audit chain's SHA-256 part is the owner's to write, once, in its migration.
  await sql.raw(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_legacy FROM ${role}`).execute(owner);
  await sql.raw(`REVOKE ALL ON kysely_migration, kysely_migration_lock FROM ${role}`).execute(owner);
  // The job queue (pg-boss) reads and writes its own schema's rows and calls nothing that changes its tables.
  await sql.raw(`GRANT USAGE ON SCHEMA pgboss TO ${role}`).execute(owner);
  await sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO ${role}`).execute(owner);
}

/**
 * Brings the schema up to date as the owner and grants the application role its rights (when it is another
 * role); returns the migrations applied (`onNewer`: see migrateToLatest). The whole step holds one advisory lock on
 * its connection: the portal and `pnpm users` commands may start together, and a GRANT beside another process's
 * GRANT or DDL fails with 'tuple concurrently updated' (the migrator's own lock covers only the migrations).
 */
export async function migrateAsOwner(ownerUrl: string, appUrl: string, onNewer?: (names: string[]) => void): Promise<string[]> {
  const owner = createDb(ownerUrl, { max: 1 });
  try {
    return await owner.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(hashtextextended('orders_portal:schema', 0))`.execute(connection);
      try {
        const applied = await migrateToLatest(connection, onNewer);
        if (roleOf(ownerUrl) !== roleOf(appUrl)) await grantAppRole(connection, roleOf(appUrl));
        return applied;
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtextextended('orders_portal:schema', 0))`.execute(connection);
      }
    });
  } finally {
    await owner.destroy();
  }
}
