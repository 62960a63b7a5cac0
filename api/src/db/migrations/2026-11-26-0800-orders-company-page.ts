import { sql, type Kysely } from 'kysely';

/**
 * A client's order list ('Weekly order list') is a company's orders newest first, ties by id. The company's
 * index ended at the creation time, so it could not give that order with its tie-breaker, and PostgreSQL walked the
 * every-company (created_at, id) index backwards, skipping other companies' orders (the more, the older the company's orders
 * are). With the id in the company's index the page is the index's first 20 entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index client_production_orders_company`.execute(db);
  await sql`create index client_production_orders_company on client_production_orders (company_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index client_production_orders_company`.execute(db);
  await sql`create index client_production_orders_company on client_production_orders (company_id, created_at)`.execute(db);
}
