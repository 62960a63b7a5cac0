import { sql, type Kysely } from 'kysely';

/**
 * Lots follow when the preforms were used (docs/traceability.md, 'FIFO' and 'Migration'): a record takes only from
 * lots received by its time, so each lot keeps when it was received (`received_at`), and the existing records are
 * computed again by that rule, oldest first; the statement checks each record's totals before it writes. The walk
 * through the records is not set-based: a record's share depends on what every record before it took.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The migrator runs it in its transaction; run alone (a test), it needs its own: the work tables live in one.
  if (!db.isTransaction) return db.transaction().execute(up);
  await sql`alter table lots add column received_at timestamptz`.execute(db);
  await sql`
    update lots l
       set received_at = case when so.delivered_at is not null and (so.delivered_at at time zone 'UTC')::date = l.delivery_date
                              then so.delivered_at
                              else l.delivery_date::timestamp at time zone 'UTC' end
      from supply_orders so
     where so.id = l.supply_order_id`.execute(db);
  await sql`alter table lots alter column received_at set not null`.execute(db);

  // The records as their rows tell them (the ledger's figures), with their time and whether the admin's lots stay.
  await sql`
    create temporary table replay_records on commit drop as
    select c.produced_entry_id as entry_id, min(c.order_item_id) as item_id, min(c.preform_id) as preform_id,
           min(c.warehouse_id) as warehouse_id, sum(c.preforms)::int as preforms, sum(c.bottles)::int as bottles,
           coalesce(min(e.created_at), min(c.created_at)) as at, false as kept
      from lot_consumptions c
      left join produced_entries e on e.id = c.produced_entry_id
     group by c.produced_entry_id`.execute(db);
  await sql`
    update replay_records r set kept = not exists (
      select 1 from lot_consumptions c left join lots l on l.id = c.lot_id
       where c.produced_entry_id = r.entry_id and (c.origin <> 'correction' or l.received_at > r.at))`.execute(db);

  await sql`
    create temporary table replay_lots on commit drop as
    select l.id, l.preform_id, l.warehouse_id, l.delivery_date, l.received_at,
           l.quantity - coalesce((select sum(c.preforms) from lot_consumptions c join replay_records r on r.entry_id = c.produced_entry_id
                                   where r.kept and c.lot_id = l.id), 0)::int as remaining
      from lots l`.execute(db);
  await sql`create index on replay_lots (preform_id, warehouse_id, delivery_date, id)`.execute(db);
  await sql`
    create temporary table replay_rows (entry_id integer not null, n integer not null, lot_id integer, preforms integer not null)
    on commit drop`.execute(db);
  // What each item took so far per lot (0: unlotted), for the give-backs.
  await sql`
    create temporary table replay_taken (item_id integer, preform_id integer, warehouse_id integer, lot_id integer, preforms integer not null,
                                         primary key (item_id, preform_id, warehouse_id, lot_id))
    on commit drop`.execute(db);

  await sql`
    do $$
    declare
      r record;
      l record;
      n integer;
      left_over integer;
      share integer;
    begin
      for r in select * from replay_records order by at, entry_id loop
        if r.kept then
          insert into replay_taken
            select r.item_id, r.preform_id, r.warehouse_id, coalesce(c.lot_id, 0), sum(c.preforms)
              from lot_consumptions c where c.produced_entry_id = r.entry_id group by c.lot_id
          on conflict (item_id, preform_id, warehouse_id, lot_id) do update set preforms = replay_taken.preforms + excluded.preforms;
          continue;
        end if;
        n := 0;
        if r.preforms > 0 then
          left_over := r.preforms;
          for l in select id, remaining from replay_lots
                    where preform_id = r.preform_id and warehouse_id = r.warehouse_id and received_at <= r.at and remaining > 0
                    order by delivery_date, id loop
            exit when left_over = 0;
            share := least(left_over, l.remaining);
            n := n + 1;
            insert into replay_rows values (r.entry_id, n, l.id, share);
            update replay_lots set remaining = remaining - share where id = l.id;
            left_over := left_over - share;
          end loop;
          if left_over > 0 then
            insert into replay_rows values (r.entry_id, n + 1, null, left_over);
          end if;
        elsif r.preforms < 0 then
          left_over := -r.preforms;
          for l in select t.lot_id, t.preforms from replay_taken t left join replay_lots x on x.id = t.lot_id
                    where t.item_id = r.item_id and t.preform_id = r.preform_id and t.warehouse_id = r.warehouse_id and t.preforms > 0
                    order by t.lot_id <> 0, x.delivery_date desc, t.lot_id desc loop
            exit when left_over = 0;
            share := least(left_over, l.preforms);
            n := n + 1;
            insert into replay_rows values (r.entry_id, n, nullif(l.lot_id, 0), -share);
            update replay_lots set remaining = remaining + share where id = l.lot_id;
            left_over := left_over - share;
          end loop;
          if left_over > 0 then
            insert into replay_rows values (r.entry_id, n + 1, null, -left_over);
          end if;
        end if;
        insert into replay_taken
          select r.item_id, r.preform_id, r.warehouse_id, coalesce(w.lot_id, 0), sum(w.preforms)
            from replay_rows w where w.entry_id = r.entry_id group by w.lot_id
        on conflict (item_id, preform_id, warehouse_id, lot_id) do update set preforms = replay_taken.preforms + excluded.preforms;
      end loop;
    end $$`.execute(db);

  // The ledger never loses a movement: every computed record adds up to the preforms its rows had.
  await sql`
    do $$
    begin
      if exists (
        select 1 from replay_records r
          left join (select entry_id, sum(preforms) as preforms from replay_rows group by entry_id) w on w.entry_id = r.entry_id
         where not r.kept and r.preforms <> coalesce(w.preforms, 0)) then
        raise exception 'lots replay: a production record''s preforms would change';
      end if;
    end $$`.execute(db);

  // Each record's bottles over its rows in proportion to their preforms, in whole bottles adding up to the record's
  // (largest remainder, as lots.ledger.ts splitBottles).
  await sql`delete from lot_consumptions c using replay_records r where r.entry_id = c.produced_entry_id and not r.kept`.execute(db);
  await sql`
    with exact as (
      select w.entry_id, w.n, w.lot_id, w.preforms, r.item_id, r.preform_id, r.warehouse_id, r.bottles,
             case when sum(w.preforms) over (partition by w.entry_id) = 0 then case when w.n = 1 then r.bottles else 0 end
                  else r.bottles::numeric * w.preforms / sum(w.preforms) over (partition by w.entry_id) end as exact
        from replay_rows w join replay_records r on r.entry_id = w.entry_id
       where w.preforms <> 0
    ), whole as (
      select e.*, trunc(e.exact)::int as whole, abs(e.exact - trunc(e.exact)) as rest from exact e
    ), ranked as (
      select h.*, h.bottles - sum(h.whole) over (partition by h.entry_id) as left_over,
             row_number() over (partition by h.entry_id order by h.rest desc, h.n) as rank
        from whole h
    )
    insert into lot_consumptions (produced_entry_id, order_item_id, lot_id, preform_id, warehouse_id, preforms, bottles, origin, subject, created_at)
    select entry_id, item_id, lot_id, preform_id, warehouse_id, preforms,
           whole + case when rank <= abs(left_over) then sign(left_over)::int else 0 end, 'migration', 'migration', now()
      from ranked
     order by entry_id, n`.execute(db);
  await sql`
    update lots l set consumed = coalesce(c.consumed, 0), updated_at = now()
      from lots x left join (select lot_id, sum(preforms)::int as consumed from lot_consumptions where lot_id is not null group by lot_id) c on c.lot_id = x.id
     where x.id = l.id and l.consumed is distinct from coalesce(c.consumed, 0)`.execute(db);
}

/** The lots keep the uses computed here (they satisfy the older rule's invariants too); only the received time goes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lots drop column received_at`.execute(db);
}
