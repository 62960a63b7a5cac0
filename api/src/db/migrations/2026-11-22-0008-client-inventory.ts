import { sql, type Kysely } from 'kysely';

/**
 * Client inventory (the admin's /clients/{id} screens): billing details per client company, price periods per
 * client product (never overlapping), bottle stock per product and price period beside an append-only ledger, and
 * the buyer companies assigned to a seller's product. `client_products.current_stock` stays the sum of the
 * product's period rows: every movement updates both in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Exclusion constraints over (product id =, date range &&) need btree_gist for the integer equality.
  await sql`create extension if not exists btree_gist`.execute(db);

  await db.schema
    .createTable('client_details')
    .addColumn('company_id', 'text', (col) => col.primaryKey().references('companies.id').onDelete('restrict'))
    .addColumn('billing_company', 'text', (col) => col.notNull().check(sql`length(btrim(billing_company)) between 1 and 120`))
    .addColumn('billing_first_name', 'text')
    .addColumn('billing_last_name', 'text')
    .addColumn('billing_registration_number', 'text')
    .addColumn('billing_vat_registration_number', 'text')
    .addColumn('billing_address', 'text', (col) => col.notNull().check(sql`length(btrim(billing_address)) between 1 and 400`))
    .addColumn('billing_city', 'text', (col) => col.notNull().check(sql`length(btrim(billing_city)) between 1 and 120`))
    .addColumn('billing_state', 'text')
    .addColumn('billing_post_code', 'text')
    .addColumn('billing_country', 'text', (col) => col.notNull().check(sql`length(btrim(billing_country)) between 1 and 120`))
    .addColumn('billing_email', 'text', (col) => col.notNull().check(sql`length(btrim(billing_email)) between 3 and 320`))
    .addColumn('currency', 'text', (col) => col.notNull().check(sql`currency in ('EUR', 'SEK')`))
    .addColumn('shift_start', 'text', (col) => col.check(sql`shift_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('shift_end', 'text', (col) => col.check(sql`shift_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('product_prices')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('client_product_id', 'integer', (col) => col.notNull().references('client_products.id').onDelete('restrict'))
    .addColumn('unit_price', 'numeric(14, 2)', (col) => col.notNull().check(sql`unit_price > 0`))
    .addColumn('valid_from', 'date', (col) => col.notNull())
    .addColumn('valid_to', 'date', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('product_prices_period', sql`valid_to >= valid_from`)
    // Stock rows reference (id, product) so a period row can only hang on a price of its own product.
    .addUniqueConstraint('product_prices_id_product', ['id', 'client_product_id'])
    .execute();
  // At most one price of a product on any day (also the index the "price valid today" lookups use).
  await sql`
    alter table product_prices add constraint product_prices_no_overlap
      exclude using gist (client_product_id with =, daterange(valid_from, valid_to, '[]') with &&)`.execute(db);

  await db.schema
    .createTable('product_stock')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('client_product_id', 'integer', (col) => col.notNull().references('client_products.id').onDelete('restrict'))
    .addColumn('price_id', 'integer', (col) => col.notNull().unique())
    .addColumn('current_stock', 'integer', (col) => col.notNull().defaultTo(0).check(sql`current_stock >= 0`))
    .addColumn('increase_stock', 'integer', (col) => col.check(sql`increase_stock > 0`))
    .addColumn('decrease_stock', 'integer', (col) => col.check(sql`decrease_stock > 0`))
    .addColumn('scrap_amount', 'integer', (col) => col.notNull().defaultTo(0).check(sql`scrap_amount >= 0`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('product_stock_price', ['price_id', 'client_product_id'], 'product_prices', ['id', 'client_product_id'], (fk) =>
      fk.onDelete('restrict'),
    )
    .addCheckConstraint('product_stock_latest_change', sql`increase_stock is null or decrease_stock is null`)
    .execute();
  await db.schema.createIndex('product_stock_product').on('product_stock').column('client_product_id').execute();

  await db.schema
    .createTable('product_stock_movements')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('product_stock_id', 'integer', (col) => col.notNull().references('product_stock.id').onDelete('restrict'))
    .addColumn('client_product_id', 'integer', (col) => col.notNull().references('client_products.id').onDelete('restrict'))
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity <> 0`))
    .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('adjust', 'reclassification_out', 'reclassification_in', 'production')`),
    )
    .addColumn('source_type', 'text')
    .addColumn('source_id', 'bigint')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('product_stock_movements_source', sql`(source_type is null) = (source_id is null)`)
    .execute();
  await db.schema
    .createIndex('product_stock_movements_stock')
    .on('product_stock_movements')
    .columns(['product_stock_id', 'id'])
    .execute();
  await db.schema
    .createIndex('product_stock_movements_product')
    .on('product_stock_movements')
    .columns(['client_product_id', 'id'])
    .execute();
  await sql`
    create function product_stock_movements_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'product_stock_movements is append-only: % refused', tg_op using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`
    create trigger product_stock_movements_no_change before update or delete on product_stock_movements
    for each row execute function product_stock_movements_append_only()`.execute(db);
  await sql`
    create trigger product_stock_movements_no_truncate before truncate on product_stock_movements
    for each statement execute function product_stock_movements_append_only()`.execute(db);

  await db.schema
    .createTable('product_buyers')
    .addColumn('client_product_id', 'integer', (col) => col.notNull().references('client_products.id').onDelete('restrict'))
    .addColumn('buyer_company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('product_buyers_pkey', ['client_product_id', 'buyer_company_id'])
    .execute();
  await db.schema.createIndex('product_buyers_buyer').on('product_buyers').columns(['buyer_company_id', 'client_product_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_buyers').execute();
  await db.schema.dropTable('product_stock_movements').execute();
  await sql`drop function product_stock_movements_append_only()`.execute(db);
  await db.schema.dropTable('product_stock').execute();
  await db.schema.dropTable('product_prices').execute();
  await db.schema.dropTable('client_details').execute();
}
