import { sql, type Kysely } from 'kysely';

/**
 * The OEE, the downtime analytics and the client's top causes read the stops of each machine overlapping a
 * period: ending after its start (or still open) and starting before its end. The index by (company, machine, end)
 * could not take the end's bound (the query's `end > from or end is null` is one condition), so each machine's every
 * stop was read from the table and filtered. The
 * index now carries the start and the cause too, and the queries read the two cases apart (ended after `from`; open):
 * an index-only range per machine. Its keys lead as the replaced index's did, so it serves what that index served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index downtime_history_machine_end_cover on downtime_history (company_id, machine_name, target_end) include (target_start, cause_id)`.execute(db);
  await sql`drop index downtime_history_machine_end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index downtime_history_machine_end on downtime_history (company_id, machine_name, target_end)`.execute(db);
  await sql`drop index downtime_history_machine_end_cover`.execute(db);
}
