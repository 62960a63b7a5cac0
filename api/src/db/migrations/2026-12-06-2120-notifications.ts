import { sql, type Kysely } from 'kysely';

/**
 * Notifications: one row per person (the user's subject) and thing that happened, made by the `notifications` job
 * from the event log. The job's cursor (one row) is advanced in the transaction that writes the rows, under its row
 * lock, so an event is turned into notifications once however many workers run. A burst (one kind on one order
 * within a minute) is one row with a count: `fold_key` and `first_at` find the row to fold into.
 * Every change to a person's notifications is announced on the channel `notifications` (payload: the subject), in
 * the same transaction, for the API's event streams.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id integer generated always as identity primary key,
      user_id text not null check (length(user_id) between 1 and 255),
      company_id text,
      kind text not null check (length(kind) between 1 and 64),
      record_type text not null,
      record_id text not null,
      order_id integer,
      label text,
      fold_key text not null,
      actor_kind text not null check (actor_kind in ('user', 'machine', 'system')),
      actor_id text not null,
      actor_name text,
      count integer not null default 1 check (count >= 1),
      data jsonb not null default '{}'::jsonb,
      first_sequence bigint not null,
      last_sequence bigint not null,
      first_at timestamptz not null,
      occurred_at timestamptz not null,
      read_at timestamptz
    )`.execute(db);
  await sql`create index notifications_person on notifications (user_id, occurred_at desc, id desc)`.execute(db);
  await sql`create index notifications_unread on notifications (user_id, fold_key, kind) where read_at is null`.execute(db);
  await sql`
    create table notification_cursor (
      id boolean primary key default true check (id),
      sequence bigint not null default 0 check (sequence >= 0)
    )`.execute(db);
  // New events only: a portal that had events before notifications existed does not notify about its past.
  await sql`insert into notification_cursor (sequence) select coalesce(max(sequence), 0) from events`.execute(db);
  // At most one run waiting and one running: each run reads everything after the cursor.
  await sql`select pgboss.create_queue('notifications', ${JSON.stringify({ policy: 'stately', retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 })}::json)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from pgboss.schedule where name = 'notifications'`.execute(db);
  await sql`select pgboss.delete_queue('notifications')`.execute(db);
  await sql`drop table notification_cursor`.execute(db);
  await sql`drop table notifications`.execute(db);
}
