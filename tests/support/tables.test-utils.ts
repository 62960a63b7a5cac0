import { sql } from 'kysely';
import type { Db } from '../../api/src/db/database.js';

/**
 * Tables that keep the books of requests rather than records: the rate limiter's counters change with every
 * request, refused or not. "Changes nothing" is judged on every other table.
 */
export const BOOKKEEPING_TABLES = ['rate_limits'];

/** Each database's record tables: its schema is migrated before a test begins, so the list is read once. */
const recordTablesOf = new WeakMap<Db, Promise<string[]>>();

/** The tables that hold the portal's records (not the migrator's, not bookkeeping), quoted for SQL, by name. */
function recordTables(db: Db): Promise<string[]> {
  let tables = recordTablesOf.get(db);
  if (!tables) {
    tables = readRecordTables(db);
    tables.catch(() => recordTablesOf.delete(db));
    recordTablesOf.set(db, tables);
  }
  return tables;
}

async function readRecordTables(db: Db): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select quote_ident(table_name) as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      and table_name <> all(${BOOKKEEPING_TABLES}) order by table_name`.execute(db);
  return tables.rows.map((table) => table.name);
}

/** Rows in every record table, in one query. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const union = (await recordTables(db)).map((name) => `select '${name}' as name, count(*)::int as rows from ${name}`).join(' union all ');
  const counts = await sql<{ name: string; rows: number }>`${sql.raw(union)}`.execute(db);
  return Object.fromEntries(counts.rows.map((row) => [row.name, row.rows]));
}

/** A digest of every record table's content: equal digests mean nothing was written, changed or removed. */
export async function tableDigests(db: Db): Promise<Record<string, string>> {
  const union = (await recordTables(db))
    .map((name) => `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`)
    .join(' union all ');
  const digests = await sql<{ name: string; digest: string }>`${sql.raw(union)}`.execute(db);
  return Object.fromEntries(digests.rows.map((row) => [row.name, row.digest]));
}
