import { sql, type Kysely } from 'kysely';

/**
 * A notification e-mail that failed its last retry is kept for the admin, as the invoices' outbox keeps its dead letters:
 * pg-boss copies the job to `notification-email-dead`, whose worker stamps the e-mail `failed_at` and records
 * `email.failed` in the event log; the admin sees it until it is sent again. Jobs already queued keep the queue's old
 * options (no dead letter); only new ones are copied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_mails add column failed_at timestamptz`.execute(db);
  await sql`create index notification_mails_failed on notification_mails (failed_at desc, id desc) where failed_at is not null and sent_at is null`.execute(db);
  await sql`select pgboss.create_queue('notification-email-dead', ${JSON.stringify({ policy: 'standard', retryLimit: 10, retryDelay: 60, retryBackoff: true })}::json)`.execute(db);
  await sql`update pgboss.queue set dead_letter = 'notification-email-dead' where name = 'notification-email'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update pgboss.queue set dead_letter = null where name = 'notification-email'`.execute(db);
  await sql`update pgboss.job set dead_letter = null where dead_letter = 'notification-email-dead'`.execute(db);
  await sql`select pgboss.delete_queue('notification-email-dead')`.execute(db);
  await sql`drop index notification_mails_failed`.execute(db);
  await sql`alter table notification_mails drop column failed_at`.execute(db);
}
