import type { Kysely } from 'kysely';
import { applyDerived } from '../derived/derived.js';
import { derivedData } from '../derived/index.js';

/**
 * From here on the modules in api/src/db/derived are the source of every derived table's functions and triggers: this
 * applies them as they are (the same definitions the earlier migrations left, so no behaviour changes and no row
 * moves). A later change to derived data edits its module and adds a migration that applies that module again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await applyDerived(db, derivedData);
}

/** The definitions applied are those the earlier migrations had created: nothing to restore. */
export async function down(): Promise<void> {}
