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
  /** Where an identity event came from (sign-ins); null for API writes and the command line. */
  ip: ColumnType<string | null, string | null | undefined, never>;
  /** Place in the hash chain, the previous row's hash and this row's: set by the insert trigger only. */
  seq: ColumnType<number, never, never>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** The audit trail (hash-chained, append-only; written by api/src/lib/audit.ts for every feature). */
export interface AuditTables {
  audit_log: AuditLogTable;
}
