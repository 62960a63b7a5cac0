import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ChainRow } from '../../lib/audit.js';

export type { ChainRow };

/** The last seq linked with plain SHA-256 before the audit key (0: every row is keyed). */
export async function legacyUntilSeq(db: Db): Promise<number> {
  const row = await db.selectFrom('audit_chain_legacy').select(sql<string>`until_seq::text`.as('until')).executeTakeFirst();
  return Number(row?.until ?? 0);
}

/** Chain rows after `afterSeq`, in chain order. */
export async function chainRows(db: Db, afterSeq: number, limit: number): Promise<ChainRow[]> {
  return db
    .selectFrom('audit_log')
    .select([
      sql<string>`id::text`.as('id'),
      sql<string>`seq::text`.as('seq'),
      sql<string>`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at'),
      'subject',
      'company_id',
      'ip',
      'user_agent',
      'operation',
      'record_type',
      'record_id',
      sql<string>`details::text`.as('details'),
      'prev_hash',
      'hash',
    ])
    // The table's columns, not the text aliases above ('10' sorts before '2').
    .where('audit_log.seq', '>', afterSeq as never)
    .orderBy('audit_log.seq')
    .limit(limit)
    .execute();
}

/** Entries with `from <= at < until`, oldest first; at most `limit`. */
export async function entriesBetween(db: Db, from: Date, until: Date, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'seq', 'at', 'subject', 'company_id', 'ip', 'user_agent', 'operation', 'record_type', 'record_id', sql<string>`details::text`.as('details'), 'hash'])
    .where('at', '>=', from)
    .where('at', '<', until)
    .orderBy('at')
    .orderBy('id')
    .limit(limit)
    .execute();
}
