import { refillBody, defineDerived, fn, statementTrigger, statementTriggers } from './derived.js';

/** The day counts of the agenda rows a statement inserted (`new_rows`, added) or deleted (`old_rows`, taken away). */
const dayCountsOf = (rows: 'new_rows' | 'old_rows') => {
  const sign = rows === 'old_rows' ? '-' : '';
  return `
    begin
      if current_setting('agenda.refilling', true) = 'on' then return null; end if;
      insert into agenda_day_counts as d (due_date, open_items, closed_items)
      select due_date, ${sign}count(*) filter (where open), ${sign}count(*) filter (where not open) from ${rows} group by due_date order by due_date
      on conflict (due_date) do update set open_items = d.open_items + excluded.open_items, closed_items = d.closed_items + excluded.closed_items;
      return null;
    end `;
};

export const agenda = defineDerived({
  name: 'agenda',
  owner: 'orders',
  tables: ['agenda_items', 'agenda_day_counts'],
  sources: ['agenda_items', 'client_production_order_items', 'client_production_orders', 'companies'],
  rule: `agenda_items: one row per item of a producing company's order (client_type <> '1'): its due date, its order's
number and whether the order is open, indexed per day in the screen's order. agenda_day_counts: per due date, how many
of those items belong to open and to closed orders (a column's count is a sum over its days). The day counts follow
agenda_items (statement triggers, one upsert per statement in due-date order, so writers of the same days queue).`,
  readBy: ['web/src/features/orders/AgendaPage.tsx (the operator\'s agenda: cards and column counts)'],
  functions: [
    fn('agenda_day_counts_delete() returns trigger language plpgsql', dayCountsOf('old_rows')),
    fn('agenda_day_counts_insert() returns trigger language plpgsql', dayCountsOf('new_rows')),
    fn('agenda_day_counts_update() returns trigger language plpgsql', `
    begin
      if current_setting('agenda.refilling', true) = 'on' then return null; end if;
      insert into agenda_day_counts as d (due_date, open_items, closed_items)
      select due_date, sum(open_items), sum(closed_items)
        from (
          select n.due_date, n.open::int as open_items, (not n.open)::int as closed_items from new_rows n
          union all
          select o.due_date, -(o.open::int), -((not o.open)::int) from old_rows o
        ) delta
       group by due_date
      having sum(open_items) <> 0 or sum(closed_items) <> 0
       order by due_date
      on conflict (due_date) do update set open_items = d.open_items + excluded.open_items, closed_items = d.closed_items + excluded.closed_items;
      return null;
    end `),
    fn('agenda_items_refresh(item_ids integer[]) returns void language plpgsql', `
    begin
      if coalesce(cardinality(item_ids), 0) = 0 then return; end if;
      delete from agenda_items a
       where a.item_id = any(item_ids) and not exists (select 1 from agenda_items_computed v where v.item_id = a.item_id);
      insert into agenda_items as a (item_id, due_date, order_no, open)
      select v.item_id, v.due_date, v.order_no, v.open from agenda_items_computed v where v.item_id = any(item_ids) order by v.item_id
      on conflict (item_id) do update set due_date = excluded.due_date, order_no = excluded.order_no, open = excluded.open
       where (a.due_date, a.order_no, a.open) is distinct from (excluded.due_date, excluded.order_no, excluded.open);
    end `),
    fn('agenda_items_of_items() returns trigger language plpgsql', `
    begin
      if tg_op = 'INSERT' then
        perform agenda_items_refresh(array(select id from new_rows));
      elsif tg_op = 'DELETE' then
        perform agenda_items_refresh(array(select id from old_rows));
      else
        perform agenda_items_refresh(array(
          select n.id from old_rows o join new_rows n on n.id = o.id where (n.due_date, n.order_id) is distinct from (o.due_date, o.order_id)));
      end if;
      return null;
    end `),
    fn('agenda_items_of_orders() returns trigger language plpgsql', `
    begin
      perform agenda_items_refresh(array(
        select i.id from old_rows p join new_rows n on n.id = p.id join client_production_order_items i on i.order_id = n.id
         where (n.closed, n.order_no, n.company_id) is distinct from (p.closed, p.order_no, p.company_id)));
      return null;
    end `),
    fn('agenda_items_of_companies() returns trigger language plpgsql', `
    begin
      perform agenda_items_refresh(array(
        select i.id from old_rows p join new_rows n on n.id = p.id
          join client_production_orders o on o.company_id = n.id join client_production_order_items i on i.order_id = o.id
         where (p.client_type = '1') is distinct from (n.client_type = '1')));
      return null;
    end `),
    fn('agenda_refill() returns void language plpgsql', refillBody(
      ['agenda_items', 'agenda_day_counts'],
      `
      insert into agenda_items (item_id, due_date, order_no, open)
      select item_id, due_date, order_no, open from agenda_items_computed order by item_id;
      insert into agenda_day_counts (due_date, open_items, closed_items)
      select due_date, count(*) filter (where open), count(*) filter (where not open) from agenda_items group by due_date order by due_date;`,
      'agenda.refilling',
    )),
  ],
  triggers: [
    ...statementTriggers('agenda_items_counts', 'agenda_items', (event) => `agenda_day_counts_${event}`),
    ...statementTriggers('client_production_order_items_agenda', 'client_production_order_items', 'agenda_items_of_items'),
    statementTrigger('client_production_orders_agenda', 'update', 'client_production_orders', 'agenda_items_of_orders'),
    statementTrigger('companies_agenda', 'update', 'companies', 'agenda_items_of_companies'),
  ],
  refill: [
    'select agenda_refill()',
  ],
  kept: {
    agenda_items: 'select * from agenda_items',
    agenda_day_counts: 'select * from agenda_day_counts where open_items <> 0 or closed_items <> 0',
  },
});
