import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './core.js';

/** A downtime cause ('Mould change'). Minimal now; the downtime feature extends it. */
export interface DowntimeCauseTable {
  id: Generated<number>;
  cause_name: string;
  cause_description: ColumnType<string, string | undefined, string>;
  /** A planned stop (changeover, maintenance): not downtime in the OEE (migration 2026-11-24-0600-machines). */
  planned: ColumnType<boolean, boolean | undefined, boolean>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One stop of one machine of a client company. `target_end` null = the machine is still stopped. */
export interface DowntimeHistoryTable {
  id: Generated<number>;
  company_id: string;
  machine_name: string;
  cause_id: number | null;
  actual_date: string;
  /** Minutes. */
  duration: ColumnType<number, number | undefined, number>;
  target_start: Timestamp;
  target_end: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** How many stops of each machine had each cause, kept by the history's trigger (the downtime-cause-machines module, api/src/db/derived). */
export interface DowntimeCauseMachineTable {
  cause_id: number;
  company_id: string;
  machine_name: string;
  stops: number;
}

/** Machine downtime: causes and the history of stops. */
export interface DowntimeTables {
  downtime_causes: DowntimeCauseTable;
  downtime_history: DowntimeHistoryTable;
  downtime_cause_machines: DowntimeCauseMachineTable;
}
