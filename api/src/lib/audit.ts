import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { Actor } from './actor.js';

type Writer = Kysely<Database> | Transaction<Database>;

/** One audit entry: who (subject, company, address), which operation on which record, and details. */
export interface AuditEntry {
  subject: string;
  companyId?: string | null;
  ip?: string | null;
  operation: string;
  recordType: string;
  recordId?: string | number | null;
  details?: unknown;
}

/**
 * Appends an entry to `audit_log`. The table is append-only and hash-chained: the database sets the entry's place
 * in the chain and its hash (see the audit-chain migration), so a writer only says what happened.
 */
export async function recordAudit(db: Writer, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      subject: entry.subject,
      company_id: entry.companyId ?? null,
      ip: entry.ip ?? null,
      operation: entry.operation,
      record_type: entry.recordType,
      record_id: entry.recordId == null ? null : String(entry.recordId),
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

/** Records a write (who, when, which operation, which record) in the same transaction as the write. */
export async function audit(
  db: Writer,
  actor: Actor,
  entry: { operation: string; recordType: string; recordId?: string | number | null; details?: unknown },
): Promise<void> {
  await recordAudit(db, { subject: actor.sub, companyId: actor.companyId, ...entry });
}

/**
 * Names the actor of the transaction for the database's own history triggers (order items, issue 17): who and their
 * display name, local to the transaction. Call it first in a transaction whose writes a trigger records.
 */
export async function actAs(trx: Writer, actor: Actor): Promise<void> {
  await sql`select set_config('portal.actor', ${actor.sub}, true), set_config('portal.actor_name', ${actor.name || actor.sub}, true)`.execute(trx);
}
