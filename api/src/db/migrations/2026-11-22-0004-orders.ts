import { sql, type Kysely } from 'kysely';

/**
 * The portfolio's machine status: minimal downtime tables (causes, and the stops of each client machine) that tell
 * which machines stand still; the downtime feature extends them. Client orders need no new columns: whether an
 * item has an invoice is answered by the invoice lines (migration 0006), see features/orders/orders.invoices.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('downtime_causes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('cause_name', 'text', (col) => col.notNull().check(sql`length(btrim(cause_name)) between 1 and 120`))
    .addColumn('cause_description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // One stop of one machine of a client; target_end null = the machine is still stopped.
  await db.schema
    .createTable('downtime_history')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('company_id', 'text', (col) => col.notNull().references('companies.id').onDelete('restrict'))
    .addColumn('machine_name', 'text', (col) => col.notNull().check(sql`length(btrim(machine_name)) between 1 and 120`))
    .addColumn('cause_id', 'integer', (col) => col.references('downtime_causes.id').onDelete('restrict'))
    .addColumn('actual_date', 'date', (col) => col.notNull())
    .addColumn('duration', 'integer', (col) => col.notNull().defaultTo(0).check(sql`duration >= 0`))
    .addColumn('target_start', 'timestamptz', (col) => col.notNull())
    .addColumn('target_end', 'timestamptz')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('downtime_history_period', sql`target_end is null or target_end >= target_start`)
    .execute();
  await db.schema.createIndex('downtime_history_company_end').on('downtime_history').columns(['company_id', 'target_end']).execute();
  await db.schema
    .createIndex('downtime_history_stopped')
    .on('downtime_history')
    .columns(['company_id', 'machine_name', 'target_start'])
    .where(sql.ref('target_end'), 'is', null)
    .execute();
  await db.schema.createIndex('downtime_history_cause').on('downtime_history').column('cause_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('downtime_history').execute();
  await db.schema.dropTable('downtime_causes').execute();
}
