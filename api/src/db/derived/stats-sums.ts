import { refillBody, defineDerived, fn, statementTriggers, trigger } from './derived.js';

/**
 * The trigger body of rows (orders or products) given to another company: their items, found by `items` (joined to `n`,
 * the row after, and to `v`, each side of the move: the old company with -1, the new one with +1), leave the old
 * company's sums and join the new one's.
 */
const movedBetweenCompanies = (items: string) => `
    begin
      perform stats_sums_add(array_agg(x.company_id), array_agg(x.client_product_id), array_agg(x.due_date), array_agg(x.items), array_agg(x.produced))
        from (
          select v.company_id, i.client_product_id, i.due_date, v.items, v.items * i.produced_amount::bigint as produced
            from old_rows p join new_rows n on n.id = p.id and n.company_id is distinct from p.company_id
            cross join lateral (values (p.company_id, -1), (n.company_id, 1)) as v(company_id, items)
            ${items}
        ) x;
      return null;
    end `;

export const statsSums = defineDerived({
  name: 'stats-sums',
  owner: 'stats',
  tables: ['stats_company_days', 'stats_product_months'],
  sources: ['client_production_order_items', 'client_production_orders', 'client_products'],
  rule: `The client's statistics sums: per company and due day, and per company, month and product, the items counted
and their produced amount, over exactly the items the statistics count (view stats_items_counted: an item of an order
of the company for a product of the same company).`,
  readBy: ['web/src/features/stats/ProductionQuantitiesPage.tsx', 'web/src/features/stats/ProducedQuantitiesPanel.tsx', 'web/src/features/stats/FillRatePanel.tsx'],
  functions: [
    fn('stats_sums_add(companies text[], products integer[], days date[], counts integer[], produced bigint[]) returns void language plpgsql', `
    begin
      -- No items (array_agg over none is null: a statement that changed nothing summed): nothing to write.
      if companies is null then
        return;
      end if;
      insert into stats_company_days as d (company_id, due_date, items, produced)
      select x.company_id, x.due_date, sum(x.items), sum(x.produced)
        from unnest(companies, products, days, counts, produced) as x(company_id, client_product_id, due_date, items, produced)
       group by x.company_id, x.due_date
      having sum(x.items) <> 0 or sum(x.produced) <> 0
       order by x.company_id, x.due_date
      on conflict (company_id, due_date) do update set items = d.items + excluded.items, produced = d.produced + excluded.produced;
      insert into stats_product_months as m (company_id, month, client_product_id, items, produced)
      select x.company_id, date_trunc('month', x.due_date)::date, x.client_product_id, sum(x.items), sum(x.produced)
        from unnest(companies, products, days, counts, produced) as x(company_id, client_product_id, due_date, items, produced)
       group by 1, 2, 3
      having sum(x.items) <> 0 or sum(x.produced) <> 0
       order by 1, 2, 3
      on conflict (company_id, month, client_product_id) do update set items = m.items + excluded.items, produced = m.produced + excluded.produced;
    end `),
    fn('stats_sums_of_items() returns trigger language plpgsql', `
    begin
      if tg_op = 'INSERT' then
        perform stats_sums_add(array_agg(o.company_id), array_agg(n.client_product_id), array_agg(n.due_date), array_agg(1), array_agg(n.produced_amount::bigint))
          from new_rows n
          join client_production_orders o on o.id = n.order_id
          join client_products cp on cp.id = n.client_product_id and cp.company_id = o.company_id;
      elsif tg_op = 'DELETE' then
        -- An order being deleted is not found: its trigger took its items away already.
        perform stats_sums_add(array_agg(o.company_id), array_agg(p.client_product_id), array_agg(p.due_date), array_agg(-1), array_agg(-p.produced_amount::bigint))
          from old_rows p
          join client_production_orders o on o.id = p.order_id
          join client_products cp on cp.id = p.client_product_id and cp.company_id = o.company_id;
      else
        perform stats_sums_add(array_agg(x.company_id), array_agg(x.client_product_id), array_agg(x.due_date), array_agg(x.items), array_agg(x.produced))
          from (
            select o.company_id, v.client_product_id, v.due_date, v.items, v.produced
              from old_rows p join new_rows n on n.id = p.id
              cross join lateral (values (p.order_id, p.client_product_id, p.due_date, -1, -p.produced_amount::bigint),
                                         (n.order_id, n.client_product_id, n.due_date, 1, n.produced_amount::bigint))
                         as v(order_id, client_product_id, due_date, items, produced)
              join client_production_orders o on o.id = v.order_id
              join client_products cp on cp.id = v.client_product_id and cp.company_id = o.company_id
             where (n.order_id, n.client_product_id, n.due_date, n.produced_amount) is distinct from (p.order_id, p.client_product_id, p.due_date, p.produced_amount)
          ) x;
      end if;
      return null;
    end `),
    fn('stats_sums_of_deleted_order() returns trigger language plpgsql', `
    begin
      perform stats_sums_add(array_agg(old.company_id), array_agg(i.client_product_id), array_agg(i.due_date), array_agg(-1), array_agg(-i.produced_amount::bigint))
        from client_production_order_items i
        join client_products cp on cp.id = i.client_product_id and cp.company_id = old.company_id
       where i.order_id = old.id;
      return old;
    end `),
    fn('stats_sums_of_orders() returns trigger language plpgsql', movedBetweenCompanies(`
            join client_production_order_items i on i.order_id = n.id
            join client_products cp on cp.id = i.client_product_id and cp.company_id = v.company_id`)),
    fn('stats_sums_of_products() returns trigger language plpgsql', movedBetweenCompanies(`
            join client_production_order_items i on i.client_product_id = n.id
            join client_production_orders o on o.id = i.order_id and o.company_id = v.company_id`)),
    fn("stats_sums_refill() returns void language plpgsql set work_mem = '256MB'", refillBody(
      ['stats_company_days', 'stats_product_months'],
      `
      with sums as (
        select company_id, due_date, date_trunc('month', due_date)::date as month, client_product_id, count(*) as items, sum(produced_amount) as produced
          from stats_items_counted
         group by grouping sets ((company_id, due_date), (company_id, 3, client_product_id))
      ), days as (
        insert into stats_company_days (company_id, due_date, items, produced)
        select company_id, due_date, items, produced from sums where due_date is not null order by 1, 2
      )
      insert into stats_product_months (company_id, month, client_product_id, items, produced)
      select company_id, month, client_product_id, items, produced from sums where due_date is null order by 1, 2, 3;`,
    )),
  ],
  triggers: [
    ...statementTriggers('client_production_order_items_stats', 'client_production_order_items', 'stats_sums_of_items'),
    ...statementTriggers('client_production_orders_stats', 'client_production_orders', 'stats_sums_of_orders', { events: ['update'] }),
    ...statementTriggers('client_products_stats', 'client_products', 'stats_sums_of_products', { events: ['update'] }),
    trigger('client_production_orders_stats_delete', 'before delete on client_production_orders for each row execute function stats_sums_of_deleted_order()'),
  ],
  refill: [
    'select stats_sums_refill()',
  ],
  kept: {
    stats_company_days: 'select * from stats_company_days where items <> 0 or produced <> 0',
    stats_product_months: 'select * from stats_product_months where items <> 0 or produced <> 0',
  },
});
