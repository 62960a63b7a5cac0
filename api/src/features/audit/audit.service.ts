import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { ruleViolation } from '../../lib/problem.js';
import { toCsv } from '../downtime/downtime.csv.js';
import { chainRows, entriesBetween, type ChainRow } from './audit.repository.js';

export const GENESIS_HASH = '0'.repeat(64);

/** One field of the canonical text: `~` for null, else its UTF-8 byte length, a colon and the value. */
const field = (value: string | null) => (value === null ? '~' : `${Buffer.byteLength(value, 'utf8')}:${value}`);

/**
 * The hash of a row as the insert trigger computes it (see the audit-chain migration), recomputed here from the
 * stored fields, so a verification does not rely on the database's own function.
 */
export function rowHash(row: Omit<ChainRow, 'hash'>): string {
  const canonical = [
    'audit-v1',
    ...[row.id, row.seq, row.at, row.subject, row.company_id, row.ip, row.operation, row.record_type, row.record_id, row.details, row.prev_hash].map(field),
  ].join('');
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

export interface ChainCheck {
  /** Rows checked (all of them when the chain is intact). */
  checked: number;
  /** The first row that breaks the chain, and why. */
  broken?: { id: string; seq: string; at: string; reason: string };
}

/**
 * Walks the whole chain in order: every row must follow the previous one (seq + 1, prev_hash = the previous hash)
 * and carry the hash of its own fields. An edited row fails its own hash; a deleted one breaks the link after it.
 */
export async function verifyChain(db: Db, batch = 5000): Promise<ChainCheck> {
  let previous = { seq: 0, hash: GENESIS_HASH };
  let checked = 0;
  for (;;) {
    const rows = await chainRows(db, previous.seq, batch);
    for (const row of rows) {
      const where = { id: row.id, seq: row.seq, at: row.at };
      if (Number(row.seq) !== previous.seq + 1) return { checked, broken: { ...where, reason: `expected seq ${previous.seq + 1}: a row is missing` } };
      if (row.prev_hash !== previous.hash) return { checked, broken: { ...where, reason: 'prev_hash differs from the hash of the row before it' } };
      if (rowHash(row) !== row.hash) return { checked, broken: { ...where, reason: 'its fields do not match its hash: the row was changed' } };
      previous = { seq: Number(row.seq), hash: row.hash };
      checked += 1;
    }
    if (rows.length < batch) return { checked };
  }
}

export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The audit entries of a period (both days inclusive, UTC) as CSV, oldest first, with each row's place in the chain
 * and hash so the file can be matched against the log. The export itself is recorded.
 */
export async function exportAudit(db: Db, actor: Actor, period: { from: string; to: string }) {
  if (period.to < period.from) throw ruleViolation('period.to', 'range', 'The period must not end before it starts.');
  const from = new Date(`${period.from}T00:00:00Z`);
  const until = new Date(new Date(`${period.to}T00:00:00Z`).getTime() + DAY_MS);
  const rows = await entriesBetween(db, from, until, AUDIT_EXPORT_MAX_ROWS + 1);
  if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
    throw ruleViolation('period', 'maxRows', `More than ${AUDIT_EXPORT_MAX_ROWS} audit entries: export a shorter period.`, AUDIT_EXPORT_MAX_ROWS);
  }
  const body = toCsv(
    ['Id', 'Seq', 'At (UTC)', 'Subject', 'Company', 'IP', 'Operation', 'Record type', 'Record id', 'Details', 'Hash'],
    rows.map((row) => [row.id, row.seq, row.at.toISOString(), row.subject, row.company_id, row.ip, row.operation, row.record_type, row.record_id, row.details, row.hash]),
  );
  await audit(db, actor, { operation: 'audit.export', recordType: 'audit_log', details: { from: period.from, to: period.to, rows: rows.length } });
  return { filename: `audit-log-${period.from}-${period.to}.csv`, contentType: 'text/csv; charset=utf-8', body };
}
