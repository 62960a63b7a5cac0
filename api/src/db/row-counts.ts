import { sql, type Kysely } from 'kysely';
import { executePrepared, type Database } from './database.js';

/** The tables whose number of rows is kept in `row_counts` by statement triggers (api/src/db/derived/row-counts.ts). */
export type CountedTable = 'claims' | 'client_production_orders' | 'invoices';

/**
 * How many rows `table` holds, as kept in `row_counts`: what a list of every company's rows shows as its count, read
 * in one row instead of counted on each page. Prepared (one fixed text for every table).
 */
export async function keptRowCount(db: Kysely<Database>, table: CountedTable): Promise<number> {
  const { rows } = await executePrepared(db, sql<{ count: number }>`select row_count::int as count from row_counts where table_name = ${table}`);
  if (!rows[0]) throw new Error(`row_counts has no row for ${table}: run row_counts_refill('${table}')`);
  return rows[0].count;
}
