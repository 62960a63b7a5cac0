import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys of retried creates (spec/idempotency.tsp): one row per (caller, key). While the first
 * request runs, the row holds a short lease (`locked_until`, taken by `attempt`) and no response; once it succeeded, the
 * response it answered, which a repeat with the same key gets again. Rows expire after 24 hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_keys (
      caller text not null,
      key text not null,
      operation text not null,
      fingerprint text not null,
      attempt text not null,
      locked_until timestamptz not null,
      status_code integer,
      content_type text,
      response_body text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      primary key (caller, key)
    )`.execute(db);
  await sql`create index idempotency_keys_expires_at on idempotency_keys (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_keys`.execute(db);
}
