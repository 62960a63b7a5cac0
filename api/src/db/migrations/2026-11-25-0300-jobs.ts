import { sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';

/**
 * Background jobs: pg-boss's own schema `pgboss`, made here as the schema's owner (the application role may
 * not run DDL, and pg-boss 10 makes a table per queue), from the construction plan of the installed pg-boss
 * (`PgBoss.getConstructionPlans`, its schema version 24) without its own BEGIN/COMMIT, since the migrations already run
 * in one transaction. The API starts pg-boss with `migrate: false`; a later pg-boss upgrade is a migration running
 * `PgBoss.getMigrationPlans`. Then the queues: the e-mails of 'Confirm & Send' and their dead letters (a job that
 * failed its last retry is copied there). The outbox row stays the record of each message: how many attempts were made
 * and, once dead-lettered, when (`failed_at`), so the admin sees it until it is retried. Messages still unsent get a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const plan = PgBoss.getConstructionPlans('pgboss')
    .replace(/^\s*BEGIN;/, '')
    .replace(/COMMIT;\s*$/, '');
  await sql.raw(plan).execute(db);
  await sql`select pgboss.create_queue('invoice-email-dead', ${JSON.stringify({ policy: 'standard', retryLimit: 10, retryDelay: 60, retryBackoff: true })}::json)`.execute(db);
  await sql`select pgboss.create_queue('invoice-email', ${JSON.stringify({ policy: 'standard', retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 300, deadLetter: 'invoice-email-dead' })}::json)`.execute(db);

  await sql`alter table outbox add column attempts integer not null default 0 check (attempts >= 0)`.execute(db);
  await sql`alter table outbox add column failed_at timestamptz`.execute(db);
  await sql`create index outbox_failed on outbox (failed_at desc, id) where failed_at is not null and sent_at is null`.execute(db);
  // Messages left unsent by the delivery before the queue (it retried them on its next run) get their job now.
  await sql`
    insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, dead_letter, policy)
    select 'invoice-email', jsonb_build_object('outboxId', id), 6, 30, true, interval '300 seconds', 'invoice-email-dead', 'standard'
    from outbox where sent_at is null order by id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_failed`.execute(db);
  await sql`alter table outbox drop column failed_at, drop column attempts`.execute(db);
  await sql`drop schema pgboss cascade`.execute(db);
}
