import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import {
  getOperatorDowntimeGetHistoryQueryKey,
  useOperatorDowntimeExportHistory,
  getOperatorDowntimeGetCausesQueryOptions,
  useOperatorDowntimeGetHistory,
  useOperatorDowntimeSaveHistoryItem,
} from '@generated/endpoints/downtime/downtime';
import type { DowntimeHistoryItem, OperatorDowntimeGetHistoryBodyPaginationSortBy } from '@generated/model';
import { useListState } from '../../components/useListState';
import { DowntimeHistoryTable, OPERATOR_TITLES } from './DowntimeHistoryTable';
import { HistoryToolbar } from './HistoryToolbar';
import { useHistoryActions } from './useHistoryActions';
import { currentMonth } from './downtimeFormat';
import type { Period } from '../../components/PeriodPicker';
import './catalogue';

/** The cause select searches the causes by name on the server (every cause when nothing is typed). */
const causeLookup = (filter: string) => getOperatorDowntimeGetCausesQueryOptions({ filter: filter || undefined });

/**
 * Operator /downtime/history (part 2.2): date range (default the current month); Machine Name, Inactivity cause
 * (a select with save, in place), ActualDate, Duration, Start and End datetime; endDatetime descending, 10 per page
 * (10/20/50/100); CSV export (semicolon-separated history-table-export.csv, made by the API).
 */
export default function OperatorDowntimeHistoryPage() {
  const { t } = useLingui();
  const [period, setPeriod] = useState<Period>(currentMonth);
  const list = useListState<DowntimeHistoryItem, OperatorDowntimeGetHistoryBodyPaginationSortBy>({ sortBy: 'endDatetime', descending: true, rowsPerPage: 10 });
  const body = { pagination: list.pagination, period };
  const query = useOperatorDowntimeGetHistory(body, { query: { queryKey: getOperatorDowntimeGetHistoryQueryKey(body), placeholderData: keepPreviousData } });
  const save = useOperatorDowntimeSaveHistoryItem();
  const exportCsv = useOperatorDowntimeExportHistory({ mutation: { meta: { silent: true } } });
  const actions = useHistoryActions({
    historyKey: getOperatorDowntimeGetHistoryQueryKey()[0],
    save: save.mutateAsync,
    exportCsv: () => exportCsv.mutateAsync({ data: { period, sortBy: list.pagination.sortBy, descending: list.pagination.descending } }),
  });

  return (
    <Stack>
      <HistoryToolbar
        title={t`Downtime history`}
        period={period}
        onPeriodChange={(next) => {
          setPeriod(next);
          list.tableProps.onPageChange(1);
        }}
        onExport={() => void actions.exportCsv()}
        exporting={exportCsv.isPending}
      />
      <DowntimeHistoryTable query={query} tableProps={list.tableProps} titles={OPERATOR_TITLES} causeLookup={causeLookup} saveCause={actions.saveCause} />
    </Stack>
  );
}
