import { sql, type Kysely } from 'kysely';

/**
 * Forecasts (client production plans and their items), invoices with their lines, and the outbox of e-mails
 * ('Confirm & Send'). Invoice lines point at the order items they bill (one invoice per item at most), so they
 * also answer "has this item an invoice".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_production_plans')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('period_from', 'date', (col) => col.notNull())
    .addColumn('period_to', 'date', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('client_production_plans_period', sql`period_from <= period_to`)
    .execute();
  // The forecasts list: one company's plans, newest period first (the default sort), paged.
  await sql`create index client_production_plans_company on client_production_plans (company_id, period_from desc, id desc)`.execute(db);

  await db.schema
    .createTable('client_production_plan_items')
    .addColumn('plan_id', 'integer', (col) => col.notNull().references('client_production_plans.id').onDelete('cascade'))
    .addColumn('client_product_id', 'integer', (col) => col.notNull().references('client_products.id').onDelete('restrict'))
    // A product without a plan item has no forecast; 0 is never stored.
    .addColumn('planned_amount', 'integer', (col) => col.notNull().check(sql`planned_amount between 1 and 100000000`))
    .addPrimaryKeyConstraint('client_production_plan_items_pkey', ['plan_id', 'client_product_id'])
    .execute();
  await db.schema.createIndex('client_production_plan_items_product').on('client_production_plan_items').column('client_product_id').execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('invoice_number', 'text', (col) => col.notNull().check(sql`length(btrim(invoice_number)) between 1 and 60`))
    .addColumn('order_id', 'integer', (col) => col.references('client_production_orders.id').onDelete('restrict'))
    .addColumn('delivery_date', 'date', (col) => col.notNull())
    .addColumn('invoice_total', sql`numeric(14, 2)`, (col) => col.notNull())
    .addColumn('invoice_currency', 'text', (col) => col.notNull().check(sql`invoice_currency in ('EUR', 'SEK')`))
    .addColumn('exchange_rate', sql`numeric(12, 6)`, (col) => col.notNull().defaultTo(1).check(sql`exchange_rate > 0`))
    .addColumn('is_confirmed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_sent', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invoices_invoice_number', ['invoice_number'])
    .execute();
  // Lists: the staff list over every company and a client's own, both newest invoice date first by default.
  await sql`create index invoices_delivery on invoices (delivery_date desc, id desc)`.execute(db);
  await sql`create index invoices_company_delivery on invoices (company_id, delivery_date desc, id desc)`.execute(db);
  await db.schema.createIndex('invoices_order').on('invoices').column('order_id').execute();

  await db.schema
    .createTable('invoice_lines')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    // The billed order item; null for lines imported without one. An item cannot be deleted once billed.
    .addColumn('order_item_id', 'integer', (col) => col.references('client_production_order_items.id').onDelete('restrict'))
    .addColumn('article_no', 'text', (col) => col.notNull())
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity >= 0`))
    /** Price per 1,000 bottles. */
    .addColumn('unit_price', sql`numeric(14, 4)`, (col) => col.notNull().check(sql`unit_price >= 0`))
    .addColumn('line_total', sql`numeric(14, 2)`, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('invoice_lines_invoice').on('invoice_lines').columns(['invoice_id', 'id']).execute();
  // An order item is billed at most once.
  await db.schema
    .createIndex('invoice_lines_order_item')
    .on('invoice_lines')
    .unique()
    .column('order_item_id')
    .where(sql.ref('order_item_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    // The attachment by reference (rendered when the message is delivered), e.g. ('invoice', 64).
    .addColumn('attachment_type', 'text')
    .addColumn('attachment_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addCheckConstraint('outbox_attachment', sql`(attachment_type is null) = (attachment_id is null)`)
    .execute();
  await sql`create index outbox_unsent on outbox (id) where sent_at is null`.execute(db);
  // Second guard behind the invoice's is_sent flag: an invoice is sent once.
  await db.schema
    .createIndex('outbox_invoice_once')
    .on('outbox')
    .unique()
    .columns(['attachment_type', 'attachment_id'])
    .where(sql.ref('attachment_type'), '=', 'invoice')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('client_production_plan_items').execute();
  await db.schema.dropTable('client_production_plans').execute();
}
