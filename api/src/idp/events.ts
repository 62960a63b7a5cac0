import type { Db } from '../db/database.js';
import { recordAudit } from '../lib/audit.js';

/**
 * Identity events in the audit log: sign-ins, failures, lockouts and changes of the second factor. The subject is
 * the account when the username names one ('unknown' otherwise); the username typed, the address and the user agent are kept too.
 */
export function recordIdentityEvent(
  db: Db,
  request: { ip: string; headers: { 'user-agent'?: string } },
  operation: 'sign_in' | 'sign_in_failed' | 'sign_in_locked' | 'mfa_enrolled' | 'mfa_recovery_code_used',
  event: { account?: { id: string; company: { id: string } | null }; username: string; details?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(db, {
    subject: event.account?.id ?? 'unknown',
    companyId: event.account?.company?.id ?? null,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    operation,
    recordType: 'user',
    recordId: event.account?.id ?? null,
    details: { username: event.username, ...event.details },
  });
}
