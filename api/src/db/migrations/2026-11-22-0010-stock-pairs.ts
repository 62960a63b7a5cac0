import { sql, type Kysely } from 'kysely';

/**
 * Every (preform, warehouse) pair that a live client product uses has a preform_stock row, kept by a trigger,
 * so the stock lists read one table: the count is an index count and the listing needs no union of balances
 * and product pairs (that union was the largest cost of the operator's list over 100,000 pairs).
 * `current_stock` null means "no stock recorded for this pair yet"; the first ledger movement sets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table preform_stock alter column current_stock drop not null, alter column current_stock drop default`.execute(db);
  await sql`
    create function preform_stock_pairs() returns trigger language plpgsql as $$
    begin
      if new.deleted_at is null then
        insert into preform_stock (preform_id, warehouse_id, current_stock)
        values (new.preform_id, new.preform_warehouse_id, null)
        on conflict (preform_id, warehouse_id) do nothing;
      end if;
      -- a pair no live product uses any more, and that never had stock, leaves the lists
      if tg_op = 'UPDATE' then
        delete from preform_stock s
         where s.preform_id = old.preform_id and s.warehouse_id = old.preform_warehouse_id and s.current_stock is null
           and not exists (select 1 from client_products cp
                            where cp.preform_id = old.preform_id and cp.preform_warehouse_id = old.preform_warehouse_id
                              and cp.deleted_at is null);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger client_products_stock_pairs
      after insert or update of preform_id, preform_warehouse_id, deleted_at on client_products
      for each row execute function preform_stock_pairs()`.execute(db);
  await sql`
    insert into preform_stock (preform_id, warehouse_id, current_stock)
    select distinct preform_id, preform_warehouse_id, null::numeric from client_products where deleted_at is null
    on conflict (preform_id, warehouse_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger client_products_stock_pairs on client_products`.execute(db);
  await sql`drop function preform_stock_pairs()`.execute(db);
  await sql`delete from preform_stock where current_stock is null`.execute(db);
  await sql`alter table preform_stock alter column current_stock set default 0, alter column current_stock set not null`.execute(db);
}
