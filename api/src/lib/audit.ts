import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { Actor } from './actor.js';

/** Records a write (who, when, which operation, which record) in the same transaction as the write. */
export async function audit(
  db: Kysely<Database> | Transaction<Database>,
  actor: Actor,
  entry: { operation: string; recordType: string; recordId?: string | number | null; details?: unknown },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      subject: actor.sub,
      company_id: actor.companyId,
      operation: entry.operation,
      record_type: entry.recordType,
      record_id: entry.recordId == null ? null : String(entry.recordId),
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
