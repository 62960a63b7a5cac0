import type { Kysely } from 'kysely';
import { countRows, uncountRows } from './2026-11-25-1110-claims-search.js';

/**
 * The accountant's and the admin's invoices (the accountant's first screen) counted every invoice on each
 * page, which cost far more than the page. Their number is kept in `row_counts` (the `row-counts` module): a write updates the table's one row, so
 * concurrent inserts of invoices wait for each other's commit there (rare writes: an invoice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await countRows(db, 'invoices');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await uncountRows(db, 'invoices');
}
