import { defineDerived, fn, trigger } from './derived.js';

export const preformStockCounts = defineDerived({
  name: 'preform-stock-counts',
  owner: 'stock',
  tables: ['preform_stock_counts'],
  sources: ['preform_stock'],
  rule: `Per warehouse, how many stock pairs it holds: the stock lists' count without counting the pairs.`,
  readBy: ['web/src/features/stock'],
  functions: [
    fn('preform_stock_count() returns trigger language plpgsql', `
    begin
      if tg_op = 'INSERT' then
        insert into preform_stock_counts (warehouse_id, pairs) values (new.warehouse_id, 1)
        on conflict (warehouse_id) do update set pairs = preform_stock_counts.pairs + 1;
      else
        update preform_stock_counts set pairs = pairs - 1 where warehouse_id = old.warehouse_id;
      end if;
      return null;
    end `),
  ],
  triggers: [
    trigger('preform_stock_count', 'after insert or delete on preform_stock for each row execute function preform_stock_count()'),
  ],
  refill: [
    'delete from preform_stock_counts',
    'insert into preform_stock_counts (warehouse_id, pairs) select warehouse_id, count(*) from preform_stock group by warehouse_id',
  ],
  kept: {
    preform_stock_counts: 'select * from preform_stock_counts where pairs <> 0',
  },
});
