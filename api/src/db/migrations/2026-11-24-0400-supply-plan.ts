import { sql, type Kysely } from 'kysely';

/**
 * Demand-driven supply: the admin's buffer settings (one row), the decisions taken on suggestions
 * ('Accept' and 'Dismiss', one per suggestion: preform, warehouse and the suggestion's numbers), and the indexes the
 * plan reads: the production consumption of the last weeks and the open supply orders by due date.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table supply_plan_settings (
      id integer primary key default 1 check (id = 1),
      lead_time_factor numeric not null default 0.5 check (lead_time_factor between 0.1 and 1),
      variability_factor numeric not null default 0.5 check (variability_factor between 0 and 1),
      minimum_order integer not null default 1000 check (minimum_order between 1000 and 10000000),
      version integer not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into supply_plan_settings default values`.execute(db);
  await sql`
    create table supply_suggestion_decisions (
      preform_id integer not null references preforms (id),
      warehouse_id integer not null references preform_warehouses (id),
      fingerprint text not null,
      decision text not null check (decision in ('accepted', 'dismissed')),
      supply_order_id integer references supply_orders (id) on delete set null,
      subject text not null,
      at timestamptz not null default now(),
      primary key (preform_id, warehouse_id, fingerprint)
    )`.execute(db);
  await sql`
    create index preform_stock_movements_production on preform_stock_movements (at)
      include (preform_id, warehouse_id, quantity) where reason = 'production'`.execute(db);
  await sql`
    create index supply_orders_open_due on supply_orders (due_date)
      include (preform_id, preform_warehouse_id, ordered_amount) where order_status in ('pending', 'ordered')`.execute(db);
  await sql`create index client_production_plans_period on client_production_plans (period_to, period_from)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index client_production_plans_period`.execute(db);
  await sql`drop index supply_orders_open_due`.execute(db);
  await sql`drop index preform_stock_movements_production`.execute(db);
  await sql`drop table supply_suggestion_decisions`.execute(db);
  await sql`drop table supply_plan_settings`.execute(db);
}
