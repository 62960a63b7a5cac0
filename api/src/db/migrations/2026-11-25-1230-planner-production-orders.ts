import { sql, type Kysely } from 'kysely';

/**
 * Issue 14: the seller's planner month and the admin's production orders at production scale.
 * - The planner reads the forecast items of the products the seller makes (owned or made for a buyer) for the plans
 *   overlapping the month. With the plan and the amount beside the product in the index, those items are an
 *   index-only scan (about 600 entries for the bench's seller) instead of a hash of all 100,000 forecast items. It
 *   replaces the index on the product alone (a prefix of this one: the foreign key's checks use it as well).
 * - The admin's production orders counted every order on each page (an index-only scan of 60,000 entries, 3-6 ms).
 *   `row_counts` keeps the number of rows of a table whose list counts them all, moved by one statement-trigger
 *   function (`row_counts_move`) on each such table, and counted again by `row_counts_refill(table)`: the production
 *   orders, and the claims, whose `claim_counts` (migration 1110, the same thing for one table) it replaces. A write
 *   updates the table's one row, so concurrent inserts into that table wait for each other's commit there (rare
 *   writes: an order, a claim).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index client_production_plan_items_product_plan on client_production_plan_items (client_product_id, plan_id) include (planned_amount)`.execute(db);
  await sql`drop index client_production_plan_items_product`.execute(db);

  // One kept count per table, one trigger function and one refill for every table whose list counts all its rows:
  // claims (until now `claim_counts`, migration 1110) and production orders.
  await sql`create table row_counts (table_name text primary key, row_count bigint not null)`.execute(db);
  await sql`
    create function row_counts_refill(counted text) returns void language plpgsql as $$
    begin
      execute format(
        'insert into row_counts (table_name, row_count) select %L, count(*) from %I
         on conflict (table_name) do update set row_count = excluded.row_count', counted, counted);
    end $$`.execute(db);
  // A statement's rows, counted from its transition table (named new_rows / old_rows by every trigger using it).
  await sql`
    create function row_counts_move() returns trigger language plpgsql as $$
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
    end $$`.execute(db);
  for (const table of ['claims', 'client_production_orders']) {
    await sql`create trigger ${sql.raw(`${table}_row_count_insert`)} after insert on ${sql.table(table)}
      referencing new table as new_rows for each statement execute function row_counts_move()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_row_count_delete`)} after delete on ${sql.table(table)}
      referencing old table as old_rows for each statement execute function row_counts_move()`.execute(db);
    await sql`select row_counts_refill(${table})`.execute(db);
  }
  await sql`drop trigger claim_counts_delete on claims`.execute(db);
  await sql`drop trigger claim_counts_insert on claims`.execute(db);
  await sql`drop function claim_counts_move()`.execute(db);
  await sql`drop function claim_counts_refill()`.execute(db);
  await sql`drop table claim_counts`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create table claim_counts (only_row boolean primary key default true check (only_row), claims bigint not null)`.execute(db);
  await sql`
    create function claim_counts_refill() returns void language sql as $$
      insert into claim_counts (claims) select count(*) from claims
      on conflict (only_row) do update set claims = excluded.claims
    $$`.execute(db);
  await sql`
    create function claim_counts_move() returns trigger language plpgsql as $$
    declare
      delta bigint;
    begin
      if tg_op = 'INSERT' then
        select count(*) into delta from new_claims;
      else
        select -count(*) into delta from old_claims;
      end if;
      if delta <> 0 then
        update claim_counts set claims = claims + delta;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger claim_counts_insert after insert on claims referencing new table as new_claims for each statement execute function claim_counts_move()`.execute(db);
  await sql`create trigger claim_counts_delete after delete on claims referencing old table as old_claims for each statement execute function claim_counts_move()`.execute(db);
  await sql`select claim_counts_refill()`.execute(db);
  for (const table of ['claims', 'client_production_orders']) {
    await sql`drop trigger ${sql.raw(`${table}_row_count_delete`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_row_count_insert`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function row_counts_move()`.execute(db);
  await sql`drop function row_counts_refill(text)`.execute(db);
  await sql`drop table row_counts`.execute(db);
  await sql`create index client_production_plan_items_product on client_production_plan_items (client_product_id)`.execute(db);
  await sql`drop index client_production_plan_items_product_plan`.execute(db);
}
