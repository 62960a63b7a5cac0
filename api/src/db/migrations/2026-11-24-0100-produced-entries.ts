import { sql, type Kysely } from 'kysely';

/**
 * The history of an order item's produced bottles (operator agenda): one row per entry, with the bottles
 * produced since the previous entry, the item's total after it, who recorded it and when. The item keeps its total
 * (`client_production_order_items.produced_amount`); the entries say how it grew. Items produced before this
 * migration get one entry of their total ('Recorded before the history').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table produced_entries (
      id serial primary key,
      order_item_id integer not null references client_production_order_items (id) on delete cascade,
      quantity integer not null,
      produced_total integer not null check (produced_total >= 0),
      subject text not null,
      recorded_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index produced_entries_item on produced_entries (order_item_id, id desc)`.execute(db);
  await sql`
    insert into produced_entries (order_item_id, quantity, produced_total, subject, recorded_by, created_at)
    select id, produced_amount, produced_amount, 'migration', 'Recorded before the history', updated_at
    from client_production_order_items where produced_amount > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table produced_entries`.execute(db);
}
