import type { KeyboardEvent } from 'react';
import { Badge } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { Invoice } from '../../../../generated/web/model';
import { formatListDate } from '../../components/format';
import { QueryError } from '../../components/QueryError';
import { pagedTableProps } from '../../components/pagedTable';
import { formatAmount, formatRate } from './invoices';

const flag = (on: boolean) => (
  <Badge variant="light" color={on ? 'green' : 'gray'} size="sm">
    {on ? 'Yes' : 'No'}
  </Badge>
);

const date: DataTableColumn<Invoice> = { accessor: 'deliveryDate', title: 'Invoice date', sortable: true, render: (row) => formatListDate(row.deliveryDate) };
const number: DataTableColumn<Invoice> = { accessor: 'invoiceNumber', title: 'Invoice number', sortable: true };
const order: DataTableColumn<Invoice> = { accessor: 'orderNo', title: 'Order number', sortable: true, render: (row) => row.orderNo ?? '' };

/** Part 2.4: invoice date, invoice number, order number, amount, currency, exchange rate, confirmed, sent. */
const FULL: DataTableColumn<Invoice>[] = [
  date,
  number,
  order,
  { accessor: 'invoiceTotal', title: 'Amount', sortable: true, textAlign: 'right', render: (row) => formatAmount(row.invoiceTotal) },
  { accessor: 'invoiceCurrency', title: 'Currency', sortable: true },
  { accessor: 'exchangeRate', title: 'Exchange rate', textAlign: 'right', render: (row) => formatRate(row.exchangeRate) },
  { accessor: 'isConfirmed', title: 'Confirmed', sortable: true, textAlign: 'center', render: (row) => flag(row.isConfirmed) },
  { accessor: 'isSent', title: 'Sent', sortable: true, textAlign: 'center', render: (row) => flag(row.isSent) },
];

/**
 * The second layout variant of part 2.4, the client's compact view: four columns (invoice date, invoice number, order
 * number, amount with its currency).
 */
const COMPACT: DataTableColumn<Invoice>[] = [
  date,
  number,
  order,
  { accessor: 'invoiceTotal', title: 'Amount', sortable: true, textAlign: 'right', render: (row) => `${formatAmount(row.invoiceTotal)} ${row.invoiceCurrency}` },
];

/** Staff see every company's invoices: the company follows the invoice number. */
const WITH_COMPANY: DataTableColumn<Invoice>[] = [
  date,
  number,
  { accessor: 'company', title: 'Company', sortable: true, render: (row) => row.company ?? '' },
  ...FULL.slice(2),
];

interface InvoicesTableProps {
  query: { data?: { rows: Invoice[]; count: number }; isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  withCompany: boolean;
  /** The four-column layout (client's compact view). */
  compact?: boolean;
  selectedId: number | null;
  onToggle: (invoice: Invoice) => void;
  listProps: {
    page: number;
    onPageChange: (page: number) => void;
    recordsPerPage: number;
    onRecordsPerPageChange: (size: number) => void;
    sortStatus: DataTableSortStatus<Invoice>;
    onSortStatusChange: (status: DataTableSortStatus<Invoice>) => void;
  };
}

/**
 * The invoices with the single selection of part 2.4: a click (or Enter / Space on a focused row) toggles
 * the row; the selected row is highlighted and marked aria-selected. A failed load says why, with Retry.
 */
export function InvoicesTable({ query, withCompany, compact = false, selectedId, onToggle, listProps }: InvoicesTableProps) {
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <DataTable<Invoice>
      {...pagedTableProps(query)}
      {...listProps}
      noRecordsText={withCompany ? 'No invoices yet.' : 'No invoices yet. They appear here once your orders are billed.'}
      columns={withCompany ? WITH_COMPANY : compact ? COMPACT : FULL}
      onRowClick={({ record }) => onToggle(record)}
      // Inline, so the selected row stays marked under the pointer too (the hover colour would hide a row background).
      rowStyle={(record) => ({ cursor: 'pointer', ...(record.id === selectedId ? { backgroundColor: 'var(--mantine-primary-color-light-hover)' } : {}) })}
      customRowAttributes={(record) => ({
        'aria-selected': record.id === selectedId,
        tabIndex: 0,
        onKeyDown: (event: KeyboardEvent) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onToggle(record);
        },
      })}
    />
  );
}
