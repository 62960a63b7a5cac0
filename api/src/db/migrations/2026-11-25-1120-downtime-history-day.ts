import { sql, type Kysely } from 'kysely';

/**
 * The downtime history (admin and operator) and its CSV are asked for a period of days (`actual_date`). Without
 * this index a month's page and its count read every stop; with it they read the month's stops only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index downtime_history_actual_date on downtime_history (actual_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index downtime_history_actual_date`.execute(db);
}
