import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';

export interface AuditLogTable {
  id: Generated<number>;
  at: Timestamp;
  subject: string;
  company_id: string | null;
  operation: string;
  record_type: string;
  record_id: string | null;
  details: ColumnType<unknown, string | undefined, string>;
  /** Where the request came from (client address and User-Agent); null from the command line. */
  ip: ColumnType<string | null, string | null | undefined, never>;
  user_agent: ColumnType<string | null, string | null | undefined, never>;
  /**
   * Place in the chain, the previous row's link and this row's: an HMAC-SHA256 under the portal's audit key
   * (api/src/lib/audit.ts); the insert trigger only checks that a row extends the chain.
   */
  seq: ColumnType<number, string | number, never>;
  prev_hash: ColumnType<string, string, never>;
  hash: ColumnType<string, string, never>;
}

/** The audit trail (hash-chained, append-only; written by api/src/lib/audit.ts for every feature). */
export interface AuditTables {
  audit_log: AuditLogTable;
  /** The last seq of the chain linked with plain SHA-256 before the audit key (one row; owner-written). */
  audit_chain_legacy: { until_seq: ColumnType<string, never, never> };
}
