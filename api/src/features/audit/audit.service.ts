import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit, chainLink, GENESIS_HASH, recordAudit } from '../../lib/audit.js';
import { problemTexts, ruleViolation } from '../../lib/problem.js';
import { toCsv } from '../downtime/downtime.csv.js';
import { chainRows, entriesBetween, legacyUntilSeq, type ChainRow } from './audit.repository.js';

export { GENESIS_HASH };

/** One field of the canonical text: `~` for null, else its UTF-8 byte length, a colon and the value. */
const field = (value: string | null) => (value === null ? '~' : `${Buffer.byteLength(value, 'utf8')}:${value}`);

/**
 * The plain SHA-256 link of the rows written before the audit key (the audit-chain migration's `audit_log_hash`),
 * recomputed here from the stored fields.
 */
export function legacyRowHash(row: Omit<ChainRow, 'hash' | 'user_agent'>): string {
  const canonical = [
    'audit-v1',
    ...[row.id, row.seq, row.at, row.subject, row.company_id, row.ip, row.operation, row.record_type, row.record_id, row.details, row.prev_hash].map(field),
  ].join('');
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/**
 * The last head that was verified, kept outside the database (DATA_DIR/audit-head.json, mode 0600) per database: the
 * row id, seq and link of the chain's end then, and the last seq of the SHA-256 part. A chain that no longer reaches
 * it lost its tail; one whose row there has another link was rewritten.
 */
export interface AuditHead {
  id: string;
  seq: number;
  link: string;
  legacyUntilSeq: number;
}

export const auditHeadFile = (dataDir: string) => path.resolve(dataDir, 'audit-head.json');

/** Which database a head belongs to: several portals' or test databases' heads may share one data folder. */
async function databaseName(db: Db): Promise<string> {
  return (await sql<{ name: string }>`select current_database() as name`.execute(db)).rows[0].name;
}

function readHeads(file: string): Record<string, AuditHead> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, AuditHead>) : {};
}

export async function readAuditHead(db: Db, file: string): Promise<AuditHead | undefined> {
  return readHeads(file)[await databaseName(db)];
}

