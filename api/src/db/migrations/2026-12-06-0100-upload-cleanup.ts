import { sql, type Kysely } from 'kysely';

/**
 * Files never attached to a claim are removed after a day by a scheduled job; its queue is made here, as the owner
 * (pg-boss 10 makes a table per queue, and the application role may not run DDL), with the queue pg-boss's cron
 * sends through (`__pgboss__send-it`, which pg-boss would otherwise try to make at start). `stately`: at most one run queued
 * and one active, so replicas that schedule it at once and a run that overlaps the next one do not pile up. The
 * partial index finds the old unattached files without reading the attached ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`select pgboss.create_queue('__pgboss__send-it', ${JSON.stringify({ policy: 'standard' })}::json)`.execute(db);
  await sql`select pgboss.create_queue('upload-cleanup', ${JSON.stringify({ policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 })}::json)`.execute(db);
  await sql`create index uploads_unattached on uploads (created_at, id) where object_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index uploads_unattached`.execute(db);
  await sql`delete from pgboss.schedule where name = 'upload-cleanup'`.execute(db);
  await sql`select pgboss.delete_queue('upload-cleanup')`.execute(db);
  await sql`select pgboss.delete_queue('__pgboss__send-it')`.execute(db);
}
