import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { decodeKey } from '../config.js';
import type { Database } from '../db/database.js';
import type { Actor } from './actor.js';
import { secretFile } from './secret-file.js';

type Writer = Kysely<Database> | Transaction<Database>;

export const GENESIS_HASH = '0'.repeat(64);

/** One audit entry: who (subject, company, address, user agent), which operation on which record, and details. */
export interface AuditEntry {
  subject: string;
  companyId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  operation: string;
  recordType: string;
  recordId?: string | number | null;
  details?: unknown;
  /** When it happened; the database's now() (the transaction's start) unless given (a test's chosen instant). */
  at?: string;
}

/** An audit row with every linked field as the text the chain's canonical form uses. */
export interface ChainRow {
  id: string;
  seq: string;
  at: string;
  subject: string;
  company_id: string | null;
  ip: string | null;
  user_agent: string | null;
  operation: string;
  record_type: string;
  record_id: string | null;
  details: string;
  prev_hash: string;
  hash: string;
}

/** One field of the canonical text: `~` for null, else its UTF-8 byte length, a colon and the value. */
const field = (value: string | null) => (value === null ? '~' : `${Buffer.byteLength(value, 'utf8')}:${value}`);

/**
 * A row's link: HMAC-SHA256 under the audit key over `audit-v2` and each field (`~` for null, else `<bytes>:<value>`)
 * in the order id, seq, at (UTC, `YYYY-MM-DDTHH:MI:SS.ffffffZ`), subject, company_id, ip, user_agent, operation,
 * record_type, record_id, details (jsonb text), prev_hash. Without the key nobody computes it, so a changed row
 * cannot be given a matching link, and neither can the rows after it.
 */
export function chainLink(key: Buffer, row: Omit<ChainRow, 'hash'>): string {
  const canonical = [
    'audit-v2',
    ...[row.id, row.seq, row.at, row.subject, row.company_id, row.ip, row.user_agent, row.operation, row.record_type, row.record_id, row.details, row.prev_hash].map(field),
  ].join('');
  return createHmac('sha256', key).update(canonical, 'utf8').digest('hex');
}

let auditKey: Buffer | undefined;

/**
 * The audit key: AUDIT_HMAC_KEY, else a key generated once in DATA_DIR/audit-hmac.key (mode 0600). The server and the
 * command-line tools call this at their start; every replica on one database needs the same key.
 */
export async function loadAuditKey(config: { AUDIT_HMAC_KEY?: string; DATA_DIR: string }): Promise<Buffer> {
  const text = config.AUDIT_HMAC_KEY ?? (await secretFile(auditKeyFile(config.DATA_DIR), () => `${randomBytes(32).toString('base64')}\n`));
  const key = decodeKey(text);
  if (!key) throw new Error(`the audit key ${config.AUDIT_HMAC_KEY ? 'AUDIT_HMAC_KEY' : auditKeyFile(config.DATA_DIR)} is not 32 bytes (base64 or hex)`);
  auditKey = key;
  return key;
}

export const auditKeyFile = (dataDir: string) => path.resolve(dataDir, 'audit-hmac.key');

/** The key loaded at start (or AUDIT_HMAC_KEY, for a process that writes without a start: a test). */
export function currentAuditKey(): Buffer {
  auditKey ??= process.env.AUDIT_HMAC_KEY ? decodeKey(process.env.AUDIT_HMAC_KEY) : undefined;
  if (!auditKey) throw new Error('the audit key is not loaded: call loadAuditKey at start');
  return auditKey;
}

/**
 * Appends an entry to `audit_log`, linked to the last row: under the chain's advisory lock (held until the transaction
 * ends, so writers take turns) it reads the last row's seq and link, lets PostgreSQL give the id and the canonical
 * texts of `at` and `details` (jsonb's own form), computes the link and inserts. The insert trigger refuses a row that
 * does not extend the chain.
 */
export async function recordAudit(db: Writer, entry: AuditEntry): Promise<void> {
  if (!db.isTransaction) return db.transaction().execute((trx) => recordAudit(trx, entry));
  const key = currentAuditKey();
  await sql`select pg_advisory_xact_lock(hashtextextended('audit_log_chain', 0))`.execute(db);
  const details = JSON.stringify(entry.details ?? {});
  const { rows } = await sql<{ id: string; at: string; details: string; last_seq: string | null; last_hash: string | null }>`
    select nextval(pg_get_serial_sequence('audit_log', 'id'))::text as id,
           to_char(coalesce(${entry.at ?? null}::timestamptz, now()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
           ${details}::jsonb::text as details,
           last.seq::text as last_seq, last.hash as last_hash
      from (select 1) one left join lateral (select seq, hash from audit_log order by seq desc limit 1) last on true`.execute(db);
  const prepared = rows[0];
  const row = {
    id: prepared.id,
    seq: String(Number(prepared.last_seq ?? 0) + 1),
    at: prepared.at,
    subject: entry.subject,
    company_id: entry.companyId ?? null,
    ip: entry.ip ?? null,
    user_agent: entry.userAgent ?? null,
    operation: entry.operation,
    record_type: entry.recordType,
    record_id: entry.recordId == null ? null : String(entry.recordId),
    details: prepared.details,
    prev_hash: prepared.last_hash ?? GENESIS_HASH,
  };
  await db
    .insertInto('audit_log')
    .values({ ...row, id: Number(row.id), hash: chainLink(key, row) })
    .execute();
}

/** Records a write (who, from where, when, which operation, which record) in the same transaction as the write. */
export async function audit(
  db: Writer,
  actor: Actor,
  entry: { operation: string; recordType: string; recordId?: string | number | null; details?: unknown },
): Promise<void> {
  // An API client's writes name the client (its `sub` is the client id at the embedded provider, a service account's
  // user id at Keycloak).
  const details =
    actor.apiClient && (entry.details === undefined || (typeof entry.details === 'object' && entry.details !== null && !Array.isArray(entry.details)))
      ? { ...(entry.details as object | undefined), apiClient: actor.apiClient.clientId }
      : entry.details;
  await recordAudit(db, { subject: actor.sub, companyId: actor.companyId, ip: actor.client?.ip, userAgent: actor.client?.userAgent, ...entry, details });
}

/**
 * Names the actor of the transaction for the database's own history triggers (order items): who and their
 * display name, local to the transaction. Call it first in a transaction whose writes a trigger records.
 */
export async function actAs(trx: Writer, actor: Actor): Promise<void> {
  await sql`select set_config('portal.actor', ${actor.sub}, true), set_config('portal.actor_name', ${actor.name || actor.sub}, true)`.execute(trx);
}
