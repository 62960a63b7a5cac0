import { sql, type Kysely } from 'kysely';
import { countRows, uncountRows } from './2026-11-25-1110-claims-search.js';

/**
 * The seller's planner month and the admin's production orders without reading whole tables.
 * - The planner reads the forecast items of the products the seller makes (owned or made for a buyer) for the plans
 *   overlapping the month. With the plan and the amount beside the product in the index, those items are an
 *   index-only scan instead of a hash of every forecast item. It
 *   replaces the index on the product alone (a prefix of this one: the foreign key's checks use it as well).
 * - The admin's production orders counted every order on each page .
 *   Their number is kept in `row_counts` (migration 1110, which counts the claims so): a write updates the table's
 *   one row, so concurrent inserts of orders wait for each other's commit there (rare writes: an order).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index client_production_plan_items_product_plan on client_production_plan_items (client_product_id, plan_id) include (planned_amount)`.execute(db);
  await sql`drop index client_production_plan_items_product`.execute(db);

  await countRows(db, 'client_production_orders');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await uncountRows(db, 'client_production_orders');
  await sql`create index client_production_plan_items_product on client_production_plan_items (client_product_id)`.execute(db);
  await sql`drop index client_production_plan_items_product_plan`.execute(db);
}
