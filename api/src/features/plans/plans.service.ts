import type { Db } from '../../db/database.js';
import { recordEvent } from '../events/events.service.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import type { PaginationInput } from '../../lib/pagination.js';
import type { CompanyScope } from '../../lib/scope.js';
import type { Schemas } from '../../lib/contract.js';
import * as repository from './plans.repository.js';

/** The largest id PostgreSQL's `integer` holds; the path pattern allows longer digit strings, which match nothing. */
const MAX_ID = 2_147_483_647;

const STALE = /*i18n*/ { id: 'problem.plans.stale', message: 'This forecast was changed by someone else meanwhile. Reload it and apply your change again.' };

export type PlanInput = Schemas['PlanInput'];

/** The caller's forecasts ('Forecasts' list: period and updated at, periodFrom descending by default). */
export function getPlans(db: Db, scope: CompanyScope, pagination: PaginationInput) {
  return repository.findPlans(db, scope, pagination);
}

/**
 * The forecast editor's data: the plan (null for 'new'), every product of the caller's company and the plan's
 * items. Another company's plan answers 404 like one that does not exist.
 */
export async function getPlan(db: Db, scope: CompanyScope, id: string) {
  const products = await repository.findCompanyProducts(db, scope);
  if (id === 'new') return { plan: null, products, planItems: [] };
  const planId = Number(id);
  const plan = planId <= MAX_ID ? await repository.findPlan(db, scope, planId) : undefined;
  if (!plan) throw notFound('Forecast');
  return { plan, products, planItems: await repository.findPlanItems(db, scope, planId) };
}

/**
 * 'Save plan': creates a forecast (no id) or updates one (id and the version read) with its items, in one
 * transaction. periodFrom must not be after periodTo; each product at most once and the caller's own (404
 * otherwise, like a missing one); items with 0 are not stored. A stale version answers 409.
 */
export async function savePlan(db: Db, actor: Actor, scope: CompanyScope, input: PlanInput) {
  if (input.periodFrom > input.periodTo) {
    throw ruleViolation('Plan.periodTo', 'periodOrder', /*i18n*/ { id: 'problem.plans.periodOrder', message: 'The period must not end before it starts (periodFrom <= periodTo).' });
  }
  const seen = new Set<number>();
  for (const [index, item] of input.ClientProductionPlanItems.entries()) {
    if (seen.has(item.clientProductId)) {
      throw ruleViolation(`Plan.ClientProductionPlanItems.${index}.clientProductId`, 'duplicate', /*i18n*/ { id: 'problem.plans.duplicateProduct', message: 'Each product may appear only once in a forecast.' });
    }
    seen.add(item.clientProductId);
  }
  if (input.id !== undefined && input.version === undefined) {
    throw ruleViolation('Plan.version', 'required', problemTexts.versionRequired);
  }
  const items = input.ClientProductionPlanItems.filter((item) => item.plannedAmount > 0);
  const period = { periodFrom: input.periodFrom, periodTo: input.periodTo };

  return db.transaction().execute(async (trx) => {
    const own = await repository.ownProductIds(trx, scope, [...seen]);
    if (own.size !== seen.size) throw notFound('Product');
    let plan: repository.PlanRow | undefined;
    if (input.id === undefined) {
      plan = await repository.insertPlan(trx, scope, period);
    } else {
      plan = await repository.updatePlan(trx, scope, input.id, input.version as number, period);
      if (!plan) {
        if (!(await repository.findPlan(trx, scope, input.id))) throw notFound('Forecast');
        throw conflict(STALE);
      }
    }
    await repository.replacePlanItems(trx, plan.id, items);
    await audit(trx, actor, { operation: 'savePlan', recordType: 'client_production_plan', recordId: plan.id, details: { ...period, items } });
    await recordEvent(trx, actor, {
      type: 'forecast.saved',
      companyId: scope.companyId,
      recordType: 'forecast',
      recordId: plan.id,
      data: { ...period, created: input.id === undefined, items: items.length },
    });
    return plan;
  });
}

/** Deletes the caller's forecasts, all or nothing: if any id is not the caller's (or missing), 404 and none is deleted. */
export async function deletePlans(db: Db, actor: Actor, scope: CompanyScope, planIds: number[]) {
  const ids = [...new Set(planIds)];
  await db.transaction().execute(async (trx) => {
    const deleted = await repository.deletePlans(trx, scope, ids);
    if (deleted.length !== ids.length) throw notFound('Forecast'); // rolls the whole delete back
    await audit(trx, actor, { operation: 'deletePlans', recordType: 'client_production_plan', details: { planIds: ids } });
  });
  return { ok: true as const };
}
