import { sql, type Kysely } from 'kysely';

/**
 * Every replica keeps the revoked subjects in memory and learns a new revocation by LISTEN on the channel
 * `subject_revocations` (api/src/plugins/revocations.ts). A trigger sends the NOTIFY, so it leaves in the same
 * transaction as the row, whichever code writes it (`pnpm users disable`, a new password, a revoked API client):
 * PostgreSQL delivers it only if that transaction commits. The payload is the instant (seconds since the epoch, with
 * microseconds) and the subject; a subject too long for a payload sends an empty one, which makes every listener
 * reload the table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function subject_revocations_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('subject_revocations',
        case when octet_length(new.sub) <= 7000 then extract(epoch from new.revoked_at)::text || ' ' || new.sub else '' end);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger subject_revocations_notify after insert or update on subject_revocations
    for each row execute function subject_revocations_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger subject_revocations_notify on subject_revocations`.execute(db);
  await sql`drop function subject_revocations_notify()`.execute(db);
}
