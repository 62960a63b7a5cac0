import { sql, type Kysely } from 'kysely';

/**
 * The gantt asks for the stops overlapping a period. By their end (2026-11-25-1240) those are the stops
 * ended after the period's start: every later stop too, so a month in the middle of years of stops read most of
 * them to keep a few. A GiST
 * index on the stop's span (start to end, both included; a running stop's span has no end) finds exactly the
 * stops overlapping the period. It replaces the index on the end, which
 * only the gantt used. The table's check (end >= start) keeps every span valid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index downtime_history_span on downtime_history using gist (tstzrange(target_start, target_end, '[]'))`.execute(db);
  await sql`drop index downtime_history_end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index downtime_history_end on downtime_history (target_end)`.execute(db);
  await sql`drop index downtime_history_span`.execute(db);
}
