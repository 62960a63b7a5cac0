import { sql, type Kysely } from 'kysely';

/**
 * The seller's planner: which seller company makes a buyer's product. A buyer company (clientType '1') orders
 * products that a seller (a converter) produces; `client_products.seller_company_id` names that seller, so the
 * seller's planner shows the buyer items of those products and may confirm them and produce them through its own
 * production order items (`ref_production_order_item_id`). Null = the manufacturer makes the product for its
 * owner directly (every converter's own product). The admin's 'Assign Buyers' may later set it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('client_products')
    .addColumn('seller_company_id', 'text', (col) => col.references('companies.id').onDelete('restrict'))
    .execute();
  await db.schema
    .alterTable('client_products')
    .addCheckConstraint('client_products_seller_not_owner', sql`seller_company_id is null or seller_company_id <> company_id`)
    .execute();
  // The planner finds a seller's products by this column, then their items through (client_product_id, due_date).
  await db.schema
    .createIndex('client_products_seller')
    .on('client_products')
    .column('seller_company_id')
    .where(sql.ref('seller_company_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('client_products_seller').execute();
  await db.schema.alterTable('client_products').dropConstraint('client_products_seller_not_owner').execute();
  await db.schema.alterTable('client_products').dropColumn('seller_company_id').execute();
}
