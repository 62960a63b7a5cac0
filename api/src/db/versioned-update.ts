import { sql, type Kysely, type Transaction, type UpdateObject, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import type { Database } from './database.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** The tables whose rows carry an optimistic `version` and an `updated_at`. */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends { version: unknown; updated_at: unknown } ? T : never;
}[keyof Database];

/**
 * An update of an editable record that is not a save at a version read (a soft delete, a move the planner makes, a
 * confirmation): sets `values` and still moves `version` one up and `updated_at` to now, so an editor holding the
 * old version is refused when it saves. The caller adds which rows.
 */
export function recordUpdate<T extends VersionedTable>(
  db: Executor,
  table: T,
  values: Omit<UpdateObject<Database, T>, 'version' | 'updated_at'>,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  // Kysely cannot resolve `version` on a table that is still a type parameter; one concrete versioned table stands
  // in for it inside (every VersionedTable has both columns), and the answer is typed for `table` again.
  const query = (db.updateTable(table) as unknown as UpdateQueryBuilder<Database, 'claims', 'claims', UpdateResult>).set((eb) => ({
    ...(values as UpdateObject<Database, 'claims'>),
    version: eb('version', '+', 1),
    // When a row was written is the database's time, as its insert default; rules read the portal's clock.
    updated_at: sql<Date>`now()`,
  }));
  return query as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}

/**
 * The optimistic-version update of an editable record (decisions.md, "Concurrent edits"): `recordUpdate` only on a
 * row whose `version` is still the one the caller read. The caller adds which row (`where('id', '=', id)`, the
 * company of its scope, "not deleted") and what it needs back; no row updated means the record is missing, out of
 * scope or was changed meanwhile, which the service answers with 404 or 409.
 */
export function versionedUpdate<T extends VersionedTable>(
  db: Executor,
  table: T,
  version: number,
  values: Omit<UpdateObject<Database, T>, 'version' | 'updated_at'>,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  const query = recordUpdate(db, table, values) as unknown as UpdateQueryBuilder<Database, 'claims', 'claims', UpdateResult>;
  return query.where('version', '=', version) as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}
