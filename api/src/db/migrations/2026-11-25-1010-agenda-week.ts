import { sql, type Kysely } from 'kysely';

/**
 * The operator's agenda answers one week, at most 30 cards of each column, instead of every open item.
 * - Its columns are sorted in SQL, a day's cards by order number in numeric order (PO-9 before PO-10, as the screen
 *   always sorted them): `order_number` is that collation (ICU's numeric ordering; on a PostgreSQL built without ICU,
 *   byte order).
 * - The items of open orders are read from the open orders (their partial index) through this index, which holds the
 *   due date and id beside the order: an index-only scan of those orders' items
 *   instead of a sequential scan of every item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index client_production_order_items_order_due on client_production_order_items (order_id, due_date) include (id)`.execute(db);
  await sql`
    do $$
    begin
      if exists (select 1 from pg_collation where collprovider = 'i') then
        create collation order_number (provider = icu, locale = 'und-u-kn-true');
      else
        create collation order_number from "C";
      end if;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop collation order_number`.execute(db);
  await sql`drop index client_production_order_items_order_due`.execute(db);
}
