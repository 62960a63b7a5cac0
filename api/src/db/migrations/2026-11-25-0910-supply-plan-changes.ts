import { sql, type Kysely } from 'kysely';

/**
 * The supply plan of every pair is slow to compute,
 * so each API process keeps the last one it computed, with the snapshot it was computed in. Every transaction that
 * changes what the plan is made of leaves its id here (once: the statement triggers below). A kept plan is still
 * right exactly when no transaction recorded here has committed outside its snapshot; the check is one index scan.
 * This holds across replicas and without timing: a change committed a microsecond after the plan's snapshot is found.
 */
export const PLAN_INPUTS = [
  'client_products',
  'client_production_orders',
  'client_production_order_items',
  'client_production_plans',
  'client_production_plan_items',
  'preforms',
  'preform_warehouses',
  'preform_supplies',
  'manufacturers',
  'preform_stock',
  'preform_stock_movements',
  'supply_orders',
  'supply_suggestion_decisions',
  'supply_plan_settings',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table supply_plan_changes (
      xid xid8 primary key,
      at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`
    create function supply_plan_changed() returns trigger language plpgsql as $$
    begin
      insert into supply_plan_changes (xid) values (pg_current_xact_id()) on conflict (xid) do nothing;
      return null;
    end $$`.execute(db);
  for (const table of PLAN_INPUTS) {
    await sql`
      create trigger ${sql.id(`${table}_plan_changed`)} after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function supply_plan_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of PLAN_INPUTS) await sql`drop trigger ${sql.id(`${table}_plan_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function supply_plan_changed()`.execute(db);
  await sql`drop table supply_plan_changes`.execute(db);
}
