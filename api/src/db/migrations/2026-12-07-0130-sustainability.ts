import { sql, type Kysely } from 'kysely';

/**
 * What each preform lot is made of (recycled content, its evidence, its carbon): one row per lot once supply or the
 * admin records it, versioned for corrections. The statements compute a delivered line's figures from these rows and
 * the lot consumptions of the line, so a correction moves every statement made from the lot at once (received and
 * declared alike), which keeps the plant's balance true.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lot_compositions (
      lot_id integer primary key references lots (id) on delete cascade,
      post_consumer_percent numeric(5, 2) not null check (post_consumer_percent between 0 and 100),
      pre_consumer_percent numeric(5, 2) not null check (pre_consumer_percent between 0 and 100),
      scheme text check (scheme in ('EuCertPlast', 'RecyClass', 'ISCC PLUS', 'other')),
      certificate_no text check (length(certificate_no) between 1 and 80),
      valid_from date,
      valid_until date,
      recycling_process text check (length(recycling_process) between 1 and 200),
      carbon_kg_per_kg numeric(8, 4) check (carbon_kg_per_kg between 0 and 20),
      epd_reference text check (length(epd_reference) between 1 and 200),
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (post_consumer_percent + pre_consumer_percent <= 100),
      check ((carbon_kg_per_kg is null) = (epd_reference is null)),
      check (valid_from is null or valid_until is null or valid_from <= valid_until)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lot_compositions`.execute(db);
}
