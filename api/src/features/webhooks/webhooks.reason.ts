import type { Translator } from '../../lib/i18n.js';

/**
 * Why the portal disabled an endpoint. It is stored as a code and its values (JSON in the text column
 * `disabled_reason`), not as a sentence, and worded when it is read, in the reader's language like a problem's detail:
 * the contract's `disabledReason` stays the one sentence a person reads (the admin's webhook screen shows it as it is),
 * and an integrator's program reads it as before. A reason stored before this form (a sentence) is shown as it is.
 */
export interface DisableReason {
  code: 'failedDeliveries';
  attempts: number;
  eventId: string;
  eventType: string;
  /** The last attempt's HTTP status; null when it got no answer (then `error` says why). */
  status: number | null;
  error?: string;
}

const TEXTS = {
  failedStatus: /*i18n*/ {
    id: 'webhooks.disabled.failedStatus',
    message: 'Disabled after {attempts} failed attempts to deliver event {eventId} ({eventType}); the last: HTTP {status}',
  },
  failedError: /*i18n*/ {
    id: 'webhooks.disabled.failedError',
    message: 'Disabled after {attempts} failed attempts to deliver event {eventId} ({eventType}); the last: {error}',
  },
};

/** The contract's `disabledReason` is at most this long. */
const MAX_LENGTH = 1000;

/** The reason as the column stores it; the error text is cut so that the stored form stays within the column's use. */
export const storedReason = (reason: DisableReason): string => JSON.stringify({ ...reason, error: reason.error?.slice(0, 500) });

/** The stored reason worded in `l`'s language (null while none). */
export function reasonText(stored: string | null, l: Translator): string | null {
  if (stored === null) return null;
  let reason: Partial<DisableReason> | undefined;
  try {
    reason = JSON.parse(stored) as Partial<DisableReason>;
  } catch {
    return stored;
  }
  if (reason?.code !== 'failedDeliveries') return stored;
  const values = { ...reason };
  return l.t(reason.status === null || reason.status === undefined ? TEXTS.failedError : TEXTS.failedStatus, values).slice(0, MAX_LENGTH);
}
