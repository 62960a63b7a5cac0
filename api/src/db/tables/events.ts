import type { ColumnType, Generated } from 'kysely';
import type { Schemas } from '../../lib/contract.js';
import type { Timestamp } from './core.js';

export type EventType = Schemas['EventType'];
export type EventActorKind = Schemas['EventActor']['kind'];

export interface EventTable {
  /** bigint: read as text by node-postgres, written as a number or text. */
  sequence: ColumnType<string, never, never>;
  id: Generated<string>;
  type: EventType;
  occurred_at: Timestamp;
  company_id: string | null;
  record_type: string;
  record_id: string;
  actor_kind: EventActorKind;
  actor_id: string;
  data: ColumnType<Record<string, unknown>, string, string>;
}

/** The event log: domain events in commit order. */
export interface EventsTables {
  events: EventTable;
}
