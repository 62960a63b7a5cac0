import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { MultiSelect, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import {
  getAdminDowntimeGetHistoryQueryKey,
  useAdminDowntimeExportHistory,
  getAdminDowntimeGetCausesQueryOptions,
  useAdminDowntimeGetHistory,
  useAdminDowntimeSaveHistoryItem,
} from '@generated/endpoints/downtime/downtime';
import { useAdminDirectoryGetDirectoryClients } from '@generated/endpoints/clients/clients';
import type { AdminDowntimeGetHistoryBodyPaginationSortBy, DowntimeHistoryItem } from '@generated/model';
import { useListState } from '../../components/useListState';
import { ADMIN_TITLES, DowntimeHistoryTable } from './DowntimeHistoryTable';
import { HistoryToolbar } from './HistoryToolbar';
import { useHistoryActions } from './useHistoryActions';
import { currentMonth } from './downtimeFormat';
import type { Period } from '../../components/PeriodPicker';
import './catalogue';

/** The cause select searches the causes by name on the server: the first 20 by name, or those containing the typed text. */
const causeLookup = (filter: string) =>
  getAdminDowntimeGetCausesQueryOptions({ filter: filter || undefined, pagination: { page: 1, rowsPerPage: 20, sortBy: 'causeName', descending: false } });

/**
 * Admin /downtimes/history (part 2.1): period (default the current month), clients (none chosen = every client),
 * 'Export to Csv'; client name, machine name, downtime cause ('Update cause' in place), actual date, duration,
 * start and end; endDatetime descending, 10 per page (10/20/50/100), paged and sorted by the API.
 */
export default function AdminDowntimeHistoryPage() {
  const { t } = useLingui();
  const [period, setPeriod] = useState<Period>(currentMonth);
  const [clientIds, setClientIds] = useState<string[]>([]);
  const list = useListState<DowntimeHistoryItem, AdminDowntimeGetHistoryBodyPaginationSortBy>({ sortBy: 'endDatetime', descending: true, rowsPerPage: 10 });
  const body = { pagination: list.pagination, clientIds, period };
  const query = useAdminDowntimeGetHistory(body, { query: { queryKey: getAdminDowntimeGetHistoryQueryKey(body), placeholderData: keepPreviousData } });
  const clients = useAdminDirectoryGetDirectoryClients();
  const save = useAdminDowntimeSaveHistoryItem();
  const exportCsv = useAdminDowntimeExportHistory({ mutation: { meta: { silent: true } } });
  const actions = useHistoryActions({
    historyKey: getAdminDowntimeGetHistoryQueryKey()[0],
    save: save.mutateAsync,
    exportCsv: () => exportCsv.mutateAsync({ data: { clientIds, period, sortBy: list.pagination.sortBy, descending: list.pagination.descending } }),
  });
  const firstPage = () => list.tableProps.onPageChange(1);

  return (
    <Stack>
      <HistoryToolbar
        title={t`Downtimes history`}
        period={period}
        onPeriodChange={(next) => {
          setPeriod(next);
          firstPage();
        }}
        filters={
          <MultiSelect
            label={t`Clients`}
            placeholder={clientIds.length ? undefined : clients.isLoading ? t`Loading clients…` : t`All clients`}
            searchable
            clearable
            miw={260}
            maw={520}
            nothingFoundMessage={t`No client found`}
            data={(clients.data ?? []).map((client) => ({ value: client.id, label: client.company }))}
            error={clients.isError ? t`Clients could not be loaded.` : undefined}
            value={clientIds}
            onChange={(ids) => {
              setClientIds(ids);
              firstPage();
            }}
          />
        }
        onExport={() => void actions.exportCsv()}
        exporting={exportCsv.isPending}
      />
      <DowntimeHistoryTable query={query} tableProps={list.tableProps} titles={ADMIN_TITLES} causeLookup={causeLookup} saveCause={actions.saveCause} />
    </Stack>
  );
}
