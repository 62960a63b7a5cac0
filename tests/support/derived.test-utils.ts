import { sql, type Kysely } from 'kysely';
import { afterEach, expect } from 'vitest';
import type { DerivedData } from '../../api/src/db/derived/derived.js';

/** A query's rows, each as JSON, sorted: two row sets compare whatever order the query read them in. */
async function rowsOf<DB>(db: Kysely<DB>, query: string): Promise<string[]> {
  const { rows } = await sql.raw<Record<string, unknown>>(query).execute(db);
  return rows.map((row) => JSON.stringify(row)).sort();
}

/** What `module` keeps now, and what its full recomputation (its refill, rolled back) would keep, by label. */
export async function keptAndRecomputed<DB>(db: Kysely<DB>, module: DerivedData) {
  const kept: Record<string, string[]> = {};
  for (const [label, query] of Object.entries(module.kept)) kept[label] = await rowsOf(db, query);
  const recomputed: Record<string, string[]> = {};
  const rollback = new Error('rolled back: the comparison leaves the kept rows as they were');
  await db
    .transaction()
    .execute(async (trx) => {
      for (const statement of module.refill) await sql.raw(statement).execute(trx);
      for (const [label, query] of Object.entries(module.kept)) recomputed[label] = await rowsOf(trx, query);
      throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  return { kept, recomputed };
}

/**
 * The rows the triggers kept equal those the module's full recomputation writes from the records. `db` must be a
 * connection that may run the refill (the owner's: `database.asOwner()`); `step` names the write just made.
 */
export async function expectKeptAsRecomputed<DB>(db: Kysely<DB>, module: DerivedData, step: string): Promise<void> {
  const { kept, recomputed } = await keptAndRecomputed(db, module);
  for (const label of Object.keys(module.kept)) expect(kept[label], `${module.name}: ${label} after ${step}`).toEqual(recomputed[label]);
}

/**
 * After each test of the file (each a write path of the modules' sources, through the endpoints), the kept rows of
 * every module equal its full recomputation. `owner` gives the owner's connection once the file's database exists.
 */
export function keepsDerivedAfterEach<DB>(owner: () => Kysely<DB>, modules: readonly DerivedData[]): void {
  afterEach(async (context) => {
    for (const module of modules) await expectKeptAsRecomputed(owner(), module, context.task.name);
  });
}
