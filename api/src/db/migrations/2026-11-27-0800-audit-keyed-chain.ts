import { sql, type Kysely } from 'kysely';

/**
 * The audit chain's links become HMAC-SHA256 under a key the database never holds (AUDIT_HMAC_KEY, else the data
 * folder's audit-hmac.key): the portal computes each new row's link in api/src/lib/audit.ts, so someone who can write
 * the table (the owner, a superuser) can no longer rewrite a row and recompute the links after it.
 *
 * - The insert trigger no longer computes the link; it checks that the row extends the chain (seq is the next one,
 *   prev_hash the last row's link) under the same advisory lock, so a fork is still refused.
 * - `user_agent` joins `ip`: every entry says where its request came from.
 * - The rows written so far keep their SHA-256 links: rewriting them would mean lifting the append-only trigger. They
 *   are sealed instead: `audit_chain_legacy` records the last of them, and the first keyed row's HMAC covers its
 *   link, so changing any of them breaks the keyed row after. The portal appends that row at its first start
 *   (`audit.chain_keyed`) and copies the boundary to its head file, outside the database's reach.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log add column user_agent text`.execute(db);
  await sql`create table audit_chain_legacy (until_seq bigint not null)`.execute(db);
  await sql`insert into audit_chain_legacy (until_seq) select coalesce(max(seq), 0) from audit_log`.execute(db);
  await sql`
    create or replace function audit_log_chain() returns trigger language plpgsql as $$
    declare
      last record;
    begin
      -- One writer at a time extends the chain; the lock is held until the inserting transaction ends.
      perform pg_advisory_xact_lock(hashtextextended('audit_log_chain', 0));
      select a.seq, a.hash into last from audit_log a order by a.seq desc limit 1;
      if new.seq is distinct from coalesce(last.seq, 0) + 1 or new.prev_hash is distinct from coalesce(last.hash, repeat('0', 64)) then
        raise exception 'audit_log: a row must extend the chain (seq %, prev_hash the link of seq %)', coalesce(last.seq, 0) + 1, coalesce(last.seq, 0)
          using errcode = 'check_violation';
      end if;
      if new.hash is null or new.hash !~ '^[0-9a-f]{64}$' then
        raise exception 'audit_log: a row needs its link (64 hex digits)' using errcode = 'check_violation';
      end if;
      return new;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The trigger of the audit-chain migration (audit_log_hash is still there).
  await sql`
    create or replace function audit_log_chain() returns trigger language plpgsql as $$
    declare
      last record;
    begin
      perform pg_advisory_xact_lock(hashtextextended('audit_log_chain', 0));
      select a.seq, a.hash into last from audit_log a order by a.seq desc limit 1;
      new.seq := coalesce(last.seq, 0) + 1;
      new.prev_hash := coalesce(last.hash, repeat('0', 64));
      new.hash := audit_log_hash(new.id, new.seq, new.at, new.subject, new.company_id, new.ip, new.operation,
                                 new.record_type, new.record_id, new.details, new.prev_hash);
      return new;
    end $$`.execute(db);
  await sql`drop table audit_chain_legacy`.execute(db);
  await sql`alter table audit_log drop column user_agent`.execute(db);
}
