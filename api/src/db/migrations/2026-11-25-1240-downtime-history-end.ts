import { sql, type Kysely } from 'kysely';

/**
 * The gantt asks for the stops overlapping a period: started before its end and ended after its start, or
 * still running. By their start both of its statements read every stop, because "started before the end" holds
 * for years of stops. By their end,
 * the stops ended after the period's start and those still running (a null end, which a btree indexes) are the
 * period's and the few after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index downtime_history_end on downtime_history (target_end)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index downtime_history_end`.execute(db);
}
