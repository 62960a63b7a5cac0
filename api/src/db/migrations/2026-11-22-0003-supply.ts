import { sql, type Kysely } from 'kysely';

/**
 * Raw-material supply: preforms and their suppliers, warehouses, preform stock (a balance per (preform, warehouse)
 * beside an append-only ledger), supply orders, and the minimal client product and production order tables that
 * order amounts are computed from (later features add their columns).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('preforms')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('preform_name', 'text', (col) => col.notNull().check(sql`length(btrim(preform_name)) between 1 and 120`))
    .addColumn('neck', 'text', (col) => col.notNull().check(sql`neck in ('PCO1810', '38mm 3-start', '38-400')`))
    .addColumn('material', 'text', (col) => col.notNull().check(sql`material in ('PET', 'PP', 'RPET')`))
    .addColumn('color', 'text', (col) =>
      col.notNull().check(sql`color in ('Clear', 'Clear/FR', 'Red', 'White', 'Yellow', 'Black', 'Green')`),
    )
    .addColumn('weight', 'numeric', (col) => col.notNull().check(sql`weight between 1 and 200`))
    .addColumn('qty_per_box', 'integer', (col) => col.notNull().check(sql`qty_per_box between 1 and 99999`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('preforms_name').on('preforms').columns(['preform_name', 'id']).where(sql.ref('deleted_at'), 'is', null).execute();
  // Stock counts leave out deleted preforms with an anti-join against this (usually empty) index.
  await db.schema.createIndex('preforms_deleted').on('preforms').column('id').where(sql.ref('deleted_at'), 'is not', null).execute();

  await db.schema
    .createTable('preform_supplies')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('preform_id', 'integer', (col) => col.notNull().references('preforms.id').onDelete('restrict'))
    .addColumn('manufacturer_id', 'integer', (col) => col.notNull().references('manufacturers.id').onDelete('restrict'))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('preform_supplies_preform_manufacturer', ['preform_id', 'manufacturer_id'])
    .execute();
  await db.schema.createIndex('preform_supplies_manufacturer').on('preform_supplies').column('manufacturer_id').execute();

  await db.schema
    .createTable('preform_warehouses')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('warehouse_name', 'text', (col) => col.notNull().check(sql`length(btrim(warehouse_name)) between 1 and 120`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('preform_warehouses_name').on('preform_warehouses').unique().column('warehouse_name').execute();

  // Balances: one row per (preform, warehouse), written only together with a ledger row. Its upsert
  // (INSERT … ON CONFLICT DO UPDATE) locks the row, so concurrent fills of one pair run one after the other.
  await db.schema
    .createTable('preform_stock')
    .addColumn('preform_id', 'integer', (col) => col.notNull().references('preforms.id').onDelete('restrict'))
    .addColumn('warehouse_id', 'integer', (col) => col.notNull().references('preform_warehouses.id').onDelete('restrict'))
    .addColumn('current_stock', 'numeric', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('preform_stock_pkey', ['preform_id', 'warehouse_id'])
    .execute();
  await db.schema.createIndex('preform_stock_warehouse').on('preform_stock').columns(['warehouse_id', 'preform_id']).execute();

  await db.schema
    .createTable('preform_stock_movements')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('preform_id', 'integer', (col) => col.notNull().references('preforms.id').onDelete('restrict'))
    .addColumn('warehouse_id', 'integer', (col) => col.notNull().references('preform_warehouses.id').onDelete('restrict'))
    .addColumn('quantity', 'numeric', (col) => col.notNull())
    .addColumn('balance_after', 'numeric', (col) => col.notNull())
    .addColumn('reason', 'text', (col) =>
      col.notNull().check(sql`reason in ('supply_delivery', 'fill_increase', 'fill_set', 'production')`),
    )
    .addColumn('source_type', 'text')
    .addColumn('source_id', 'bigint')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('preform_stock_movements_source', sql`(source_type is null) = (source_id is null)`)
    .addCheckConstraint('preform_stock_movements_delivery_source', sql`reason <> 'supply_delivery' or source_type = 'supply_order'`)
    .execute();
  await db.schema
    .createIndex('preform_stock_movements_pair')
    .on('preform_stock_movements')
    .columns(['preform_id', 'warehouse_id', 'id'])
    .execute();
  // Second guard behind the status update: a supply order adds to stock at most once.
  await db.schema
    .createIndex('preform_stock_movements_delivery_once')
    .on('preform_stock_movements')
    .unique()
    .columns(['source_type', 'source_id'])
    .where(sql.ref('reason'), '=', 'supply_delivery')
    .execute();
  await sql`
    create function preform_stock_movements_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'preform_stock_movements is append-only: % refused', tg_op using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`
    create trigger preform_stock_movements_no_change before update or delete on preform_stock_movements
    for each row execute function preform_stock_movements_append_only()`.execute(db);
  await sql`
    create trigger preform_stock_movements_no_truncate before truncate on preform_stock_movements
    for each statement execute function preform_stock_movements_append_only()`.execute(db);

  await db.schema
    .createTable('client_products')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('article_no', 'text', (col) => col.notNull())
    .addColumn('alt_name', 'text')
    .addColumn('machine_names', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('scrap_rate', 'numeric', (col) => col.notNull().defaultTo(0).check(sql`scrap_rate >= 0`))
    .addColumn('preform_scrap_start', 'numeric', (col) => col.notNull().defaultTo(0).check(sql`preform_scrap_start >= 0`))
    .addColumn('preform_scrap_change_over', 'numeric', (col) => col.notNull().defaultTo(0).check(sql`preform_scrap_change_over >= 0`))
    .addColumn('preform_id', 'integer', (col) => col.notNull().references('preforms.id').onDelete('restrict'))
    .addColumn('preform_warehouse_id', 'integer', (col) => col.notNull().references('preform_warehouses.id').onDelete('restrict'))
    .addColumn('default_supply_id', 'integer', (col) => col.notNull().references('preform_supplies.id').onDelete('restrict'))
    .addColumn('current_stock', 'numeric', (col) => col.notNull().defaultTo(0))
    .addColumn('wip', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('client_products_company').on('client_products').column('company_id').execute();
  await db.schema
    .createIndex('client_products_preform')
    .on('client_products')
    .columns(['preform_id', 'preform_warehouse_id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('client_products_warehouse')
    .on('client_products')
    .columns(['preform_warehouse_id', 'preform_id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('client_products_default_supply').on('client_products').column('default_supply_id').execute();

  await db.schema
    .createTable('client_production_orders')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('order_no', 'text', (col) => col.notNull())
    .addColumn('closed', 'smallint', (col) => col.notNull().defaultTo(0).check(sql`closed in (0, 1)`))
    .addColumn('purchase_date', 'date')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('client_production_orders_company').on('client_production_orders').columns(['company_id', 'created_at']).execute();
  await db.schema
    .createIndex('client_production_orders_open')
    .on('client_production_orders')
    .column('id')
    .where(sql.ref('closed'), '=', 0)
    .execute();

  await db.schema
    .createTable('client_production_order_items')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('order_id', 'integer', (col) => col.notNull().references('client_production_orders.id').onDelete('cascade'))
    .addColumn('client_product_id', 'integer', (col) => col.notNull().references('client_products.id').onDelete('restrict'))
    .addColumn('due_date', 'date', (col) => col.notNull())
    .addColumn('planned_amount', 'integer', (col) => col.notNull().check(sql`planned_amount >= 0`))
    .addColumn('produced_amount', 'integer', (col) => col.notNull().defaultTo(0).check(sql`produced_amount >= 0`))
    .addColumn('is_closed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_buyer_confirmed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('is_seller_confirmed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('ref_production_order_item_id', 'integer', (col) =>
      col.references('client_production_order_items.id').onDelete('set null'),
    )
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('client_production_order_items_order').on('client_production_order_items').column('order_id').execute();
  await db.schema
    .createIndex('client_production_order_items_ref')
    .on('client_production_order_items')
    .column('ref_production_order_item_id')
    .execute();
  // Order amounts read only the items still to produce: this partial index holds just those, with what the sum needs.
  await sql`
    create index client_production_order_items_open on client_production_order_items
      (client_product_id) include (order_id, planned_amount, produced_amount)
      where not is_closed and produced_amount < planned_amount`.execute(db);
  await db.schema
    .createIndex('client_production_order_items_product_due')
    .on('client_production_order_items')
    .columns(['client_product_id', 'due_date'])
    .execute();

  await db.schema
    .createTable('supply_orders')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('order_status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`order_status in ('pending', 'ordered', 'delivered')`),
    )
    .addColumn('ordered_amount', 'integer', (col) => col.notNull().check(sql`ordered_amount between 1000 and 10000000`))
    .addColumn('due_date', 'date', (col) => col.notNull())
    .addColumn('preform_id', 'integer', (col) => col.notNull().references('preforms.id').onDelete('restrict'))
    .addColumn('preform_warehouse_id', 'integer', (col) => col.notNull().references('preform_warehouses.id').onDelete('restrict'))
    .addColumn('preform_supply_id', 'integer', (col) => col.notNull().references('preform_supplies.id').onDelete('restrict'))
    .addColumn('stock', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('client_production_order_id', 'integer', (col) =>
      col.references('client_production_orders.id').onDelete('set null'),
    )
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('supply_orders_stock_when_delivered', sql`stock = (order_status = 'delivered')`)
    .execute();
  // The board reads one column at a time; delivered grows for years and is read newest first.
  await sql`create index supply_orders_board on supply_orders (order_status, due_date desc, id desc)`.execute(db);
  await db.schema.createIndex('supply_orders_preform').on('supply_orders').columns(['preform_id', 'order_status']).execute();
  await db.schema.createIndex('supply_orders_warehouse').on('supply_orders').column('preform_warehouse_id').execute();
  await db.schema.createIndex('supply_orders_supply').on('supply_orders').column('preform_supply_id').execute();
  await db.schema.createIndex('supply_orders_production_order').on('supply_orders').column('client_production_order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('supply_orders').execute();
  await db.schema.dropTable('client_production_order_items').execute();
  await db.schema.dropTable('client_production_orders').execute();
  await db.schema.dropTable('client_products').execute();
  await db.schema.dropTable('preform_stock_movements').execute();
  await sql`drop function preform_stock_movements_append_only()`.execute(db);
  await db.schema.dropTable('preform_stock').execute();
  await db.schema.dropTable('preform_warehouses').execute();
  await db.schema.dropTable('preform_supplies').execute();
  await db.schema.dropTable('preforms').execute();
}
