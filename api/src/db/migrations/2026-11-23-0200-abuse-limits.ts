import { sql, type Kysely } from 'kysely';

/**
 * Abuse limits every replica shares (ASVS 5.0 V2.4, V6.3, V7.4):
 * - `rate_limits`: one counter per (limit, key) and window, upserted once per hit; UNLOGGED (a crash of
 *   PostgreSQL may forget a minute of counting, a clean restart keeps it) and cleaned of expired rows.
 * - `login_failures`: failed sign-ins per account and per client address, so the lockout survives a restart
 *   and holds on every replica.
 * - `subject_revocations`: a subject (user) whose tokens issued up to `revoked_at` are refused at once
 *   (`pnpm users disable`), checked by primary key on every API request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE rate_limits (
    key text PRIMARY KEY,
    hits integer NOT NULL,
    reset_at timestamptz NOT NULL
  )`.execute(db);
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('failed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_failures_username').on('login_failures').columns(['username', 'failed_at']).execute();
  await db.schema.createIndex('login_failures_ip').on('login_failures').columns(['ip', 'failed_at']).execute();

  await db.schema
    .createTable('subject_revocations')
    .addColumn('sub', 'text', (col) => col.primaryKey())
    .addColumn('revoked_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subject_revocations').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('rate_limits').execute();
}
