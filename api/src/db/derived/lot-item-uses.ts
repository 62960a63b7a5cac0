import { defineDerived, fn, statementTriggers, trigger } from './derived.js';

export const lotItemUses = defineDerived({
  name: 'lot-item-uses',
  owner: 'lots',
  tables: ['lot_item_uses'],
  sources: ['client_production_order_items', 'client_production_orders', 'invoice_lines', 'lot_consumptions'],
  rule: `Per lot, the order items its preforms went into (used) and the buyers' items made from those (affected), with
the company and whether the item is delivered: the recall's answer (view lot_item_uses_computed), refreshed per source
item when consumptions, items, orders or invoice lines change.`,
  readBy: ['web/src/features/lots/LotPage.tsx (recall)'],
  functions: [
    fn('lot_item_uses_refresh(sources integer[]) returns void language plpgsql', `
    declare
      ids integer[] := array(select distinct s from unnest(sources) s where s is not null order by s);
    begin
      if cardinality(ids) = 0 then return; end if;
      perform pg_advisory_xact_lock(1017, s) from unnest(ids) with ordinality as t(s, n) order by n;
      delete from lot_item_uses where source_item_id = any(ids);
      insert into lot_item_uses (lot_id, item_id, source_item_id, company_id, preforms, bottles, delivered)
        select lot_id, item_id, source_item_id, company_id, preforms, bottles, delivered
          from lot_item_uses_computed where source_item_id = any(ids);
    end `),
    fn('lot_item_uses_refresh_items(items integer[]) returns void language sql', `
      select lot_item_uses_refresh(items || array(
        select i.ref_production_order_item_id from client_production_order_items i where i.id = any(items)))
    `),
    fn('lot_item_uses_consumptions() returns trigger language plpgsql', `
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform lot_item_uses_refresh(array(select distinct order_item_id from old_rows));
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform lot_item_uses_refresh(array(select distinct order_item_id from new_rows));
      end if;
      return null;
    end `),
    fn('lot_item_uses_items() returns trigger language plpgsql', `
    begin
      if tg_op = 'INSERT' then
        perform lot_item_uses_refresh(array[new.ref_production_order_item_id]);
      elsif tg_op = 'DELETE' then
        perform lot_item_uses_refresh(array[old.id, old.ref_production_order_item_id]);
      else
        perform lot_item_uses_refresh(array[new.id, old.ref_production_order_item_id, new.ref_production_order_item_id]);
      end if;
      return null;
    end `),
    fn('lot_item_uses_orders() returns trigger language plpgsql', `
    begin
      perform lot_item_uses_refresh_items(array(select i.id from client_production_order_items i where i.order_id = new.id));
      return null;
    end `),
    fn('lot_item_uses_invoice_lines() returns trigger language plpgsql', `
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform lot_item_uses_refresh_items(array(select order_item_id from old_rows));
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform lot_item_uses_refresh_items(array(select order_item_id from new_rows));
      end if;
      return null;
    end `),
  ],
  triggers: [
    ...statementTriggers('lot_item_uses_invoice_lines', 'invoice_lines', 'lot_item_uses_invoice_lines'),
    ...statementTriggers('lot_item_uses_consumptions', 'lot_consumptions', 'lot_item_uses_consumptions'),
    trigger('lot_item_uses_items_delete', 'after delete on client_production_order_items for each row execute function lot_item_uses_items()'),
    trigger('lot_item_uses_items_insert', 'after insert on client_production_order_items for each row when ((new.ref_production_order_item_id is not null)) execute function lot_item_uses_items()'),
    trigger('lot_item_uses_items_update', 'after update of is_closed, order_id, ref_production_order_item_id on client_production_order_items for each row when (((old.is_closed is distinct from new.is_closed) or (old.order_id is distinct from new.order_id) or (old.ref_production_order_item_id is distinct from new.ref_production_order_item_id))) execute function lot_item_uses_items()'),
    trigger('lot_item_uses_orders', 'after update of closed, company_id on client_production_orders for each row when (((old.closed is distinct from new.closed) or (old.company_id is distinct from new.company_id))) execute function lot_item_uses_orders()'),
  ],
  refill: [
    'delete from lot_item_uses',
    'insert into lot_item_uses select lot_id, item_id, source_item_id, company_id, preforms, bottles, delivered from lot_item_uses_computed',
  ],
  kept: {
    lot_item_uses: 'select * from lot_item_uses',
  },
});
