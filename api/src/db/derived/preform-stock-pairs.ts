import { defineDerived, fn, trigger } from './derived.js';

export const preformStockPairs = defineDerived({
  name: 'preform-stock-pairs',
  owner: 'stock',
  tables: ['preform_stock'],
  sources: ['client_products'],
  rule: `Every (preform, warehouse) pair a live product uses has its stock row (stock 0 until counted): pairs are added
when a product is created or moves to another preform or warehouse, never removed (the row holds counted stock).`,
  readBy: ['web/src/features/stock'],
  functions: [
    fn('preform_stock_pairs() returns trigger language plpgsql', `
    begin
      if new.deleted_at is null then
        insert into preform_stock (preform_id, warehouse_id, current_stock)
        values (new.preform_id, new.preform_warehouse_id, null)
        on conflict (preform_id, warehouse_id) do nothing;
      end if;
      -- a pair no live product uses any more, and that never had stock, leaves the lists
      if tg_op = 'UPDATE' then
        delete from preform_stock s
         where s.preform_id = old.preform_id and s.warehouse_id = old.preform_warehouse_id and s.current_stock is null
           and not exists (select 1 from client_products cp
                            where cp.preform_id = old.preform_id and cp.preform_warehouse_id = old.preform_warehouse_id
                              and cp.deleted_at is null);
      end if;
      return null;
    end `),
  ],
  triggers: [
    trigger('client_products_stock_pairs', 'after insert or update of preform_id, preform_warehouse_id, deleted_at on client_products for each row execute function preform_stock_pairs()'),
  ],
  refill: [
    'insert into preform_stock (preform_id, warehouse_id, current_stock) select distinct preform_id, preform_warehouse_id, 0 from client_products where deleted_at is null on conflict (preform_id, warehouse_id) do nothing',
  ],
  kept: {
    'preform_stock pairs': 'select preform_id, warehouse_id from preform_stock',
  },
});
