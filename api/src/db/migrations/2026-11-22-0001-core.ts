import { sql, type Kysely } from 'kysely';

/** The audit log (every write: who, when, what) and manufacturers, the first feature. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('company_id', 'text')
    .addColumn('operation', 'text', (col) => col.notNull())
    .addColumn('record_type', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text')
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('audit_log_record').on('audit_log').columns(['record_type', 'record_id']).execute();

  await db.schema
    .createTable('manufacturers')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('manufacturer_name', 'text', (col) => col.notNull())
    .addColumn('default_lead_time', 'integer', (col) => col.notNull().check(sql`default_lead_time >= 0`))
    .addColumn('box_qty_per_truck', 'integer', (col) => col.notNull().check(sql`box_qty_per_truck >= 1`))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('manufacturers_name').on('manufacturers').column('manufacturer_name').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('manufacturers').execute();
  await db.schema.dropTable('audit_log').execute();
}
