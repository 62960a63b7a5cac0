import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';

/** A machine credential: an opaque token (only its SHA-256 is stored) that a machine or collector reports with. */
export interface MachineCredentialTable {
  id: Generated<number>;
  name: string;
  token_hash: Buffer;
  token_hint: string;
  created_by: string;
  created_at: Timestamp;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** The machines a credential may report for. */
export interface MachineCredentialMachineTable {
  credential_id: number;
  company_id: string;
  machine_name: string;
}

export type MachineEventKindStored = 'running' | 'stopped' | 'counts' | 'unknown';

/** One machine event, append-only (a trigger refuses UPDATE and DELETE); `unknown` is an MQTT death. */
export interface MachineEventTable {
  id: Generated<number>;
  event_id: string;
  company_id: string;
  machine_name: string;
  at: Timestamp;
  kind: MachineEventKindStored;
  /** The reported cause when it is a cause (unknown codes are kept aside and stored here as null). */
  cause_id: number | null;
  good: number | null;
  scrap: number | null;
  /** The credential's name, or 'MQTT'. */
  source: string;
  received_at: Timestamp;
}

/** Why an event was kept aside (the contract's UnmatchedReason). */
export type UnmatchedReasonStored = 'unknownMachine' | 'outOfScope' | 'unknownCause' | 'aheadOfClock' | 'beforeHorizon' | 'overlapsTypedStop';

/** An event kept aside for the admin. */
export interface MachineEventUnmatchedTable {
  id: Generated<number>;
  event_id: string;
  client_id: string;
  machine_name: string;
  at: Timestamp;
  kind: string;
  cause_code: number | null;
  good: number | null;
  scrap: number | null;
  reason: UnmatchedReasonStored;
  /** The reason in words with its numbers (the bound, the overlapped row); null when the reason says it all. */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
  source: string;
  received_at: Timestamp;
}

/** A downtime history row opened by a stop event (its start), so that late events can recompute it. */
export interface MachineStopTable {
  downtime_id: number;
  company_id: string;
  machine_name: string;
  started_at: Date;
  /** The cause the events gave (the row's cause is the operator's once it differs). */
  event_cause_id: number | null;
}

/** Plant performance: credentials, events, events kept aside, and the stops the events opened. */
export interface MachinesTables {
  machine_credentials: MachineCredentialTable;
  machine_credential_machines: MachineCredentialMachineTable;
  machine_events: MachineEventTable;
  machine_events_unmatched: MachineEventUnmatchedTable;
  machine_stops: MachineStopTable;
}
