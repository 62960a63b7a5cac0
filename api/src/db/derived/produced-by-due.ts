import { defineDerived, fn, trigger } from './derived.js';

export const producedByDue = defineDerived({
  name: 'produced-by-due',
  owner: 'stats',
  tables: ['client_production_order_items.produced_by_due'],
  sources: ['client_production_order_items', 'produced_entries'],
  rule: `Per order item, how many bottles had been produced by the end of its due day (UTC): the total of its last
produced entry recorded by then. On-time-in-full sums it instead of looking each item's entries up.`,
  readBy: ['web/src/features/stats/DeliveryPage.tsx and AdminDeliveryPage.tsx (on time in full, through delivery-sums)', 'web/src/features/orders/AgendaPage.tsx'],
  functions: [
    fn('order_item_produced_by_due(item integer, due date) returns integer language sql stable', `
      select coalesce((
        select pe.produced_total from produced_entries pe
         where pe.order_item_id = item and pe.created_at < ((due + 1)::timestamp at time zone 'UTC')
         order by pe.id desc limit 1), 0)
    `),
    fn('produced_entries_by_due() returns trigger language plpgsql', `
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update client_production_order_items i set produced_by_due = order_item_produced_by_due(i.id, i.due_date)
         where i.id = old.order_item_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update client_production_order_items i set produced_by_due = order_item_produced_by_due(i.id, i.due_date)
         where i.id = new.order_item_id;
      end if;
      return null;
    end `),
    fn('order_items_by_due() returns trigger language plpgsql', `
    begin
      new.produced_by_due := order_item_produced_by_due(new.id, new.due_date);
      return new;
    end `),
  ],
  triggers: [
    trigger('client_production_order_items_by_due', 'before update of due_date on client_production_order_items for each row when ((new.due_date is distinct from old.due_date)) execute function order_items_by_due()'),
    trigger('produced_entries_by_due', 'after insert or delete or update of order_item_id, produced_total, created_at on produced_entries for each row execute function produced_entries_by_due()'),
  ],
  refill: [
    'update client_production_order_items i set produced_by_due = order_item_produced_by_due(i.id, i.due_date)',
  ],
  kept: {
    'client_production_order_items.produced_by_due': 'select id, produced_by_due from client_production_order_items',
  },
});
