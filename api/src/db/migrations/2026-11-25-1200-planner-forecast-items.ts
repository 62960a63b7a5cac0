import { sql, type Kysely } from 'kysely';

/**
 * Issue 14: the seller's planner reads the forecast items of the products it makes (owned or made for a buyer) for
 * the plans overlapping the month. With the plan and the amount beside the product in the index, those items are an
 * index-only scan (about 600 entries for the bench's seller) instead of a hash of all 100,000 forecast items. It
 * replaces the index on the product alone (a prefix of this one: the foreign key's checks use it as well).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index client_production_plan_items_product_plan on client_production_plan_items (client_product_id, plan_id) include (planned_amount)`.execute(db);
  await sql`drop index client_production_plan_items_product`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index client_production_plan_items_product on client_production_plan_items (client_product_id)`.execute(db);
  await sql`drop index client_production_plan_items_product_plan`.execute(db);
}
