import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import type { Database } from '../database.js';
import { derivedStatements } from './derived.js';
import { derivedData, notDerived } from './index.js';

/**
 * The modules are the source of the derived data's functions and triggers: after migrating, the database holds
 * exactly what they say, and every trigger of the schema is either a module's or one of the guards and logs named
 * as not derived.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const functionsOf = async (names: readonly string[]) => {
  const { rows } = await sql<{ name: string; body: string }>`
    select p.proname as name, p.prosrc as body
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = any(${names})`.execute(database.db);
  return new Map(rows.map((row) => [row.name, row.body]));
};

const schemaTriggers = async <DB>(db: Kysely<DB>) => {
  const { rows } = await sql<{ name: string; table: string; fn: string; definition: string }>`
    select t.tgname as name, t.tgrelid::regclass::text as table, p.proname as fn, pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid
     where not t.tgisinternal`.execute(db);
  return rows;
};

describe.each(derivedData.map((module) => [module.name, module] as const))('derived data %s', (_name, module) => {
  it("has in the database exactly its functions' bodies", async () => {
    const stored = await functionsOf(module.functions.map((f) => f.name));
    for (const f of module.functions) expect(stored.get(f.name), f.name).toBe(f.body);
  });

  it('has in the database exactly its triggers, on its declared sources', async () => {
    const mine = new Set(module.functions.map((f) => f.name));
    const definitions = (rows: Awaited<ReturnType<typeof schemaTriggers>>) =>
      Object.fromEntries(rows.filter((t) => mine.has(t.fn)).map((t) => [t.name, t.definition]));
    const stored = definitions(await schemaTriggers(database.db));
    expect(Object.keys(stored).sort()).toEqual(module.triggers.map((t) => t.name).sort());
    // What the module's own statements create (applied in a transaction that is rolled back) is what the database has.
    const rollback = new Error('rolled back');
    let applied: Record<string, string> = {};
    await database
      .asOwner()
      .transaction()
      .execute(async (trx) => {
        for (const statement of derivedStatements(module)) await sql.raw(statement).execute(trx);
        applied = definitions(await schemaTriggers<Database>(trx));
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(applied).toEqual(stored);
    expect([...new Set(module.triggers.map((t) => t.table))].sort()).toEqual([...module.sources].sort());
  });
});

describe('the schema', () => {
  it("has no trigger that is neither a module's nor a guard or log named as not derived", async () => {
    const known = new Set<string>([...derivedData.flatMap((module) => module.functions.map((f) => f.name)), ...notDerived.functions]);
    const unknown = (await schemaTriggers(database.db)).filter((t) => !known.has(t.fn)).map((t) => `${t.table}.${t.name} → ${t.fn}()`);
    expect(unknown).toEqual([]);
  });
});

describe('every derived table', () => {
  it('is compared with its recomputation by a test that writes its sources through the endpoints (the harness)', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const checked = new Set<string>();
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(src, file), 'utf8');
      if (!/keepsDerivedAfterEach\(|expectKeptAsRecomputed\(/.test(text)) continue;
      for (const [, name] of text.matchAll(/from '(?:\.\.\/)+db\/derived\/([a-z-]+)\.js'/g)) checked.add(name!);
    }
    expect(derivedData.map((module) => module.name).filter((name) => !checked.has(name))).toEqual([]);
  });
});
