import { sql, type Kysely } from 'kysely';

/**
 * The audit log becomes a trail that can be trusted: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE,
 * like the stock ledgers) and hash-chained. Every row carries its place in the chain (`seq`), the hash of the row
 * before it (`prev_hash`, 64 zeros for the first) and its own `hash`: SHA-256 over a canonical text of its fields and
 * the previous hash, computed by the insert trigger while it holds a transaction-level advisory lock, so concurrent
 * inserts keep one chain (unique `seq` and `prev_hash` refuse a fork outright). Rows that exist are chained here, in
 * id order. `ip` records where identity events (sign-ins) came from.
 *
 * The canonical text (read by `pnpm audit-log verify`, which recomputes it in TypeScript): `audit-v1` followed by
 * each field as `~` when null, else `<bytes>:<value>` (UTF-8 byte length), in the order id, seq, at (UTC,
 * `YYYY-MM-DDTHH:MI:SS.ffffffZ`), subject, company_id, ip, operation, record_type, record_id, details (jsonb text),
 * prev_hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log add column ip text, add column seq bigint, add column prev_hash text, add column hash text`.execute(db);

  await sql`
    create function audit_log_field(value text) returns text language sql immutable as $$
      select case when value is null then '~' else octet_length(value)::text || ':' || value end
    $$`.execute(db);
  await sql`
    create function audit_log_hash(
      id bigint, seq bigint, at timestamptz, subject text, company_id text, ip text, operation text,
      record_type text, record_id text, details jsonb, prev_hash text
    ) returns text language sql stable as $$
      select encode(sha256(convert_to(
        'audit-v1'
        || audit_log_field(id::text)
        || audit_log_field(seq::text)
        || audit_log_field(to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
        || audit_log_field(subject)
        || audit_log_field(company_id)
        || audit_log_field(ip)
        || audit_log_field(operation)
        || audit_log_field(record_type)
        || audit_log_field(record_id)
        || audit_log_field(details::text)
        || audit_log_field(prev_hash),
        'UTF8')), 'hex')
    $$`.execute(db);

  // The rows written so far, chained in id order.
  await sql`
    do $$
    declare
      r record;
      previous text := repeat('0', 64);
      n bigint := 0;
    begin
      for r in select * from audit_log order by id loop
        n := n + 1;
        update audit_log
           set seq = n, prev_hash = previous,
               hash = audit_log_hash(r.id, n, r.at, r.subject, r.company_id, r.ip, r.operation, r.record_type, r.record_id, r.details, previous)
         where id = r.id
        returning hash into previous;
      end loop;
    end $$`.execute(db);
  await sql`alter table audit_log alter column seq set not null, alter column prev_hash set not null, alter column hash set not null`.execute(db);
  await sql`alter table audit_log add constraint audit_log_seq_unique unique (seq), add constraint audit_log_prev_hash_unique unique (prev_hash)`.execute(db);
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();

  // The chain link, computed in the database: whatever a writer sends as seq, prev_hash or hash is replaced.
  await sql`
    create function audit_log_chain() returns trigger language plpgsql as $$
    declare
      last record;
    begin
      -- One writer at a time extends the chain; the lock is held until the inserting transaction ends.
      perform pg_advisory_xact_lock(hashtextextended('audit_log_chain', 0));
      select a.seq, a.hash into last from audit_log a order by a.seq desc limit 1;
      new.seq := coalesce(last.seq, 0) + 1;
      new.prev_hash := coalesce(last.hash, repeat('0', 64));
      new.hash := audit_log_hash(new.id, new.seq, new.at, new.subject, new.company_id, new.ip, new.operation,
                                 new.record_type, new.record_id, new.details, new.prev_hash);
      return new;
    end $$`.execute(db);
  await sql`create trigger audit_log_chain before insert on audit_log for each row execute function audit_log_chain()`.execute(db);

  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`
    create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
  await sql`drop trigger audit_log_no_change on audit_log`.execute(db);
  await sql`drop function audit_log_append_only()`.execute(db);
  await sql`drop trigger audit_log_chain on audit_log`.execute(db);
  await sql`drop function audit_log_chain()`.execute(db);
  await sql`drop index audit_log_at`.execute(db);
  await sql`alter table audit_log drop column hash, drop column prev_hash, drop column seq, drop column ip`.execute(db);
  await sql`drop function audit_log_hash(bigint, bigint, timestamptz, text, text, text, text, text, text, jsonb, text)`.execute(db);
  await sql`drop function audit_log_field(text)`.execute(db);
}
