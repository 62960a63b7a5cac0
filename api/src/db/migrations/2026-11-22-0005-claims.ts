import { sql, type Kysely } from 'kysely';

/**
 * Claims (non-conformance reports) and uploads (their photos and documents). Uploads live in the database
 * (bytea): they are written, attached and deleted in the same transaction as the claim and its audit row, they
 * are scoped by company in the same query as everything else, and one backup holds them all; at 10 MiB per file
 * and a handful per claim, PostgreSQL's TOAST storage handles them well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claims')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('new').check(sql`status in ('new', 'under investigation', 'closed')`),
    )
    // A claim names what was delivered: the product and order stay referenced (restrict), they are not deleted under it.
    .addColumn('client_product_id', 'integer', (col) => col.notNull().references('client_products.id').onDelete('restrict'))
    .addColumn('client_production_order_id', 'integer', (col) =>
      col.notNull().references('client_production_orders.id').onDelete('restrict'),
    )
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount between 1 and 100000000`))
    .addColumn('delivery_date', 'date', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().check(sql`length(btrim(description)) between 1 and 4000`))
    // Filled by the GP (the manufacturer); the wire name of root_cause is `rootCouse`.
    .addColumn('immediate_action', 'text', (col) => col.check(sql`length(immediate_action) <= 4000`))
    .addColumn('root_cause', 'text', (col) => col.check(sql`length(root_cause) <= 4000`))
    .addColumn('corrective_actions', 'text', (col) => col.check(sql`length(corrective_actions) <= 4000`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The client list reads one company's claims in id order; the admin list reads all by id (the primary key).
  await db.schema.createIndex('claims_company').on('claims').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('claims_status').on('claims').columns(['status', 'id']).execute();
  await db.schema.createIndex('claims_product').on('claims').column('client_product_id').execute();
  await db.schema.createIndex('claims_order').on('claims').column('client_production_order_id').execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('original_filename', 'text', (col) => col.notNull().check(sql`length(original_filename) between 1 and 255`))
    // The type detected from the content, never the one the browser claimed.
    .addColumn('mimetype', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull().check(sql`size >= 0`))
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('object_type', 'text', (col) => col.check(sql`object_type in ('ClientProductionClaims')`))
    .addColumn('object_id', 'integer')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('uploads_object', sql`(object_type is null) = (object_id is null)`)
    .addCheckConstraint('uploads_size', sql`size = octet_length(content)`)
    .execute();
  // Photos and PDFs are compressed already: store them out of line without trying to compress them again.
  await sql`alter table uploads alter column content set storage external`.execute(db);
  await db.schema.createIndex('uploads_object').on('uploads').columns(['object_type', 'object_id']).execute();
  await db.schema.createIndex('uploads_company').on('uploads').columns(['company_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
  await db.schema.dropTable('claims').execute();
}
