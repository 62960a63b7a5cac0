import { defineDerived, fn, statementTriggers } from './derived.js';

export const rowCounts = defineDerived({
  name: 'row-counts',
  owner: 'orders',
  tables: ['row_counts'],
  sources: ['claims', 'client_production_orders', 'invoices'],
  rule: `Per counted table (claims, client production orders, invoices), how many rows it holds: the count a list of
every company's rows shows, read in one row instead of counted on each page (api/src/db/row-counts.ts).`,
  readBy: ['web/src/features/orders/ProductionOrdersPage.tsx', 'web/src/features/claims (list)', 'web/src/features/invoices (list)'],
  functions: [
    fn('row_counts_move() returns trigger language plpgsql', `
    declare
      delta bigint;
    begin
      if tg_op = 'INSERT' then
        select count(*) into delta from new_rows;
      else
        select -count(*) into delta from old_rows;
      end if;
      if delta <> 0 then
        update row_counts set row_count = row_count + delta where table_name = tg_table_name;
      end if;
      return null;
    end `),
    fn('row_counts_refill(counted text) returns void language plpgsql', `
    begin
      execute format(
        'insert into row_counts (table_name, row_count) select %L, count(*) from %I
         on conflict (table_name) do update set row_count = excluded.row_count', counted, counted);
    end `),
  ],
  triggers: [
    ...statementTriggers('claims_row_count', 'claims', 'row_counts_move', { events: ['insert', 'delete'] }),
    ...statementTriggers('client_production_orders_row_count', 'client_production_orders', 'row_counts_move', { events: ['insert', 'delete'] }),
    ...statementTriggers('invoices_row_count', 'invoices', 'row_counts_move', { events: ['insert', 'delete'] }),
  ],
  refill: [
    'select row_counts_refill(\'claims\')',
    'select row_counts_refill(\'client_production_orders\')',
    'select row_counts_refill(\'invoices\')',
  ],
  kept: {
    row_counts: 'select * from row_counts',
  },
});
