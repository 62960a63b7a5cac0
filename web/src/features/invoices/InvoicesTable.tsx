import { Trans, useLingui } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { Badge, Card, Group, Pagination, Stack, Text, UnstyledButton } from '@mantine/core';
import { useWideScreen } from '../../components/useWideScreen';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { Invoice } from '@generated/model';
import { formatListDate } from '../../components/format';
import { QueryError } from '../../components/QueryError';
import { pagedTableProps } from '../../components/pagedTable';
import { formatAmount, formatRate } from './invoices';
import './catalogue';

function Flag({ on }: { on: boolean }) {
  return (
    <Badge variant="light" color={on ? 'green' : 'gray'} size="sm">
      {on ? <Trans>Yes</Trans> : <Trans>No</Trans>}
    </Badge>
  );
}
const flag = (on: boolean) => <Flag on={on} />;

/** The table's layouts, their column titles in the chosen language. */
function useColumns() {
  const { t } = useLingui();
  const date: DataTableColumn<Invoice> = {
    accessor: 'deliveryDate',
    title: t`Invoice date`,
    sortable: true,
    render: (row) => formatListDate(row.deliveryDate),
  };
  const number: DataTableColumn<Invoice> = { accessor: 'invoiceNumber', title: t`Invoice number`, sortable: true };
  const order: DataTableColumn<Invoice> = { accessor: 'orderNo', title: t`Order number`, sortable: true, render: (row) => row.orderNo ?? '' };

  /** Part 2.4: invoice date, invoice number, order number, amount, currency, exchange rate, confirmed, sent. */
  const full: DataTableColumn<Invoice>[] = [
    date,
    number,
    order,
    { accessor: 'invoiceTotal', title: t`Amount`, sortable: true, textAlign: 'right', render: (row) => formatAmount(row.invoiceTotal) },
    { accessor: 'invoiceCurrency', title: t`Currency`, sortable: true },
    { accessor: 'exchangeRate', title: t`Exchange rate`, textAlign: 'right', render: (row) => formatRate(row.exchangeRate) },
    { accessor: 'isConfirmed', title: t`Confirmed`, sortable: true, textAlign: 'center', render: (row) => flag(row.isConfirmed) },
    { accessor: 'isSent', title: t`Sent`, sortable: true, textAlign: 'center', render: (row) => flag(row.isSent) },
  ];

  /**
   * The second layout variant of part 2.4, the client's compact view: four columns (invoice date, invoice number, order
   * number, amount with its currency).
   */
  const compact: DataTableColumn<Invoice>[] = [
    date,
    number,
    order,
    {
      accessor: 'invoiceTotal',
      title: t`Amount`,
      sortable: true,
      textAlign: 'right',
      render: (row) => `${formatAmount(row.invoiceTotal)} ${row.invoiceCurrency}`,
    },
  ];

  /** Staff see every company's invoices: the company follows the invoice number. */
  const withCompany: DataTableColumn<Invoice>[] = [
    date,
    number,
    { accessor: 'company', title: t`Company`, sortable: true, render: (row) => row.company ?? '' },
    ...full.slice(2),
  ];
  return { full, compact, withCompany };
}

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
  const { t } = useLingui();
  const columns = useColumns();
  const wide = useWideScreen();
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (!wide)
    return (
      <InvoiceCards query={query} withCompany={withCompany} compact={compact} selectedId={selectedId} onToggle={onToggle} listProps={listProps} />
    );
  return (
    <DataTable<Invoice>
      {...pagedTableProps(query)}
      {...listProps}
      recordsPerPageLabel={t`Records per page`}
      noRecordsText={withCompany ? t`No invoices yet.` : t`No invoices yet. They appear here once your orders are billed.`}
      columns={withCompany ? columns.withCompany : compact ? columns.compact : columns.full}
      onRowClick={({ record }) => onToggle(record)}
      // Inline, so the selected row stays marked under the pointer too (the hover colour would hide a row background).
      rowStyle={(record) => ({
        cursor: 'pointer',
        ...(record.id === selectedId ? { backgroundColor: 'var(--mantine-primary-color-light-hover)' } : {}),
      })}
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

/**
 * On a phone (below `sm`): a card per invoice with the table's values, labelled, so nothing scrolls sideways. A card is
 * a toggle button (pressed when selected), the same single selection as the rows.
 */
function InvoiceCards({ query, withCompany, compact, selectedId, onToggle, listProps }: InvoicesTableProps) {
  const { t } = useLingui();
  // The pager's arrows, named for screen readers (Mantine names its controls first, previous, next and last).
  const pageLabel = (control: string) =>
    control === 'first' ? t`first page` : control === 'previous' ? t`previous page` : control === 'next' ? t`next page` : t`last page`;
  const rows = query.data?.rows ?? [];
  const pages = Math.ceil((query.data?.count ?? 0) / listProps.recordsPerPage);
  if (rows.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text c="dimmed" ta="center">
          {query.data === undefined
            ? t`Loading invoices…`
            : withCompany
              ? t`No invoices yet.`
              : t`No invoices yet. They appear here once your orders are billed.`}
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="xs" aria-busy={query.isFetching}>
      {rows.map((row) => {
        const selected = row.id === selectedId;
        const fields: [string, React.ReactNode][] = [
          [t`Invoice date`, formatListDate(row.deliveryDate)],
          ...(withCompany ? [[t`Company`, row.company ?? ''] as [string, React.ReactNode]] : []),
          [t`Order number`, row.orderNo ?? ''],
          [t`Amount`, `${formatAmount(row.invoiceTotal)} ${row.invoiceCurrency}`],
          ...(compact
            ? []
            : ([
                [t`Exchange rate`, formatRate(row.exchangeRate)],
                [t`Confirmed`, flag(row.isConfirmed)],
                [t`Sent`, flag(row.isSent)],
              ] as [string, React.ReactNode][])),
        ];
        return (
          <Card
            key={row.id}
            withBorder
            padding="sm"
            style={
              selected
                ? { backgroundColor: 'var(--mantine-primary-color-light-hover)', borderColor: 'var(--mantine-primary-color-filled)' }
                : undefined
            }
          >
            <UnstyledButton aria-pressed={selected} onClick={() => onToggle(row)} style={{ display: 'block', width: '100%' }}>
              <Text fw={600} mb={4}>
                {row.invoiceNumber}
              </Text>
              <Stack gap={2}>
                {fields.map(([label, value]) => (
                  <Group key={label} gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                      {label}
                    </Text>
                    <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'break-word' }}>
                      {value}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </UnstyledButton>
          </Card>
        );
      })}
      {pages > 1 && (
        <Pagination
          size="sm"
          total={pages}
          value={listProps.page}
          onChange={listProps.onPageChange}
          getControlProps={(control) => ({ 'aria-label': pageLabel(control) })}
        />
      )}
    </Stack>
  );
}
