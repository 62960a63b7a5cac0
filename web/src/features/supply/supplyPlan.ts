import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
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
import { i18n } from '../../i18n/i18n';
import { boxesText, preformLabel } from './supplyBoard';
import './catalogue';

/** A zone in words and colour: the badge always says the zone, the colour only repeats it. */
export const ZONES: Record<SupplyZone, { label: MessageDescriptor; badge: MessageDescriptor; color: string }> = {
  red: { label: msg`Red`, badge: msg`Red zone`, color: 'red' },
  yellow: { label: msg`Yellow`, badge: msg`Yellow zone`, color: 'yellow' },
  green: { label: msg`Green`, badge: msg`Green zone`, color: 'green' },
  over: { label: msg`Over green`, badge: msg`Over green zone`, color: 'blue' },
};

/** A zone's name in the chosen language ('Red'), as the zone filter offers it. */
export const zoneLabel = (zone: SupplyZone) => i18n._(ZONES[zone].label);
/** A zone as its badge says it ('Red zone'). */
export const zoneBadgeText = (zone: SupplyZone) => i18n._(ZONES[zone].badge);

/** The board asks for the pairs whose position sits in these zones: only they can have a suggestion. */
export const SUGGESTION_ZONES: SupplyZone[] = ['red', 'yellow'];

/** Why a pair has a suggestion, in one line: where its net flow position sits against the top of yellow. */
export function reasonOf(row: SupplyPlanRow): string {
  const { netFlowPosition, buffer } = row;
  const gap = buffer.topOfYellow - netFlowPosition;
  const distance = formatNumber(Math.abs(gap));
  const position = formatNumber(netFlowPosition);
  const yellow = formatNumber(buffer.topOfYellow);
  const green = formatNumber(buffer.topOfGreen);
  return gap >= 0
    ? t`net flow ${position}: ${distance} below top of yellow ${yellow}; ordering up to top of green ${green}`
    : t`net flow ${position}: ${distance} above top of yellow ${yellow}; ordering up to top of green ${green}`;
}

/** A pair in words: preform name-material-color at its warehouse. */
export const pairLabel = (row: SupplyPlanRow) => {
  const preform = preformLabel(row.Preform);
  const warehouse = row.PreformWarehouse.warehouseName;
  return t`${preform} at ${warehouse}`;
};

/** A suggestion in words, for its card's name. */
export function describeSuggestion(row: SupplyPlanRow): string {
  const suggestion = row.suggestion;
  if (!suggestion) return pairLabel(row);
  const pair = pairLabel(row);
  const amount = formatNumber(suggestion.amount);
  const due = formatListDate(suggestion.dueDate);
  return t`Suggested: ${pair}, ${amount} preforms due ${due}`;
}

/** The amount with its boxes and, when it was rounded to trucks, its trucks. */
export function packagingOf(suggestion: NonNullable<SupplyPlanRow['suggestion']>): string {
  const boxes = boxesText(suggestion.boxes);
  if (suggestion.trucks == null) return boxes;
  const truckCount = suggestion.trucks;
  const count = formatNumber(truckCount);
  const trucks = plural(truckCount, { one: `${count} truck`, other: `${count} trucks` });
  return t`${boxes}, ${trucks}`;
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
      title: changed ? t`The plan changed` : t`Not saved`,
      message: changed ? t`The numbers changed since the plan was read; the plan was reloaded. Check the suggestion and decide again.` : describeError(error),
    });
    if (changed) await reloadPlan();
  };
  const accept = useAdminSupplyAcceptSupplySuggestion({
    mutation: {
      meta: { silent: true },
      onSuccess: async (order) => {
        const amount = formatNumber(order.orderedAmount);
        notifications.show({ color: 'green', message: t`Supply order of ${amount} preforms added to New.` });
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
