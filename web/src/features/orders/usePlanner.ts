import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  getClientPlannerGetPlannerQueryKey,
  useClientPlannerGetPlanner,
  useClientPlannerSavePlannerItem,
} from '@generated/endpoints/orders/orders';
import type { PlannerOrderItem } from '@generated/model';
import { ApiError } from '../../api/http';
import { PLANNER_MESSAGES } from '../../api/messages';
import { describeError } from '../../api/describeError';
import { formatListDate } from '../../components/format';
import { describeItem, dropRefusal, plannerRange } from './plannerCalendar';
import './catalogue';

/** Every planner read (any month): a save may change what several months show. */
export const plannerKey = () => [getClientPlannerGetPlannerQueryKey()[0]];

/** Reloads the planner; after a 409 the item shown is stale and the user applies the change again. */
export function useReloadPlanner() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: plannerKey() });
}

/**
 * The seller's planner of one month view (with its neighbouring days) and the drag of an item to another day.
 * `move` refuses a day before the item's own date or a weekend at once (part 5), otherwise shows the card on the
 * new day while it saves (the buyer confirmation is cleared by the API), puts it back when the save fails and says
 * why; a 409 (changed meanwhile) reloads.
 */
export function usePlanner(month: string) {
  const reload = useReloadPlanner();
  const range = plannerRange(month);
  const query = useClientPlannerGetPlanner(range, { query: { queryKey: getClientPlannerGetPlannerQueryKey(range), placeholderData: keepPreviousData } });
  const save = useClientPlannerSavePlannerItem({ mutation: { meta: { silent: true } } });
  const [moves, setMoves] = useState<Record<number, string>>({});

  const dayOf = (item: PlannerOrderItem) => moves[item.id] ?? item.dueDate;

  async function move(item: PlannerOrderItem, day: string) {
    if (day === item.dueDate || item.id in moves) return;
    const refusal = dropRefusal(item.dueDate, day);
    if (refusal) {
      notifications.show({
        color: 'red',
        role: 'alert',
        title: t`Not moved`,
        message: refusal === 'earlier' ? PLANNER_MESSAGES.earlierDay(formatListDate(item.dueDate)) : PLANNER_MESSAGES.weekendDay,
      });
      return;
    }
    setMoves((current) => ({ ...current, [item.id]: day }));
    try {
      await save.mutateAsync({ data: { item: { id: item.id, dueDate: day, version: item.version } } });
      const shownDay = formatListDate(day);
      const card = describeItem(item);
      notifications.show({
        color: 'green',
        title: t`Moved to ${shownDay}`,
        message: t`${card}. The buyer confirms the new day again.`,
      });
      await reload();
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      const reason = describeError(error);
      notifications.show({ color: 'red', role: 'alert', title: t`Not moved`, message: stale ? t`${reason} The planner was reloaded.` : reason });
      if (stale) await reload();
    } finally {
      setMoves((current) => {
        const next = { ...current };
        delete next[item.id];
        return next;
      });
    }
  }

  return { query, dayOf, move, isMoving: (id: number) => id in moves };
}
