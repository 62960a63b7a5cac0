import { sql, type Kysely } from 'kysely';

/**
 * Machine events outside their bounds are kept aside, not applied: dated ahead of the portal's clock, before the
 * horizon (closed days), or a stop over one typed by hand. The admin reviews them with the reason and its numbers
 * (`detail`: the bound, the overlapped downtime row).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table machine_events_unmatched drop constraint machine_events_unmatched_reason_check`.execute(db);
  await sql`alter table machine_events_unmatched add constraint machine_events_unmatched_reason_check
    check (reason in ('unknownMachine', 'outOfScope', 'unknownCause', 'aheadOfClock', 'beforeHorizon', 'overlapsTypedStop'))`.execute(db);
  await sql`alter table machine_events_unmatched add column detail text check (length(detail) <= 300)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from machine_events_unmatched where reason in ('aheadOfClock', 'beforeHorizon', 'overlapsTypedStop')`.execute(db);
  await sql`alter table machine_events_unmatched drop column detail`.execute(db);
  await sql`alter table machine_events_unmatched drop constraint machine_events_unmatched_reason_check`.execute(db);
  await sql`alter table machine_events_unmatched add constraint machine_events_unmatched_reason_check
    check (reason in ('unknownMachine', 'outOfScope', 'unknownCause'))`.execute(db);
}
