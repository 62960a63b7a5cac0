import { sql, type Kysely } from 'kysely';

/**
 * The history of every order item: one append-only row per change — created, quantity, due date,
 * buyer or seller confirmation, produced quantity, closed, deleted — with who made it and when. A trigger on the
 * items writes it, so no write path (the order editor, the planner's drag and dialog, the operator's dialog) can
 * forget it; the services name the actor for the transaction (`portal.actor`, `portal.actor_name`), and a change
 * made without one (a migration, psql) is recorded as 'system'. A cleared seller confirmation says why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_item_history (
      id bigserial primary key,
      order_item_id integer not null,
      order_id integer not null,
      change text not null check (change in ('created', 'changed', 'deleted')),
      planned_amount integer,
      previous_planned_amount integer,
      due_date date,
      previous_due_date date,
      is_buyer_confirmed boolean,
      previous_buyer_confirmed boolean,
      is_seller_confirmed boolean,
      previous_seller_confirmed boolean,
      produced_amount integer,
      previous_produced_amount integer,
      is_closed boolean,
      previous_closed boolean,
      reason text,
      subject text not null,
      actor_name text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index order_item_history_item on order_item_history (order_item_id, id)`.execute(db);
  await sql`
    create function order_item_history_refuse() returns trigger language plpgsql as $$
    begin
      raise exception 'order_item_history is append-only';
    end $$`.execute(db);
  await sql`
    create trigger order_item_history_append_only before update or delete on order_item_history
      for each row execute function order_item_history_refuse()`.execute(db);
  await sql`
    create function order_item_history_record() returns trigger language plpgsql as $$
    declare
      who text := coalesce(nullif(current_setting('portal.actor', true), ''), 'system');
      who_name text := coalesce(nullif(current_setting('portal.actor_name', true), ''), 'System');
      why text;
    begin
      if tg_op = 'INSERT' then
        insert into order_item_history (order_item_id, order_id, change, planned_amount, due_date, is_buyer_confirmed,
          is_seller_confirmed, produced_amount, is_closed, subject, actor_name)
        values (new.id, new.order_id, 'created', new.planned_amount, new.due_date, new.is_buyer_confirmed,
          new.is_seller_confirmed, new.produced_amount, new.is_closed, who, who_name);
        return null;
      end if;
      if tg_op = 'DELETE' then
        insert into order_item_history (order_item_id, order_id, change, previous_planned_amount, previous_due_date,
          previous_buyer_confirmed, previous_seller_confirmed, previous_produced_amount, previous_closed, subject, actor_name)
        values (old.id, old.order_id, 'deleted', old.planned_amount, old.due_date, old.is_buyer_confirmed,
          old.is_seller_confirmed, old.produced_amount, old.is_closed, who, who_name);
        return null;
      end if;
      if (new.planned_amount, new.due_date, new.is_buyer_confirmed, new.is_seller_confirmed, new.produced_amount, new.is_closed)
         is not distinct from
         (old.planned_amount, old.due_date, old.is_buyer_confirmed, old.is_seller_confirmed, old.produced_amount, old.is_closed) then
        return null;
      end if;
      if old.is_seller_confirmed and not new.is_seller_confirmed then
        why := case
          when new.due_date is distinct from old.due_date and new.planned_amount is distinct from old.planned_amount
            then 'The due date and the quantity changed.'
          when new.due_date is distinct from old.due_date then 'The due date changed.'
          when new.planned_amount is distinct from old.planned_amount then 'The quantity changed.'
          else 'The seller withdrew the confirmation.'
        end;
      end if;
      insert into order_item_history (order_item_id, order_id, change,
        planned_amount, previous_planned_amount, due_date, previous_due_date,
        is_buyer_confirmed, previous_buyer_confirmed, is_seller_confirmed, previous_seller_confirmed,
        produced_amount, previous_produced_amount, is_closed, previous_closed, reason, subject, actor_name)
      values (new.id, new.order_id, 'changed',
        new.planned_amount, old.planned_amount, new.due_date, old.due_date,
        new.is_buyer_confirmed, old.is_buyer_confirmed, new.is_seller_confirmed, old.is_seller_confirmed,
        new.produced_amount, old.produced_amount, new.is_closed, old.is_closed, why, who, who_name);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger client_production_order_items_history
      after insert or delete or update of planned_amount, due_date, is_buyer_confirmed, is_seller_confirmed, produced_amount, is_closed
      on client_production_order_items for each row execute function order_item_history_record()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger client_production_order_items_history on client_production_order_items`.execute(db);
  await sql`drop function order_item_history_record()`.execute(db);
  await sql`drop table order_item_history`.execute(db);
  await sql`drop function order_item_history_refuse()`.execute(db);
}
