import type { z } from 'zod';
import {
  clientPlansSavePlanBody,
  clientPlansSavePlanBodyPlanClientProductionPlanItemsItemPlannedAmountMax,
  clientPlansSavePlanBodyPlanClientProductionPlanItemsItemPlannedAmountMin,
} from '@generated/zod/plans/plans.zod';
import type { PlanInput, PlanLoad, PlanProduct } from '@generated/model';
import { planMessageFor, type ValidationIssue } from '../../api/messages';
import type { ApiError } from '../../api/http';
import { formatListDate } from '../../components/format';

/** One line of the forecast editor: a product of the caller and its planned quantity (0 without a plan item). */
export interface ForecastRow extends PlanProduct {
  plannedAmount: number;
}

/** The planned period as the picker holds it: YYYY-MM-DD days, null until chosen. */
export type Period = [string | null, string | null];

const planSchema = clientPlansSavePlanBody.shape.Plan;
const amountSchema = planSchema.shape.ClientProductionPlanItems.element.shape.plannedAmount;
/** The contract's range of a planned quantity (0 means no plan item). */
export const PLANNED_RANGE = {
  min: clientPlansSavePlanBodyPlanClientProductionPlanItemsItemPlannedAmountMin,
  max: clientPlansSavePlanBodyPlanClientProductionPlanItemsItemPlannedAmountMax,
};

/** Every product of the caller, with its plan item's quantity or 0 (part 2.4 'Forecast edit'). */
export function forecastRows(load: PlanLoad): ForecastRow[] {
  const planned = new Map(load.planItems.map((item) => [item.clientProductId, item.plannedAmount]));
  return load.products.map((product) => ({ ...product, plannedAmount: planned.get(product.id) ?? 0 }));
}

/** 'DD.MM.YYYY ~ DD.MM.YYYY', the list's Period column. */
export const formatPeriod = (from: string, to: string) => `${formatListDate(from)} ~ ${formatListDate(to)}`;

function issueOf(issue: z.core.$ZodIssue, field: string, value: unknown): ValidationIssue {
  const empty = value === undefined || value === null || value === '';
  if (empty) return { field, code: 'required', empty };
  switch (issue.code) {
    case 'too_small':
      return { field, code: 'minimum', limit: Number(issue.minimum) };
    case 'too_big':
      return { field, code: 'maximum', limit: Number(issue.maximum) };
    case 'not_multiple_of':
      return { field, code: 'multipleOf', limit: Number(issue.divisor) };
    case 'invalid_format':
      return { field, code: 'format' };
    default:
      return { field, code: 'type', empty };
  }
}

function firstError(schema: z.ZodType, field: string, value: unknown): string | null {
  const result = schema.safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  return issue ? planMessageFor(issueOf(issue, field, value), PLANNED_RANGE) : null;
}

/** The message for a typed planned quantity (the contract's rule), or null when it may be confirmed. */
export function plannedAmountError(value: number | string): string | null {
  return firstError(amountSchema, 'plannedAmount', value === '' ? undefined : value);
}

/** Messages for the planned period: both days picked ('Pick a day.'), and it must not end before it starts. */
export function periodErrors([from, to]: Period): { periodFrom?: string; periodTo?: string } {
  const errors = {
    periodFrom: firstError(planSchema.shape.periodFrom, 'periodFrom', from ?? undefined) ?? undefined,
    periodTo: firstError(planSchema.shape.periodTo, 'periodTo', to ?? undefined) ?? undefined,
  };
  if (!errors.periodFrom && !errors.periodTo && from! > to!) errors.periodTo = planMessageFor({ field: 'periodTo', code: 'periodOrder' }, PLANNED_RANGE);
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as typeof errors;
}

/** The 'Save plan' body: the period and every product's quantity (items replace the plan's; 0 is not stored). */
export function planInput(
  plan: { id: number; version: number } | null,
  [from, to]: Period,
  quantities: ReadonlyMap<number, number>,
): PlanInput {
  return {
    ...(plan ? { id: plan.id, version: plan.version } : {}),
    periodFrom: from ?? '',
    periodTo: to ?? '',
    ClientProductionPlanItems: [...quantities].map(([clientProductId, plannedAmount]) => ({ clientProductId, plannedAmount })),
  };
}

/** The API's field errors of a refused save, worded for the editor; the period's are keyed periodFrom/periodTo. */
export function saveFieldErrors(error: ApiError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.problem.errors ?? []) {
    const field = issue.field.replace(/^Plan\./, '');
    errors[field] ??= planMessageFor({ field, code: issue.code, limit: issue.limit }, PLANNED_RANGE);
  }
  return errors;
}
