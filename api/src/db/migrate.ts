import { Migrator, sql, type Migration } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** A migration a newer build ran: kept as executed, so never run (a database is never migrated down at start). */
const ranByNewerBuild: Migration = {
  up: async () => {
    throw new Error('a migration of a newer build never runs here');
  },
};

/** Migrations the database has run that this build does not have, by name: the database is a newer build's. */
async function migrationsOfNewerBuilds(db: Db): Promise<string[]> {
  const table = await sql<{ name: string | null }>`select to_regclass('kysely_migration')::text as name`.execute(db);
  if (!table.rows[0]?.name) return [];
  const executed = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return executed.rows.map((row) => row.name).filter((name) => !Object.hasOwn(migrations, name));
}

/**
 * Brings the schema up to date; throws (and changes nothing further) when a migration fails. A database that a newer
 * build migrated (the previous image after a rollback, an old pod restarting during a rolling update) is used as it
 * is: migrations only add what the previous release can run beside (docs/operations.md, upgrades), and Kysely alone
 * would refuse to start ("corrupted migrations"). `onNewer` hears the names of those migrations.
 */
export async function migrateToLatest(db: Db, onNewer?: (names: string[]) => void): Promise<string[]> {
  const newer = await migrationsOfNewerBuilds(db);
  if (newer.length) onNewer?.(newer);
  const known: Record<string, Migration> = { ...migrations };
  for (const name of newer) known[name] = ranByNewerBuild;
  // Features land in parallel: a database that already ran a later migration still gets an earlier one that
  // arrived after it (migrations are independent per feature), instead of refusing to start.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => known }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
