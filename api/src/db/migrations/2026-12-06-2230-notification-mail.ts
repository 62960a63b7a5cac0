import { sql, type Kysely } from 'kysely';

/**
 * E-mail as each person chooses: per person and kind of notification in the portal only (no row), at once, or in a
 * daily digest (`notification_choices`); the digest's hour and time zone per person (`notification_settings`, with the
 * local day of the last digest so it goes once a day). Each e-mail is a row of `notification_mails`, written in the
 * transaction that decides it, with its job; a notification belongs to at most one e-mail (`notifications.mail_id`),
 * so it is never mailed twice. The queues: one delivery per job (retried; `short`: one queued job per singleton key,
 * the e-mail's notification or the person's digest day), and the digest's schedule.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_choices (
      user_id text not null check (length(user_id) between 1 and 255),
      kind text not null check (length(kind) between 1 and 64),
      delivery text not null check (delivery in ('immediate', 'digest')),
      primary key (user_id, kind)
    )`.execute(db);
  await sql`
    create table notification_settings (
      user_id text primary key check (length(user_id) between 1 and 255),
      digest_hour smallint not null check (digest_hour between 0 and 23),
      time_zone text not null check (length(time_zone) between 1 and 64),
      last_digest_on date
    )`.execute(db);
  await sql`
    create table notification_mails (
      id integer generated always as identity primary key,
      user_id text not null check (length(user_id) between 1 and 255),
      digest boolean not null,
      created_at timestamptz not null,
      sent_at timestamptz,
      attempts integer not null default 0,
      last_error text
    )`.execute(db);
  await sql`alter table notifications add column mail_id integer references notification_mails (id) on delete set null`.execute(db);
  await sql`create index notifications_mail on notifications (mail_id) where mail_id is not null`.execute(db);
  await sql`create index notifications_unmailed on notifications (user_id, first_at) where mail_id is null`.execute(db);
  await sql`select pgboss.create_queue('notification-email', ${JSON.stringify({ policy: 'short', retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 })}::json)`.execute(db);
  await sql`select pgboss.create_queue('notification-digest', ${JSON.stringify({ policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 })}::json)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from pgboss.schedule where name = 'notification-digest'`.execute(db);
  await sql`select pgboss.delete_queue('notification-digest')`.execute(db);
  await sql`select pgboss.delete_queue('notification-email')`.execute(db);
  await sql`drop index notifications_unmailed`.execute(db);
  await sql`drop index notifications_mail`.execute(db);
  await sql`alter table notifications drop column mail_id`.execute(db);
  await sql`drop table notification_mails`.execute(db);
  await sql`drop table notification_settings`.execute(db);
  await sql`drop table notification_choices`.execute(db);
}
