import { useMemo, useState } from 'react';
import { t } from '@lingui/core/macro';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  adminSupplyGetSupplyOrders,
  getAdminSupplyGetSupplyOrdersQueryKey,
  useAdminSupplySaveSupplyOrder,
} from '@generated/endpoints/supply/supply';
import {
  getAdminPreformStockGetPreformStockQueryKey,
  getOperatorStockGetOperatorPreformStockQueryKey,
} from '@generated/endpoints/stock/stock';
import { adminSustainabilitySaveLotCertificate } from '@generated/endpoints/sustainability/sustainability';
import type { SupplyOrder, SupplyOrderStatus } from '@generated/model';
import { ApiError, idempotencyKey } from '../../api/http';
import { describeError } from '../../api/describeError';
import { columnTitle, describeOrder, loadNextLabel, orderInput } from './supplyBoard';
import './catalogue';

/**
 * Cards a column shows at first and adds with each 'Load more' / 'Load older': New and Awaiting delivery from the
 * earliest due date on, Added to stock from the newest. A column stays quick to load however many cards it holds.
 */
export const COLUMN_PAGE: Record<SupplyOrderStatus, number> = { pending: 50, ordered: 50, delivered: 10 };

const supplyKey = () => [getAdminSupplyGetSupplyOrdersQueryKey()[0]];
/** A delivery adds stock: the warehouse and operator stock lists must not show the old balance from cache. */
const stockKeys = () => [[getAdminPreformStockGetPreformStockQueryKey()[0]], [getOperatorStockGetOperatorPreformStockQueryKey()[0]]];

const columnKey = (orderStatus: SupplyOrderStatus) => [...getAdminSupplyGetSupplyOrdersQueryKey({ orderStatus }), 'pages'];

type PageParam = { after: string; afterId: number } | { before: string; beforeId: number } | undefined;

/**
 * One column as keyset pages (the contract's `after`/`afterId` ascending, `before`/`beforeId` for delivered): the
 * next page continues strictly beyond the last card shown (due date, then id), so cards sharing a due date across a
 * page boundary are neither skipped nor repeated. A refetch reloads every page loaded so far.
 */
function useColumn(orderStatus: SupplyOrderStatus) {
  const limit = COLUMN_PAGE[orderStatus];
  return useInfiniteQuery({
    queryKey: columnKey(orderStatus),
    initialPageParam: undefined as PageParam,
    queryFn: ({ pageParam, signal }) => adminSupplyGetSupplyOrders({ orderStatus, limit, ...pageParam }, signal),
    getNextPageParam: (page): PageParam => {
      const last = page.at(-1);
      if (page.length < limit || !last) return undefined;
      return orderStatus === 'delivered' ? { before: last.dueDate, beforeId: last.id } : { after: last.dueDate, afterId: last.id };
    },
  });
}

/**
 * The board's data, each column in pages: New and Awaiting delivery by due date, Added to stock newest first.
 * `move` saves a drop optimistically: the card shows in its new column at once, goes back if the save fails, and
 * the reason is shown.
 */
export function useSupplyBoard() {
  const queryClient = useQueryClient();
  const pending = useColumn('pending');
  const ordered = useColumn('ordered');
  const delivered = useColumn('delivered');

  const [moves, setMoves] = useState<Record<number, SupplyOrderStatus>>({});
  const save = useAdminSupplySaveSupplyOrder({ mutation: { meta: { silent: true } } });

  const orders = useMemo(() => {
    // One card per order: while columns reload one after another an order can briefly be in two answers;
    // the higher version is the newer one.
    const byId = new Map<number, SupplyOrder>();
    for (const order of [pending.data, ordered.data, delivered.data].flatMap((data) => data?.pages.flat() ?? [])) {
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

  /**
   * `supplierLotNumber` and `certificate`: the delivery's lot number and the lot's certificate file, on a move to Added
   * to stock (both optional). The file is sent once the save has made the lot: a file the API refuses then leaves the
   * delivery in stock and says why, to be attached on the lot's page.
   */
  async function move(order: SupplyOrder, to: SupplyOrderStatus, supplierLotNumber?: string, certificate?: File) {
    const from = statusOf(order);
    if (from === to || from === 'delivered' || order.id in moves) return;
    setMoves((current) => ({ ...current, [order.id]: to }));
    try {
      const lot = to === 'delivered' && supplierLotNumber ? { supplierLotNumber } : {};
      const saved = await save.mutateAsync({ data: { Order: { ...orderInput(order), orderStatus: to, stock: to === 'delivered', ...lot } }, headers: idempotencyKey() });
      if (certificate && saved.Lot) await attachCertificate(saved.Lot.id, certificate);
      if (to === 'delivered') for (const queryKey of stockKeys()) void queryClient.invalidateQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey: supplyKey() });
      const shown = queryClient.getQueryData<InfiniteData<SupplyOrder[]>>(columnKey(to))?.pages.flat() ?? [];
      if (!shown.some((card) => card.id === order.id)) {
        // Due after the cards loaded in that column: say where it went rather than letting it vanish.
        const column = columnTitle(to);
        const card = describeOrder(order);
        const next = loadNextLabel(to);
        notifications.show({ title: t`Moved to ${column}`, message: t`${card}. It is further down the column: ''${next}'' shows it.` });
      }
    } catch (error) {
      const stale = error instanceof ApiError && error.status === 409;
      notifications.show({
        color: 'red',
        role: 'alert',
        title: t`Not moved`,
        message: stale ? t`This supply order was changed by someone else meanwhile, reloaded.` : describeError(error),
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

  async function attachCertificate(lotId: number, file: File) {
    try {
      await adminSustainabilitySaveLotCertificate({ lotId, file });
    } catch (error) {
      const reason = describeError(error);
      notifications.show({ color: 'red', role: 'alert', title: t`Certificate file not stored`, message: t`The delivery is in stock. Attach the file on the lot's page: ${reason}` });
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
