import { Migrator } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** Brings the schema up to date; throws (and changes nothing further) when a migration fails. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Features land in parallel: a database that already ran a later migration still gets an earlier one that
  // arrived after it (migrations are independent per feature), instead of refusing to start.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
