import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { DowntimeHistoryItem } from '@generated/model';
import { pagedTableProps } from '../../components/pagedTable';
import { QueryError } from '../../components/QueryError';
import { CauseCell, type CauseLookup } from './CauseCell';
import { formatDuration, formatHistoryDate, formatHistoryDateTime } from './downtimeFormat';

/** Column titles: the admin's and the operator's tables name the same columns differently (part 2). */
export interface HistoryTitles {
  client?: string;
  machine: string;
  cause: string;
  actualDate: string;
}

export const ADMIN_TITLES: HistoryTitles = { client: 'Client name', machine: 'Machine name', cause: 'Downtime cause', actualDate: 'Actual date' };
export const OPERATOR_TITLES: HistoryTitles = { machine: 'Machine Name', cause: 'Inactivity cause', actualDate: 'ActualDate' };

interface TableProps {
  query: { data?: { rows: DowntimeHistoryItem[]; count: number }; isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  tableProps: {
    page: number;
    onPageChange: (page: number) => void;
    recordsPerPage: number;
    onRecordsPerPageChange: (size: number) => void;
    sortStatus: DataTableSortStatus<DowntimeHistoryItem>;
    onSortStatusChange: (status: DataTableSortStatus<DowntimeHistoryItem>) => void;
  };
  titles: HistoryTitles;
  /** The face's causes call for the cause select's server search. */
  causeLookup: CauseLookup;
  saveCause: (item: DowntimeHistoryItem, causeId: number) => Promise<unknown>;
}

/**
 * The downtime history table shared by the admin's /downtimes/history and the operator's /downtime/history:
 * (client,) machine, cause (editable in place), actual date, duration, start and end; every column sorts on the
 * server (the accessors are the contract's sort keys). Dates DD.MM.YYYY, times UTC. A failed load says why
 * and offers Retry.
 */
export function DowntimeHistoryTable({ query, tableProps, titles, causeLookup, saveCause }: TableProps) {
  const editing = { lookup: causeLookup, save: saveCause };
  const columns: DataTableColumn<DowntimeHistoryItem>[] = [
    ...(titles.client ? [{ accessor: 'company', title: titles.client, sortable: true, render: (row: DowntimeHistoryItem) => row.company ?? row.clientId }] : []),
    { accessor: 'machineName', title: titles.machine, sortable: true },
    {
      accessor: 'causeName',
      title: titles.cause,
      sortable: true,
      width: 260,
      render: (row) => <CauseCell item={row} editing={editing} label={titles.cause} />,
    },
    { accessor: 'actualDate', title: titles.actualDate, sortable: true, render: (row) => formatHistoryDate(row.actualDate) },
    { accessor: 'duration', title: 'Duration', sortable: true, textAlign: 'right', render: (row) => formatDuration(row.duration) },
    { accessor: 'startDatetime', title: 'Start datetime', sortable: true, render: (row) => formatHistoryDateTime(row.targetStart) },
    { accessor: 'endDatetime', title: 'End datetime', sortable: true, render: (row) => formatHistoryDateTime(row.targetEnd) },
  ];
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <DataTable<DowntimeHistoryItem>
      {...pagedTableProps(query)}
      striped={false}
      noRecordsText="No downtimes in this period. Pick another period above."
      {...tableProps}
      columns={columns}
    />
  );
}
