import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { DowntimeHistoryItem } from '@generated/model';
import { pagedTableProps } from '../../components/pagedTable';
import { QueryError } from '../../components/QueryError';
import { CauseCell, type CauseLookup } from './CauseCell';
import { formatDuration, formatHistoryDate, formatHistoryDateTime } from './downtimeFormat';
import './catalogue';

/** Column titles: the admin's and the operator's tables name the same columns differently (part 2). */
export interface HistoryTitles {
  client?: MessageDescriptor;
  machine: MessageDescriptor;
  cause: MessageDescriptor;
  actualDate: MessageDescriptor;
}

export const ADMIN_TITLES: HistoryTitles = { client: msg`Client name`, machine: msg`Machine name`, cause: msg`Downtime cause`, actualDate: msg`Actual date` };
export const OPERATOR_TITLES: HistoryTitles = { machine: msg`Machine Name`, cause: msg`Inactivity cause`, actualDate: msg`ActualDate` };

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
export function DowntimeHistoryTable({ query, tableProps, titles: descriptors, causeLookup, saveCause }: TableProps) {
  const { t, i18n } = useLingui();
  const titles = {
    client: descriptors.client && i18n._(descriptors.client),
    machine: i18n._(descriptors.machine),
    cause: i18n._(descriptors.cause),
    actualDate: i18n._(descriptors.actualDate),
  };
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
    { accessor: 'duration', title: t`Duration`, sortable: true, textAlign: 'right', render: (row) => formatDuration(row.duration) },
    { accessor: 'startDatetime', title: t`Start datetime`, sortable: true, render: (row) => formatHistoryDateTime(row.targetStart) },
    { accessor: 'endDatetime', title: t`End datetime`, sortable: true, render: (row) => formatHistoryDateTime(row.targetEnd) },
  ];
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <DataTable<DowntimeHistoryItem>
      {...pagedTableProps(query)}
      striped={false}
      noRecordsText={t`No downtimes in this period. Pick another period above.`}
      {...tableProps}
      columns={columns}
    />
  );
}
