import { useState } from 'react';
import type { PreformStockRow } from '@generated/model';

/** One row of a preform stock table: a preform in a warehouse. */
export const stockRowKey = (row: Pick<PreformStockRow, 'preformId' | 'preformWarehouseId'>) => `${row.preformId}:${row.preformWarehouseId}`;

/** Part 2.2: current stock minus order amount; blank (null) when both are null, a missing one counts as 0. */
export function futureBalance(row: Pick<PreformStockRow, 'currentStock' | 'orderAmount'>): number | null {
  if (row.currentStock == null && row.orderAmount == null) return null;
  return (row.currentStock ?? 0) - (row.orderAmount ?? 0);
}

/**
 * Single selection of part 4: a row click selects that row alone, the same row again returns to none, and
 * every reload of the list (a new `loadedAt`) clears it.
 */
export function useRowSelection(loadedAt: number) {
  const [selection, setSelection] = useState<{ key: string; loadedAt: number } | null>(null);
  const selectedKey = selection && selection.loadedAt === loadedAt ? selection.key : null;
  return {
    selectedKey,
    toggle: (key: string) => setSelection(selectedKey === key ? null : { key, loadedAt }),
  };
}
