import { sql, type Kysely } from 'kysely';

/**
 * The delivery figures read sums kept by triggers instead of grouping a year of items, forecasts and supply orders per
 * request: `delivery_company_days`, `delivery_company_months`, `delivery_product_months`, `delivery_supplier_months`.
 * Each trigger takes the month row before the day and product rows, so writers of one company's month queue instead
 * of deadlocking. Rules and triggers: the `delivery-sums` module in `api/src/db/derived/` (docs/architecture.md,
 * "Derived data"; docs/decisions.md, "Seller planner and statistics").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table delivery_company_days (
      company_id text not null references companies (id) on delete cascade,
      due_date date not null,
      items integer not null default 0,
      on_time_in_full integer not null default 0,
      planned bigint not null default 0,
      filled bigint not null default 0,
      primary key (due_date, company_id)
    )`.execute(db);
  await sql`
    create table delivery_company_months (
      company_id text not null references companies (id) on delete cascade,
      month date not null,
      items integer not null default 0,
      on_time_in_full integer not null default 0,
      planned bigint not null default 0,
      filled bigint not null default 0,
      product_months integer not null default 0,
      forecast_errors bigint not null default 0,
      forecast_scale bigint not null default 0,
      primary key (company_id, month)
    )`.execute(db);
  await sql`create index delivery_company_months_month on delivery_company_months (month)`.execute(db);
  await sql`
    create table delivery_product_months (
      company_id text not null references companies (id) on delete cascade,
      month date not null,
      -- No foreign key to the product: its check would share-lock the product row, which the operator's production locks
      -- for update (bottle stock); a product is deleted only without items and forecast lines, its rows then all zero.
      client_product_id integer not null,
      items integer not null default 0,
      ordered bigint not null default 0,
      produced bigint not null default 0,
      forecast_lines integer not null default 0,
      forecast numeric not null default 0,
      primary key (company_id, month, client_product_id)
    )`.execute(db);
  await sql`
    create table delivery_supplier_months (
      manufacturer_id integer not null references manufacturers (id) on delete cascade,
      month date not null,
      delivered integer not null default 0,
      on_time integer not null default 0,
      primary key (month, manufacturer_id)
    )`.execute(db);

  // A company's month: the accuracy sums and product rows move with its product rows (below); the item counts here.
  await sql`
    create function delivery_company_month_add(company text, at_month date, product_months integer, errors bigint, scale bigint)
    returns void language sql as $$
      insert into delivery_company_months as m (company_id, month, product_months, forecast_errors, forecast_scale)
      values (company, at_month, product_months, errors, scale)
      on conflict (company_id, month) do update set product_months = m.product_months + excluded.product_months,
        forecast_errors = m.forecast_errors + excluded.forecast_errors, forecast_scale = m.forecast_scale + excluded.forecast_scale
    $$`.execute(db);
  await sql`
    create function delivery_product_months_count() returns trigger language plpgsql as $$
    declare
      present integer := 0;
      errors bigint := 0;
      scale bigint := 0;
    begin
      if current_setting('delivery.refilling', true) = 'on' then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        present := present - (old.items > 0 or old.forecast_lines > 0)::integer;
        errors := errors - abs(old.ordered - round(old.forecast));
        scale := scale - greatest(old.ordered, round(old.forecast));
        if tg_op = 'DELETE' or (old.company_id, old.month) is distinct from (new.company_id, new.month) then
          if present <> 0 or errors <> 0 or scale <> 0 then
            perform delivery_company_month_add(old.company_id, old.month, present, errors, scale);
          end if;
          present := 0; errors := 0; scale := 0;
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        present := present + (new.items > 0 or new.forecast_lines > 0)::integer;
        errors := errors + abs(new.ordered - round(new.forecast));
        scale := scale + greatest(new.ordered, round(new.forecast));
        if present <> 0 or errors <> 0 or scale <> 0 then
          perform delivery_company_month_add(new.company_id, new.month, present, errors, scale);
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger delivery_product_months_count after insert or delete or update on delivery_product_months
      for each row execute function delivery_product_months_count()`.execute(db);

  // One order item counted (sign 1) or taken away (sign -1) under its order's company.
  await sql`
    create function delivery_item_apply(company text, product integer, due date, planned integer, produced integer, by_due integer, sign integer)
    returns void language plpgsql as $$
    declare
      at_month date := date_trunc('month', due)::date;
      on_time integer := case when by_due >= planned then sign else 0 end;
      fill bigint := sign * least(by_due, planned)::bigint;
    begin
      insert into delivery_company_months as m (company_id, month, items, on_time_in_full, planned, filled)
      values (company, at_month, sign, on_time, sign * planned::bigint, fill)
      on conflict (company_id, month) do update set items = m.items + excluded.items, on_time_in_full = m.on_time_in_full + excluded.on_time_in_full,
        planned = m.planned + excluded.planned, filled = m.filled + excluded.filled;
      insert into delivery_company_days as d (company_id, due_date, items, on_time_in_full, planned, filled)
      values (company, due, sign, on_time, sign * planned::bigint, fill)
      on conflict (due_date, company_id) do update set items = d.items + excluded.items, on_time_in_full = d.on_time_in_full + excluded.on_time_in_full,
        planned = d.planned + excluded.planned, filled = d.filled + excluded.filled;
      insert into delivery_product_months as p (company_id, month, client_product_id, items, ordered, produced)
      values (company, at_month, product, sign, sign * planned::bigint, sign * produced::bigint)
      on conflict (company_id, month, client_product_id) do update set items = p.items + excluded.items,
        ordered = p.ordered + excluded.ordered, produced = p.produced + excluded.produced;
    end $$`.execute(db);
  await sql`
    create function delivery_items_count() returns trigger language plpgsql as $$
    declare
      company text;
    begin
      if tg_op = 'UPDATE' and (old.order_id, old.client_product_id, old.due_date, old.planned_amount, old.produced_amount, old.produced_by_due)
          is not distinct from (new.order_id, new.client_product_id, new.due_date, new.planned_amount, new.produced_amount, new.produced_by_due) then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        -- Not found when the order itself is being deleted: its trigger took its items away already.
        select o.company_id into company from client_production_orders o where o.id = old.order_id;
        if found then
          perform delivery_item_apply(company, old.client_product_id, old.due_date, old.planned_amount, old.produced_amount, old.produced_by_due, -1);
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select o.company_id into company from client_production_orders o where o.id = new.order_id;
        perform delivery_item_apply(company, new.client_product_id, new.due_date, new.planned_amount, new.produced_amount, new.produced_by_due, 1);
      end if;
      return null;
    end $$`.execute(db);
  // Named to fire after the items' other triggers (PostgreSQL fires them in name order): the preform demand's lock on the
  // pair comes first, as it did before these sums, so that two productions of one pair queue there and not crosswise.
  await sql`
    create trigger client_production_order_items_sums
      after insert or delete or update of order_id, client_product_id, due_date, planned_amount, produced_amount, produced_by_due
      on client_production_order_items for each row execute function delivery_items_count()`.execute(db);
  await sql`
    create function delivery_orders_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform delivery_item_apply(old.company_id, i.client_product_id, i.due_date, i.planned_amount, i.produced_amount, i.produced_by_due, -1)
           from client_production_order_items i where i.order_id = old.id order by i.due_date, i.id;
      end if;
      if tg_op = 'UPDATE' then
        perform delivery_item_apply(new.company_id, i.client_product_id, i.due_date, i.planned_amount, i.produced_amount, i.produced_by_due, 1)
           from client_production_order_items i where i.order_id = new.id order by i.due_date, i.id;
        return null;
      end if;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger client_production_orders_delivery_delete before delete on client_production_orders
      for each row execute function delivery_orders_count()`.execute(db);
  await sql`
    create trigger client_production_orders_delivery_company after update of company_id on client_production_orders
      for each row when (new.company_id is distinct from old.company_id) execute function delivery_orders_count()`.execute(db);

  // One forecast line counted or taken away: its share in each month its period overlaps (the figures' definition). The
  // company's months are taken first (a no-op update locks an existing row), as an item's write takes them.
  await sql`
    create function delivery_forecast_apply(company text, period_from date, period_to date, product integer, amount integer, sign integer)
    returns void language sql as $$
      insert into delivery_company_months as c (company_id, month)
      select company, m.month::date from generate_series(date_trunc('month', period_from), date_trunc('month', period_to), interval '1 month') as m(month)
       order by 2
      on conflict (company_id, month) do update set product_months = c.product_months;
      insert into delivery_product_months as p (company_id, month, client_product_id, forecast_lines, forecast)
      select company, m.month::date, product, sign,
             sign * (amount * ((least(period_to, (m.month + interval '1 month' - interval '1 day')::date) - greatest(period_from, m.month::date) + 1)::numeric
                     / (period_to - period_from + 1)))
        from generate_series(date_trunc('month', period_from), date_trunc('month', period_to), interval '1 month') as m(month)
       order by 2
      on conflict (company_id, month, client_product_id) do update set forecast_lines = p.forecast_lines + excluded.forecast_lines,
        forecast = p.forecast + excluded.forecast
    $$`.execute(db);
  await sql`
    create function delivery_plan_items_count() returns trigger language plpgsql as $$
    declare
      plan record;
    begin
      if tg_op = 'UPDATE' and (old.plan_id, old.client_product_id, old.planned_amount) is not distinct from (new.plan_id, new.client_product_id, new.planned_amount) then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        -- Not found when the forecast itself is being deleted: its trigger took its lines away already.
        select pl.company_id, pl.period_from, pl.period_to into plan from client_production_plans pl where pl.id = old.plan_id;
        if found then
          perform delivery_forecast_apply(plan.company_id, plan.period_from, plan.period_to, old.client_product_id, old.planned_amount, -1);
        end if;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        select pl.company_id, pl.period_from, pl.period_to into plan from client_production_plans pl where pl.id = new.plan_id;
        perform delivery_forecast_apply(plan.company_id, plan.period_from, plan.period_to, new.client_product_id, new.planned_amount, 1);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger client_production_plan_items_delivery after insert or delete or update on client_production_plan_items
      for each row execute function delivery_plan_items_count()`.execute(db);
  await sql`
    create function delivery_plans_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform delivery_forecast_apply(old.company_id, old.period_from, old.period_to, pi.client_product_id, pi.planned_amount, -1)
           from client_production_plan_items pi where pi.plan_id = old.id order by pi.client_product_id;
      end if;
      if tg_op = 'UPDATE' then
        perform delivery_forecast_apply(new.company_id, new.period_from, new.period_to, pi.client_product_id, pi.planned_amount, 1)
           from client_production_plan_items pi where pi.plan_id = new.id order by pi.client_product_id;
        return null;
      end if;
      return old;
    end $$`.execute(db);
  await sql`
    create trigger client_production_plans_delivery_delete before delete on client_production_plans
      for each row execute function delivery_plans_count()`.execute(db);
  await sql`
    create trigger client_production_plans_delivery_period after update of company_id, period_from, period_to on client_production_plans
      for each row when ((new.company_id, new.period_from, new.period_to) is distinct from (old.company_id, old.period_from, old.period_to))
      execute function delivery_plans_count()`.execute(db);

  // Suppliers: a supply order counts once added to stock (delivered, with the moment it was).
  await sql`
    create function delivery_supply_apply(manufacturer integer, due date, delivered_at timestamptz, sign integer) returns void language sql as $$
      insert into delivery_supplier_months as s (manufacturer_id, month, delivered, on_time)
      values (manufacturer, date_trunc('month', due)::date, sign, case when (delivered_at at time zone 'UTC')::date <= due then sign else 0 end)
      on conflict (month, manufacturer_id) do update set delivered = s.delivered + excluded.delivered, on_time = s.on_time + excluded.on_time
    $$`.execute(db);
  await sql`
    create function delivery_supply_orders_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.order_status = 'delivered' and old.delivered_at is not null then
        perform delivery_supply_apply(s.manufacturer_id, old.due_date, old.delivered_at, -1) from preform_supplies s where s.id = old.preform_supply_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.order_status = 'delivered' and new.delivered_at is not null then
        perform delivery_supply_apply(s.manufacturer_id, new.due_date, new.delivered_at, 1) from preform_supplies s where s.id = new.preform_supply_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger supply_orders_delivery after insert or delete or update of order_status, delivered_at, due_date, preform_supply_id on supply_orders
      for each row execute function delivery_supply_orders_count()`.execute(db);
  await sql`
    create function delivery_supplies_count() returns trigger language plpgsql as $$
    begin
      perform delivery_supply_apply(old.manufacturer_id, so.due_date, so.delivered_at, -1), delivery_supply_apply(new.manufacturer_id, so.due_date, so.delivered_at, 1)
         from supply_orders so where so.preform_supply_id = new.id and so.order_status = 'delivered' and so.delivered_at is not null;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger preform_supplies_delivery after update of manufacturer_id on preform_supplies
      for each row when (new.manufacturer_id is distinct from old.manufacturer_id) execute function delivery_supplies_count()`.execute(db);

  await sql`
    create function delivery_aggregates_refill() returns void language plpgsql as $$
    begin
      perform set_config('delivery.refilling', 'on', true);
      -- delete, not truncate: the application role may delete rows, not truncate tables.
      delete from delivery_company_days;
      delete from delivery_company_months;
      delete from delivery_product_months;
      delete from delivery_supplier_months;
      insert into delivery_company_days (company_id, due_date, items, on_time_in_full, planned, filled)
      select o.company_id, i.due_date, count(*), count(*) filter (where i.produced_by_due >= i.planned_amount), sum(i.planned_amount),
             sum(least(i.produced_by_due, i.planned_amount))
        from client_production_order_items i join client_production_orders o on o.id = i.order_id
       group by o.company_id, i.due_date;
      insert into delivery_product_months (company_id, month, client_product_id, items, ordered, produced, forecast_lines, forecast)
      select company_id, month, client_product_id, sum(items), sum(ordered), sum(produced), sum(forecast_lines), sum(forecast)
        from (
          select o.company_id, date_trunc('month', i.due_date)::date as month, i.client_product_id, count(*) as items,
                 sum(i.planned_amount) as ordered, sum(i.produced_amount) as produced, 0 as forecast_lines, 0::numeric as forecast
            from client_production_order_items i join client_production_orders o on o.id = i.order_id
           group by 1, 2, 3
          union all
          select pl.company_id, m.month::date, pi.client_product_id, 0, 0, 0, count(*),
                 sum(pi.planned_amount * ((least(pl.period_to, (m.month + interval '1 month' - interval '1 day')::date) - greatest(pl.period_from, m.month::date) + 1)::numeric
                     / (pl.period_to - pl.period_from + 1)))
            from client_production_plans pl
            join client_production_plan_items pi on pi.plan_id = pl.id
            cross join lateral generate_series(date_trunc('month', pl.period_from), date_trunc('month', pl.period_to), interval '1 month') as m(month)
           group by 1, 2, 3
        ) rows
       group by company_id, month, client_product_id;
      insert into delivery_company_months (company_id, month, items, on_time_in_full, planned, filled, product_months, forecast_errors, forecast_scale)
      select company_id, month, sum(items), sum(on_time_in_full), sum(planned), sum(filled), sum(product_months), sum(forecast_errors), sum(forecast_scale)
        from (
          select company_id, date_trunc('month', due_date)::date as month, items, on_time_in_full, planned, filled,
                 0 as product_months, 0::numeric as forecast_errors, 0::numeric as forecast_scale
            from delivery_company_days
          union all
          select company_id, month, 0, 0, 0, 0, (items > 0 or forecast_lines > 0)::integer, abs(ordered - round(forecast)), greatest(ordered, round(forecast))
            from delivery_product_months
        ) rows
       group by company_id, month;
      insert into delivery_supplier_months (manufacturer_id, month, delivered, on_time)
      select s.manufacturer_id, date_trunc('month', so.due_date)::date, count(*),
             count(*) filter (where (so.delivered_at at time zone 'UTC')::date <= so.due_date)
        from supply_orders so join preform_supplies s on s.id = so.preform_supply_id
       where so.order_status = 'delivered' and so.delivered_at is not null
       group by 1, 2;
      perform set_config('delivery.refilling', 'off', true);
    end $$`.execute(db);
  await sql`select delivery_aggregates_refill()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function delivery_aggregates_refill()`.execute(db);
  await sql`drop trigger preform_supplies_delivery on preform_supplies`.execute(db);
  await sql`drop function delivery_supplies_count()`.execute(db);
  await sql`drop trigger supply_orders_delivery on supply_orders`.execute(db);
  await sql`drop function delivery_supply_orders_count()`.execute(db);
  await sql`drop function delivery_supply_apply(integer, date, timestamptz, integer)`.execute(db);
  await sql`drop trigger client_production_plans_delivery_period on client_production_plans`.execute(db);
  await sql`drop trigger client_production_plans_delivery_delete on client_production_plans`.execute(db);
  await sql`drop function delivery_plans_count()`.execute(db);
  await sql`drop trigger client_production_plan_items_delivery on client_production_plan_items`.execute(db);
  await sql`drop function delivery_plan_items_count()`.execute(db);
  await sql`drop function delivery_forecast_apply(text, date, date, integer, integer, integer)`.execute(db);
  await sql`drop trigger client_production_orders_delivery_company on client_production_orders`.execute(db);
  await sql`drop trigger client_production_orders_delivery_delete on client_production_orders`.execute(db);
  await sql`drop function delivery_orders_count()`.execute(db);
  await sql`drop trigger client_production_order_items_sums on client_production_order_items`.execute(db);
  await sql`drop function delivery_items_count()`.execute(db);
  await sql`drop function delivery_item_apply(text, integer, date, integer, integer, integer, integer)`.execute(db);
  await sql`drop trigger delivery_product_months_count on delivery_product_months`.execute(db);
  await sql`drop function delivery_product_months_count()`.execute(db);
  await sql`drop function delivery_company_month_add(text, date, integer, bigint, bigint)`.execute(db);
  await sql`drop table delivery_supplier_months`.execute(db);
  await sql`drop table delivery_product_months`.execute(db);
  await sql`drop table delivery_company_months`.execute(db);
  await sql`drop table delivery_company_days`.execute(db);
}
