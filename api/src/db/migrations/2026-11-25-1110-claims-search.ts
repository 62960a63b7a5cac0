import { sql, type Kysely } from 'kysely';

/**
 * Kept rows for the claims search and the counts of the claims and lots lists, so that neither scans the whole table
 * per request: `claim_search_texts` (each claim's searched texts, lower-cased and joined by U+001F, under a trigram
 * index), `row_counts` (the rows of a list that counts every row) and `lot_state_counts` (open and used-up lots).
 * Their rules and triggers are the modules claim-search-texts.ts, row-counts.ts and lot-state-counts.ts in
 * `api/src/db/derived/` (docs/architecture.md, "Derived data"; why the search reads a table of its own:
 * docs/decisions.md, "Claims and uploads").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  // Beside the claims, not in them: a search that matches most claims scans this narrow table (id and text) instead
  // of the claims' wide rows (the text would be their last column, behind the description and the 8D's jsonb).
  await sql`
    create table claim_search_texts (
      claim_id integer primary key references claims (id) on delete cascade,
      search_text text not null
    )`.execute(db);
  await sql`
    create function claim_search_text(claim_status text, claim_description text, claim_order integer, claim_product integer, claim_company text)
    returns text language sql stable as $$
      select concat_ws(chr(31), lower(claim_status), lower(claim_description),
                       (select lower(o.order_no) from client_production_orders o where o.id = claim_order),
                       (select lower(p.article_no) from client_products p where p.id = claim_product),
                       (select lower(p.product_name) from client_products p where p.id = claim_product),
                       (select lower(co.name) from companies co where co.id = claim_company))
    $$`.execute(db);
  await sql`
    create function claims_search_text_set() returns trigger language plpgsql as $$
    begin
      insert into claim_search_texts (claim_id, search_text)
      values (new.id, claim_search_text(new.status, new.description, new.client_production_order_id, new.client_product_id, new.company_id))
      on conflict (claim_id) do update set search_text = excluded.search_text;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger claims_search_text after insert or update of status, description, client_production_order_id, client_product_id, company_id
      on claims for each row execute function claims_search_text_set()`.execute(db);
  // The texts of other tables: their claims' texts are written again (only when the text changed).
  for (const [table, column, columns] of [
    ['client_production_orders', 'client_production_order_id', ['order_no']],
    ['client_products', 'client_product_id', ['article_no', 'product_name']],
    ['companies', 'company_id', ['name']],
  ] as const) {
    const name = `claims_search_text_of_${table}`;
    await sql`
      create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin
        update claim_search_texts s
           set search_text = claim_search_text(c.status, c.description, c.client_production_order_id, c.client_product_id, c.company_id)
          from claims c
         where c.id = s.claim_id and c.${sql.raw(column)} = new.id;
        return null;
      end $$`.execute(db);
    const changed = columns.map((col) => `old.${col} is distinct from new.${col}`).join(' or ');
    await sql`
      create trigger ${sql.raw(name)} after update of ${sql.raw(columns.join(', '))} on ${sql.raw(table)}
        for each row when (${sql.raw(changed)}) execute function ${sql.raw(name)}()`.execute(db);
  }
  await sql`
    create function claims_search_refill() returns void language sql as $$
      insert into claim_search_texts (claim_id, search_text)
      select c.id, concat_ws(chr(31), lower(c.status), lower(c.description), lower(o.order_no), lower(p.article_no), lower(p.product_name), lower(co.name))
        from claims c
        join client_production_orders o on o.id = c.client_production_order_id
        join client_products p on p.id = c.client_product_id
        join companies co on co.id = c.company_id
      on conflict (claim_id) do update set search_text = excluded.search_text
       where claim_search_texts.search_text is distinct from excluded.search_text
    $$`.execute(db);
  await sql`select claims_search_refill()`.execute(db);
  await sql`create index claim_search_texts_trgm on claim_search_texts using gin (search_text gin_trgm_ops)`.execute(db);

  // How many claims there are: the staff's list without a search counts every claim (50,000 index entries) otherwise.
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
  await countRows(db, 'claims');

  // How many lots are open (consumed < quantity) and used up.
  await sql`
    create table lot_state_counts (
      state text primary key check (state in ('open', 'usedUp')),
      lots bigint not null
    )`.execute(db);
  await sql`
    create function lot_state_counts_refill() returns void language sql as $$
      insert into lot_state_counts (state, lots)
      select s.state, (select count(*) from lots l where (l.consumed < l.quantity) = (s.state = 'open'))
        from (values ('open'), ('usedUp')) s(state)
      on conflict (state) do update set lots = excluded.lots
    $$`.execute(db);
  // One function for the three statement triggers (each names only its own transition tables); the open row is
  // always moved before the used-up row, so concurrent writers queue in one order.
  await sql`
    create function lot_state_counts_move() returns trigger language plpgsql as $$
    declare
      open_delta bigint := 0;
      used_up_delta bigint := 0;
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        select open_delta + count(*) filter (where consumed < quantity), used_up_delta + count(*) filter (where consumed >= quantity)
          into open_delta, used_up_delta from new_lots;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        select open_delta - count(*) filter (where consumed < quantity), used_up_delta - count(*) filter (where consumed >= quantity)
          into open_delta, used_up_delta from old_lots;
      end if;
      if open_delta <> 0 then
        update lot_state_counts set lots = lots + open_delta where state = 'open';
      end if;
      if used_up_delta <> 0 then
        update lot_state_counts set lots = lots + used_up_delta where state = 'usedUp';
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger lot_state_counts_insert after insert on lots referencing new table as new_lots for each statement execute function lot_state_counts_move()`.execute(db);
  await sql`
    create trigger lot_state_counts_update after update on lots referencing old table as old_lots new table as new_lots
      for each statement execute function lot_state_counts_move()`.execute(db);
  await sql`create trigger lot_state_counts_delete after delete on lots referencing old table as old_lots for each statement execute function lot_state_counts_move()`.execute(db);
  await sql`select lot_state_counts_refill()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger lot_state_counts_delete on lots`.execute(db);
  await sql`drop trigger lot_state_counts_update on lots`.execute(db);
  await sql`drop trigger lot_state_counts_insert on lots`.execute(db);
  await sql`drop function lot_state_counts_move()`.execute(db);
  await sql`drop function lot_state_counts_refill()`.execute(db);
  await sql`drop table lot_state_counts`.execute(db);
  await uncountRows(db, 'claims');
  await sql`drop function row_counts_move()`.execute(db);
  await sql`drop function row_counts_refill(text)`.execute(db);
  await sql`drop table row_counts`.execute(db);
  for (const table of ['companies', 'client_products', 'client_production_orders']) {
    await sql`drop trigger ${sql.raw(`claims_search_text_of_${table}`)} on ${sql.raw(table)}`.execute(db);
    await sql`drop function ${sql.raw(`claims_search_text_of_${table}`)}()`.execute(db);
  }
  await sql`drop trigger claims_search_text on claims`.execute(db);
  await sql`drop function claims_search_text_set()`.execute(db);
  await sql`drop function claims_search_refill()`.execute(db);
  await sql`drop function claim_search_text(text, text, integer, integer, text)`.execute(db);
  await sql`drop table claim_search_texts`.execute(db);
}

/** Keeps `table`'s number of rows in `row_counts`: its two statement triggers, and its count now. */
export async function countRows(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`create trigger ${sql.raw(`${table}_row_count_insert`)} after insert on ${sql.table(table)}
    referencing new table as new_rows for each statement execute function row_counts_move()`.execute(db);
  await sql`create trigger ${sql.raw(`${table}_row_count_delete`)} after delete on ${sql.table(table)}
    referencing old table as old_rows for each statement execute function row_counts_move()`.execute(db);
  await sql`select row_counts_refill(${table})`.execute(db);
}

/** Stops keeping `table`'s number of rows. */
export async function uncountRows(db: Kysely<unknown>, table: string): Promise<void> {
  await sql`drop trigger ${sql.raw(`${table}_row_count_delete`)} on ${sql.table(table)}`.execute(db);
  await sql`drop trigger ${sql.raw(`${table}_row_count_insert`)} on ${sql.table(table)}`.execute(db);
  await sql`delete from row_counts where table_name = ${table}`.execute(db);
}
