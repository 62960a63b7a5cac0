import type { ColumnType, Generated } from 'kysely';
import type { EventActorKind, EventType } from './events.js';
import type { Timestamp } from './core.js';

export interface NotificationTable {
  id: Generated<number>;
  /** The person's subject (the access token's `sub`). */
  user_id: string;
  company_id: string | null;
  kind: EventType;
  record_type: string;
  record_id: string;
  order_id: number | null;
  label: string | null;
  /** What a burst folds on: the order, or the record when it has none. */
  fold_key: string;
  actor_kind: EventActorKind;
  actor_id: string;
  actor_name: string | null;
  count: ColumnType<number, number | undefined, number>;
  data: ColumnType<Record<string, unknown>, string, string>;
  first_sequence: ColumnType<string, string | number, string | number>;
  last_sequence: ColumnType<string, string | number, string | number>;
  first_at: Timestamp;
  occurred_at: Timestamp;
  read_at: Date | null;
  /** The e-mail that told the person of it (at once or in a digest); null while none has. */
  mail_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Where the notifications job has read the event log to (one row). */
export interface NotificationCursorTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  sequence: ColumnType<string, string | number | undefined, string | number>;
}

/** How a person hears of one kind: a row only when by e-mail (no row: in the portal only). */
export interface NotificationChoiceTable {
  user_id: string;
  kind: EventType;
  delivery: 'immediate' | 'digest';
}

/** A person's digest hour (0-23) in their IANA time zone, and the local day of their last digest. */
export interface NotificationSettingsTable {
  user_id: string;
  digest_hour: number;
  time_zone: string;
  last_digest_on: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One e-mail to a person: one notification at once, or a digest of several (theirs whose `mail_id` is this). */
export interface NotificationMailTable {
  id: Generated<number>;
  user_id: string;
  digest: boolean;
  created_at: Timestamp;
  sent_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** When its last retry failed (its job dead-lettered); null again when the admin sends it again. */
  failed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The people's notifications, the job's cursor over the event log, and their e-mail. */
export interface NotificationsTables {
  notifications: NotificationTable;
  notification_cursor: NotificationCursorTable;
  notification_choices: NotificationChoiceTable;
  notification_settings: NotificationSettingsTable;
  notification_mails: NotificationMailTable;
}
