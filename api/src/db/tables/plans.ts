import type { Generated } from 'kysely';
import type { Timestamp } from './core.js';

/** A client's forecast for a period (ClientProductionPlan). */
export interface ClientProductionPlanTable {
  id: Generated<number>;
  company_id: string;
  period_from: string;
  period_to: string;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Planned bottles of one product in a forecast; products without a row have no forecast (0). */
export interface ClientProductionPlanItemTable {
  plan_id: number;
  client_product_id: number;
  planned_amount: number;
}

/** Clients' production plans (forecasts) and their items. */
export interface PlansTables {
  client_production_plans: ClientProductionPlanTable;
  client_production_plan_items: ClientProductionPlanItemTable;
}
