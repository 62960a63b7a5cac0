import { useMemo, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  adminSupplyGetSupplyOrders,
  getAdminSupplyGetSupplyOrdersQueryKey,
  useAdminSupplyGetSupplyOrders,
  useAdminSupplySaveSupplyOrder,
} from '../../../../generated/web/endpoints/supply/supply';
import {
  getAdminPreformStockGetPreformStockQueryKey,
  getOperatorStockGetOperatorPreformStockQueryKey,
} from '../../../../generated/web/endpoints/preforms/preforms';
import type { SupplyOrder, SupplyOrderStatus } from '../../../../generated/web/model';
import { ApiError } from '../../api/http';
import { describeError } from '../../app/providers';
import { orderInput } from './supplyBoard';

/** Delivered cards shown at first and added by each 'Load older'. */
export const DELIVERED_PAGE = 10;

const supplyKey = () => [getAdminSupplyGetSupplyOrdersQueryKey()[0]];
/** A delivery adds stock: the warehouse and operator stock lists must not show the old balance from cache. */
const stockKeys = () => [[getAdminPreformStockGetPreformStockQueryKey()[0]], [getOperatorStockGetOperatorPreformStockQueryKey()[0]]];

/**
 * The board's data: New and Awaiting delivery in full, Added to stock newest first in pages (the contract's
 * `before`/`beforeId`/`limit`). `move` saves a drop optimistically: the card shows in its new column at once, goes back
 * if the save fails, and the reason is shown.
 */
export function useSupplyBoard() {
  const queryClient = useQueryClient();
  const pending = useAdminSupplyGetSupplyOrders({ orderStatus: 'pending' });
  const ordered = useAdminSupplyGetSupplyOrders({ orderStatus: 'ordered' });
  const delivered = useInfiniteQuery({
    queryKey: [...getAdminSupplyGetSupplyOrdersQueryKey({ orderStatus: 'delivered' }), 'pages'],
    initialPageParam: undefined as { before: string; beforeId: number } | undefined,
    queryFn: ({ pageParam, signal }) => adminSupplyGetSupplyOrders({ orderStatus: 'delivered', limit: DELIVERED_PAGE, ...pageParam }, signal),
    // Keyset paging: the next page continues strictly after the last card shown (due date, then id), so cards
    // sharing a due date across a page boundary are neither skipped nor repeated.
    getNextPageParam: (last) => {
      const oldest = last.at(-1);
      return last.length < DELIVERED_PAGE || !oldest ? undefined : { before: oldest.dueDate, beforeId: oldest.id };
    },
  });

  const [moves, setMoves] = useState<Record<number, SupplyOrderStatus>>({});
  const save = useAdminSupplySaveSupplyOrder({ mutation: { meta: { silent: true } } });

  const orders = useMemo(() => {
    // One card per order: while columns reload one after another an order can briefly be in two answers;
    // the higher version is the newer one.
    const byId = new Map<number, SupplyOrder>();
    for (const order of [...(pending.data ?? []), ...(ordered.data ?? []), ...(delivered.data?.pages.flat() ?? [])]) {
      const known = byId.get(order.id);
      if (!known || order.version > known.version) byId.set(order.id, order);
    }
    return byId;
  }, [pending.data, ordered.data, delivered.data]);

  const statusOf = (order: SupplyOrder) => moves[order.id] ?? order.orderStatus;
  const column = (status: SupplyOrderStatus) =>
    [...orders.values()]
      .filter((order) => statusOf(order) === status)
      .sort((a, b) => (status === 'delivered' ? b.dueDate.localeCompare(a.dueDate) || b.id - a.id : a.dueDate.localeCompare(b.dueDate) || a.id - b.id));

  async function move(order: SupplyOrder, to: SupplyOrderStatus) {
    const from = statusOf(order);
    if (from === to || from === 'delivered' || order.id in moves) return;
    setMoves((current) => ({ ...current, [order.id]: to }));
    try {
      await save.mutateAsync({ data: { Order: { ...orderInput(order), orderStatus: to, stock: to === 'delivered' } } });
      if (to === 'delivered') for (const queryKey of stockKeys()) void queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: supplyKey() });
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      notifications.show({
        color: 'red',
        title: 'Not moved',
        message: stale ? 'This supply order was changed by someone else meanwhile, reloaded.' : describeError(error),
      });
      if (stale) await queryClient.invalidateQueries({ queryKey: supplyKey() });
    } finally {
      setMoves((current) => {
        const next = { ...current };
        delete next[order.id];
        return next;
      });
    }
  }

  return {
    queries: { pending, ordered, delivered },
    column,
    find: (id: number) => orders.get(id),
    isMoving: (id: number) => id in moves,
    move,
    reload: () => queryClient.invalidateQueries({ queryKey: supplyKey() }),
  };
}
