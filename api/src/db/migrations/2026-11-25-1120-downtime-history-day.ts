import { sql, type Kysely } from 'kysely';

/**
 * The downtime history (admin and operator) and its CSV are asked for a period of days (`actual_date`). At
 * production scale (100,000 stops over six years) a month's page and its count read every stop without this index;
 * with it they read the month's stops only (about 1,400).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index downtime_history_actual_date on downtime_history (actual_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index downtime_history_actual_date`.execute(db);
}
