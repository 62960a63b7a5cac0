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
}

/** Where the notifications job has read the event log to (one row). */
export interface NotificationCursorTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  sequence: ColumnType<string, string | number | undefined, string | number>;
}

/** The people's notifications and the job's cursor over the event log. */
export interface NotificationsTables {
  notifications: NotificationTable;
  notification_cursor: NotificationCursorTable;
}
