import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  getAdminSupplyGetSupplyOrdersQueryKey,
  getAdminSupplyGetSupplyPlanLinesQueryKey,
  getAdminSupplyGetSupplyPlanQueryKey,
  useAdminSupplyAcceptSupplySuggestion,
  useAdminSupplyDismissSupplySuggestion,
} from '@generated/endpoints/supply/supply';
import type { SupplyPlanRow, SupplyZone } from '@generated/model';
import { ApiError } from '../../api/http';
import { describeError } from '../../api/describeError';
import { formatListDate, formatNumber } from '../../components/format';
import { preformLabel } from './supplyBoard';

/** A zone in words and colour: the badge always says the zone, the colour only repeats it. */
export const ZONES: Record<SupplyZone, { label: string; color: string }> = {
  red: { label: 'Red', color: 'red' },
  yellow: { label: 'Yellow', color: 'yellow' },
  green: { label: 'Green', color: 'green' },
  over: { label: 'Over green', color: 'blue' },
};

/** The board asks for the pairs whose position sits in these zones: only they can have a suggestion. */
export const SUGGESTION_ZONES: SupplyZone[] = ['red', 'yellow'];

/** Why a pair has a suggestion, in one line: where its net flow position sits against the top of yellow. */
export function reasonOf(row: SupplyPlanRow): string {
  const { netFlowPosition, buffer } = row;
  const gap = buffer.topOfYellow - netFlowPosition;
  const where = gap >= 0 ? `${formatNumber(gap)} below` : `${formatNumber(-gap)} above`;
  return `net flow ${formatNumber(netFlowPosition)}: ${where} top of yellow ${formatNumber(buffer.topOfYellow)}; ordering up to top of green ${formatNumber(buffer.topOfGreen)}`;
}

/** A pair in words: preform name-material-color at its warehouse. */
export const pairLabel = (row: SupplyPlanRow) => `${preformLabel(row.Preform)} at ${row.PreformWarehouse.warehouseName}`;

/** A suggestion in words, for its card's name. */
export function describeSuggestion(row: SupplyPlanRow): string {
  const suggestion = row.suggestion;
  if (!suggestion) return pairLabel(row);
  return `Suggested: ${pairLabel(row)}, ${formatNumber(suggestion.amount)} preforms due ${formatListDate(suggestion.dueDate)}`;
}

/** The amount with its boxes and, when it was rounded to trucks, its trucks. */
export function packagingOf(suggestion: NonNullable<SupplyPlanRow['suggestion']>): string {
  const boxes = `${formatNumber(suggestion.boxes)} ${suggestion.boxes === 1 ? 'box' : 'boxes'}`;
  const trucks = suggestion.trucks != null ? `, ${formatNumber(suggestion.trucks)} ${suggestion.trucks === 1 ? 'truck' : 'trucks'}` : '';
  return `${boxes}${trucks}`;
}

/** The projection screen of one pair (hash history: a plain link works without the router's context). */
export const planHref = (row: { preformId: number; preformWarehouseId: number }) =>
  `#/supply/plan?preformId=${row.preformId}&preformWarehouseId=${row.preformWarehouseId}`;

const planKey = () => [getAdminSupplyGetSupplyPlanQueryKey()[0]];
const linesKey = () => [getAdminSupplyGetSupplyPlanLinesQueryKey()[0]];
const ordersKey = () => [getAdminSupplyGetSupplyOrdersQueryKey()[0]];

/**
 * 'Accept' and 'Dismiss' of a suggestion. Accept makes the pending supply order (the board's New column and the plan
 * reload); a 409 means the numbers changed since the plan was read: it says so and reloads the plan. Dismiss hides the
 * suggestion (the plan reloads without it). Which pair is busy is `busy`.
 */
export function useSuggestionActions() {
  const queryClient = useQueryClient();
  const reloadPlan = () => Promise.all([queryClient.invalidateQueries({ queryKey: planKey() }), queryClient.invalidateQueries({ queryKey: linesKey() })]);
  const failed = async (error: unknown) => {
    const changed = error instanceof ApiError && error.status === 409;
    notifications.show({
      color: 'red',
      role: 'alert',
      title: changed ? 'The plan changed' : 'Not saved',
      message: changed ? 'The numbers changed since the plan was read; the plan was reloaded. Check the suggestion and decide again.' : describeError(error),
    });
    if (changed) await reloadPlan();
  };
  const accept = useAdminSupplyAcceptSupplySuggestion({
    mutation: {
      meta: { silent: true },
      onSuccess: async (order) => {
        notifications.show({ color: 'green', message: `Supply order of ${formatNumber(order.orderedAmount)} preforms added to New.` });
        await Promise.all([reloadPlan(), queryClient.invalidateQueries({ queryKey: ordersKey() })]);
      },
      onError: failed,
    },
  });
  const dismiss = useAdminSupplyDismissSupplySuggestion({
    mutation: { meta: { silent: true }, onSuccess: () => reloadPlan(), onError: failed },
  });
  const bodyOf = (row: SupplyPlanRow) => ({ preformId: row.preformId, preformWarehouseId: row.preformWarehouseId, fingerprint: row.suggestion?.fingerprint ?? '' });
  const isPair = (variables: { preformId: number; preformWarehouseId: number } | undefined, row: SupplyPlanRow) =>
    variables?.preformId === row.preformId && variables.preformWarehouseId === row.preformWarehouseId;
  return {
    accept: (row: SupplyPlanRow) => accept.mutate({ data: bodyOf(row) }),
    /** `onFailed`: the dismissal was not saved (a board that hid the card at once shows it again). */
    dismiss: (row: SupplyPlanRow, onFailed?: () => void) => dismiss.mutate({ data: bodyOf(row) }, { onError: () => onFailed?.() }),
    accepting: (row: SupplyPlanRow) => accept.isPending && isPair(accept.variables?.data, row),
    dismissing: (row: SupplyPlanRow) => dismiss.isPending && isPair(dismiss.variables?.data, row),
  };
}
