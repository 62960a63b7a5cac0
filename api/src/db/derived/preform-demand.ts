import { defineDerived, fn, trigger } from './derived.js';

/** The trigger body that refreshes the demand of each stock pair `pairs` selects (preform_id, preform_warehouse_id). */
const refreshDemandOf = (pairs: string) => `
    declare pair record;
    begin
      for pair in
        ${pairs}
      loop
        perform preform_demand_refresh(pair.preform_id, pair.preform_warehouse_id);
      end loop;
      return null;
    end `;

export const preformDemand = defineDerived({
  name: 'preform-demand',
  owner: 'stock',
  tables: ['preform_stock.order_amount'],
  sources: ['client_production_order_items', 'client_production_orders', 'client_products'],
  rule: `Per stock pair, the preforms its open order items still need (planned minus produced, with the products'
scrap), recomputed for the pairs an item, order or product change touches.`,
  readBy: ['web/src/features/stock (demand and shortage columns)'],
  functions: [
    fn('preform_demand_of(p_preform integer, p_warehouse integer) returns numeric language sql stable', `
      select ceil(sum(greatest(i.planned_amount - i.produced_amount, 0) * (1 + cp.scrap_rate)
                      + cp.preform_scrap_start + cp.preform_scrap_change_over))
        from client_products cp
        join client_production_order_items i
          on i.client_product_id = cp.id and not i.is_closed and i.produced_amount < i.planned_amount
        join client_production_orders o on o.id = i.order_id and o.closed = 0
       where cp.preform_id = p_preform and cp.preform_warehouse_id = p_warehouse and cp.deleted_at is null
    `),
    fn('preform_demand_refresh(p_preform integer, p_warehouse integer) returns void language plpgsql', `
    begin
      perform 1 from preform_stock where preform_id = p_preform and warehouse_id = p_warehouse for update;
      update preform_stock set order_amount = preform_demand_of(p_preform, p_warehouse)
       where preform_id = p_preform and warehouse_id = p_warehouse;
    end `),
    fn('preform_demand_of_item() returns trigger language plpgsql', refreshDemandOf(`select distinct cp.preform_id, cp.preform_warehouse_id from client_products cp
         where cp.id in (case when tg_op <> 'DELETE' then new.client_product_id end,
                         case when tg_op <> 'INSERT' then old.client_product_id end)`)),
    fn('preform_demand_of_order() returns trigger language plpgsql', refreshDemandOf(`select distinct cp.preform_id, cp.preform_warehouse_id
          from client_production_order_items i join client_products cp on cp.id = i.client_product_id
         where i.order_id = new.id`)),
    fn('preform_demand_of_product() returns trigger language plpgsql', `
    begin
      perform preform_demand_refresh(old.preform_id, old.preform_warehouse_id);
      if (new.preform_id, new.preform_warehouse_id) is distinct from (old.preform_id, old.preform_warehouse_id) then
        perform preform_demand_refresh(new.preform_id, new.preform_warehouse_id);
      end if;
      return null;
    end `),
  ],
  triggers: [
    trigger('client_production_order_items_demand', 'after insert or delete or update of client_product_id, order_id, planned_amount, produced_amount, is_closed on client_production_order_items for each row execute function preform_demand_of_item()'),
    trigger('client_production_orders_demand', 'after update of closed on client_production_orders for each row when ((old.closed is distinct from new.closed)) execute function preform_demand_of_order()'),
    trigger('client_products_stock_pairs_then_demand', 'after update of preform_id, preform_warehouse_id, scrap_rate, preform_scrap_start, preform_scrap_change_over, deleted_at on client_products for each row execute function preform_demand_of_product()'),
  ],
  refill: [
    'update preform_stock set order_amount = preform_demand_of(preform_id, warehouse_id)',
  ],
  kept: {
    'preform_stock.order_amount': 'select preform_id, warehouse_id, order_amount from preform_stock',
  },
});
