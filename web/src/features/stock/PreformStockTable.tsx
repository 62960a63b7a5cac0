import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import type { PreformStockRow } from '@generated/model';
import { formatNumber } from '../../components/format';
import { futureBalance, stockRowKey } from './preformStock';
import './catalogue';

interface PreformStockTableProps {
  rows: PreformStockRow[];
  totalRecords: number;
  page: number;
  onPageChange: (page: number) => void;
  fetching: boolean;
  selectedKey: string | null;
  onToggle: (key: string) => void;
  /** Only where the list may be sorted (the admin's warehouse stock); the operator's has no sortable column. */
  sortStatus?: DataTableSortStatus<PreformStockRow>;
  onSortStatusChange?: (status: DataTableSortStatus<PreformStockRow>) => void;
  /**
   * Over every warehouse (the operator's page) the same preform appears once per warehouse; part 2.2 has no
   * warehouse column, so the warehouse is a dimmed second line of the Preform cell.
   */
  showWarehouse?: boolean;
}

/** Part 2.2: orderAmount descending, the largest need first. */
const DEFAULT_SORT: DataTableSortStatus<PreformStockRow> = { columnAccessor: 'orderAmount', direction: 'desc' };
const number = (value: number | null) => formatNumber(value);

/**
 * Preform stock rows (Preform, Material, Color, Future balance, Order amount, Preform stock) with the
 * single selection of part 4. Rows are focusable: Enter or Space toggles the selection like a click.
 */
export function PreformStockTable({ rows, totalRecords, page, onPageChange, fetching, selectedKey, onToggle, sortStatus = DEFAULT_SORT, onSortStatusChange, showWarehouse = false }: PreformStockTableProps) {
  const { t } = useLingui();
  const sortable = Boolean(onSortStatusChange);
  return (
    <DataTable<PreformStockRow>
      withTableBorder
      highlightOnHover
      minHeight={180}
      idAccessor={stockRowKey}
      records={rows}
      recordsPerPage={10}
      totalRecords={totalRecords}
      page={page}
      onPageChange={onPageChange}
      fetching={fetching}
      noRecordsText={t`No preform stock yet.`}
      // Without onSortStatusChange (the operator's page) no sort state is passed, so no header shows a sort arrow.
      {...((sortable ? { sortStatus, onSortStatusChange } : {}) as object)}
      onRowClick={({ record }) => onToggle(stockRowKey(record))}
      rowStyle={() => ({ cursor: 'pointer' })}
      rowBackgroundColor={(record) => (stockRowKey(record) === selectedKey ? { light: 'var(--mantine-color-blue-1)', dark: 'var(--mantine-color-blue-9)' } : undefined)}
      customRowAttributes={(record) => ({
        'aria-selected': stockRowKey(record) === selectedKey,
        tabIndex: 0,
        onKeyDown: (event: React.KeyboardEvent) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onToggle(stockRowKey(record));
        },
      })}
      columns={[
        {
          accessor: 'preformName',
          title: t`Preform`,
          sortable,
          render: (row) =>
            showWarehouse ? (
              <>
                <Text size="sm">{row.Preform.preformName}</Text>
                <Text size="xs" c="dimmed">
                  {row.PreformWarehouse.warehouseName}
                </Text>
              </>
            ) : (
              row.Preform.preformName
            ),
        },
        { accessor: 'material', title: t`Material`, sortable, render: (row) => row.Preform.material },
        { accessor: 'color', title: t`Color`, sortable, render: (row) => row.Preform.color },
        {
          accessor: 'futureBalance',
          title: t`Future balance`,
          sortable,
          textAlign: 'right',
          render: (row) => {
            const balance = futureBalance(row);
            return (
              <Text inherit c={balance != null && balance < 0 ? 'red' : undefined} fw={balance != null && balance < 0 ? 600 : undefined}>
                {number(balance)}
              </Text>
            );
          },
        },
        { accessor: 'orderAmount', title: t`Order amount`, sortable, textAlign: 'right', render: (row) => number(row.orderAmount) },
        { accessor: 'currentStock', title: t`Preform stock`, sortable, textAlign: 'right', render: (row) => number(row.currentStock) },
      ]}
    />
  );
}