async function writeAuditHead(db: Db, file: string, head: AuditHead): Promise<void> {
  const heads = { ...readHeads(file), [await databaseName(db)]: head };
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(heads, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

export interface ChainCheck {
  /** Rows checked (all of them when the chain is intact). */
  checked: number;
  /** The first row that breaks the chain, and why. */
  broken?: { id: string; seq: string; at: string; reason: string };
  /** The chain's end, when it is intact. */
  head?: AuditHead;
}

/**
 * Walks the chain in order: every row must follow the previous one (seq + 1, prev_hash = the previous link) and carry
 * the link of its own fields: plain SHA-256 up to the legacy boundary, HMAC under `key` after it. An edited row fails
 * its own link; rows re-linked after it with SHA-256 fail at the first keyed row; a deleted one breaks the link after
 * it. With the head verified before (`known`), the walk starts there, and a chain that does not reach it, or has another
 * row there, is broken too (a removed or rewritten tail).
 */
export async function verifyChain(db: Db, key: Buffer, options: { known?: AuditHead; fromKnown?: boolean; batch?: number } = {}): Promise<ChainCheck> {
  const batch = options.batch ?? 5000;
  const { known } = options;
  // The boundary as it was first seen outside the database wins over the table's (an owner could move it).
  const legacyUntil = known?.legacyUntilSeq ?? (await legacyUntilSeq(db));
  let previous = { id: '', seq: 0, hash: GENESIS_HASH };
  let checked = 0;
  if (known && options.fromKnown) {
    const [row] = await chainRows(db, known.seq - 1, 1);
    if (!row || Number(row.seq) !== known.seq || row.id !== known.id || row.hash !== known.link) {
      const reason = !row || Number(row.seq) !== known.seq
        ? `row id ${known.id} (seq ${known.seq}), verified before, is gone: rows were removed from the end`
        : 'it differs from the row verified before at this place (id or link)';
      return { checked, broken: { id: row?.id ?? known.id, seq: row?.seq ?? String(known.seq), at: row?.at ?? '', reason } };
    }
    previous = { id: row.id, seq: known.seq, hash: row.hash };
  }
  for (;;) {
    const rows = await chainRows(db, previous.seq, batch);
    for (const row of rows) {
      const where = { id: row.id, seq: row.seq, at: row.at };
      if (Number(row.seq) !== previous.seq + 1) return { checked, broken: { ...where, reason: `expected seq ${previous.seq + 1}: a row is missing` } };
      if (row.prev_hash !== previous.hash) return { checked, broken: { ...where, reason: 'prev_hash differs from the link of the row before it' } };
      const expected = Number(row.seq) <= legacyUntil ? legacyRowHash(row) : chainLink(key, row);
      if (expected !== row.hash) return { checked, broken: { ...where, reason: 'its fields do not match its link: the row was changed, or linked without the audit key' } };
      if (known && Number(row.seq) === known.seq && (row.id !== known.id || row.hash !== known.link)) {
        return { checked, broken: { ...where, reason: 'it differs from the row verified before at this place (id or link)' } };
      }
      previous = { id: row.id, seq: Number(row.seq), hash: row.hash };
      checked += 1;
    }
    if (rows.length < batch) break;
  }
  if (known && previous.seq < known.seq) {
    return {
      checked,
      broken: { id: known.id, seq: String(known.seq), at: '', reason: `the log ends at seq ${previous.seq}, but row id ${known.id} (seq ${known.seq}) was verified before: rows were removed from the end` },
    };
  }
  const head = previous.seq ? { id: previous.id, seq: previous.seq, link: previous.hash, legacyUntilSeq: legacyUntil } : known;
  return { checked, head };
}

/**
 * Checks the chain against the head verified before and, when it holds, moves the head to the chain's end (`pnpm
 * audit-log verify`: `full` from the first row; the portal at its start and then periodically: from the head on). On
 * the first keyed start of a log with SHA-256 rows, a row `audit.chain_keyed` is appended first, so that the old part
 * is bound to the key at once.
 */
export async function verifyAndAdvanceHead(db: Db, key: Buffer, file: string, options: { full?: boolean } = {}): Promise<ChainCheck> {
  const known = await readAuditHead(db, file);
  if (!known) {
    const legacyUntil = await legacyUntilSeq(db);
    const last = await db.selectFrom('audit_log').select(sql<string>`max(seq)::text`.as('seq')).executeTakeFirst();
    if (legacyUntil > 0 && Number(last?.seq ?? 0) === legacyUntil) {
      await recordAudit(db, { subject: 'portal', operation: 'audit.chain_keyed', recordType: 'audit_log', details: { legacyUntilSeq: legacyUntil } });
    }
  }
  const result = await verifyChain(db, key, { known, fromKnown: !options.full && known !== undefined });
  if (!result.broken && result.head) await writeAuditHead(db, file, result.head);
  return result;
}

export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The audit entries of a period (both days inclusive, UTC) as CSV, oldest first, with each row's place in the chain
 * and hash so the file can be matched against the log. The export itself is recorded.
 */
export async function exportAudit(db: Db, actor: Actor, period: { from: string; to: string }) {
  if (period.to < period.from) throw ruleViolation('period.to', 'range', problemTexts.periodOrder);
  const from = new Date(`${period.from}T00:00:00Z`);
  const until = new Date(new Date(`${period.to}T00:00:00Z`).getTime() + DAY_MS);
  const rows = await entriesBetween(db, from, until, AUDIT_EXPORT_MAX_ROWS + 1);
  if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
    throw ruleViolation('period', 'maxRows', /*i18n*/ { id: 'problem.audit.exportMaxRows', message: 'More than {max} audit entries: export a shorter period.' }, { max: AUDIT_EXPORT_MAX_ROWS }, AUDIT_EXPORT_MAX_ROWS);
  }
  const body = toCsv(
    ['Id', 'Seq', 'At (UTC)', 'Subject', 'Company', 'IP', 'User agent', 'Operation', 'Record type', 'Record id', 'Details', 'Hash'],
    rows.map((row) => [row.id, row.seq, row.at.toISOString(), row.subject, row.company_id, row.ip, row.user_agent, row.operation, row.record_type, row.record_id, row.details, row.hash]),
  );
  await audit(db, actor, { operation: 'audit.export', recordType: 'audit_log', details: { from: period.from, to: period.to, rows: rows.length } });
  return { filename: `audit-log-${period.from}-${period.to}.csv`, contentType: 'text/csv; charset=utf-8', body };
}
