import { agenda } from './agenda.js';
import { claimSearchTexts } from './claim-search-texts.js';
import { deliverySums } from './delivery-sums.js';
import type { DerivedData } from './derived.js';
import { downtimeCauseMachines } from './downtime-cause-machines.js';
import { lotItemUses } from './lot-item-uses.js';
import { lotStateCounts } from './lot-state-counts.js';
import { machineCountDays } from './machine-count-days.js';
import { machineLastStates } from './machine-last-states.js';
import { preformDemand } from './preform-demand.js';
import { preformStockCounts } from './preform-stock-counts.js';
import { preformStockPairs } from './preform-stock-pairs.js';
import { producedByDue } from './produced-by-due.js';
import { rowCounts } from './row-counts.js';
import { statsSums } from './stats-sums.js';

/**
 * Every piece of derived data the database keeps, in the order they are applied. A function one module calls from
 * another (delivery-sums reads produced_by_due) exists by then: produced-by-due comes first.
 */
export const derivedData: readonly DerivedData[] = [
  producedByDue,
  preformStockPairs,
  preformDemand,
  preformStockCounts,
  downtimeCauseMachines,
  lotItemUses,
  deliverySums,
  agenda,
  claimSearchTexts,
  rowCounts,
  lotStateCounts,
  machineCountDays,
  statsSums,
  machineLastStates,
];

/**
 * Triggers and functions that are not derived data: guards (append-only tables, the audit chain), change logs and
 * notifications. They stay in their migrations.
 */
export const notDerived = {
  functions: [
    'audit_log_append_only', 'audit_log_chain', 'audit_log_field', 'audit_log_hash', 'machine_events_append_only',
    'order_item_history_record', 'order_item_history_refuse', 'preform_stock_movements_append_only',
    'product_stock_movements_append_only', 'subject_revocations_notify', 'supply_plan_changed', 'uploads_list_deleted_object',
  ],
} as const;
