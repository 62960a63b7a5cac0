import { useState } from 'react';
import { plural, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import {
  getClientPlansGetPlanQueryKey,
  getClientPlansGetPlansQueryKey,
  useClientPlansDeletePlans,
  useClientPlansGetPlans,
} from '@generated/endpoints/plans/plans';
import type { ClientPlansGetPlansBodyPaginationSortBy, ClientProductionPlan } from '@generated/model';
import { useListState } from '../../components/useListState';
import { DeleteSelectedButton } from '../../components/DeleteSelectedButton';
import { RecordLink } from '../../components/RecordLink';
import { QueryError } from '../../components/QueryError';
import { confirmDelete } from '../../components/confirmDelete';
import { pagedTableProps } from '../../components/pagedTable';
import { formatDateTime } from '../../components/format';
import { formatPeriod } from './forecast';
import { OrderCards } from '../orders/OrderCards';
import { useWideScreen } from '../../components/useWideScreen';
import './catalogue';

/** The phone list's page buttons, named by what they do (Mantine names the control: first, previous, next, last). */
const pageControlLabel = (control: string) =>
  select(control, { first: 'first page', previous: 'previous page', next: 'next page', last: 'last page', other: 'page' });

/**
 * Client /planning, 'Forecasts': Period (from ~ to) and Updated at, 20 per page (20/50/100), periodFrom
 * descending by default; multi-select. New opens /planning/new; Delete (disabled without a selection) asks
 * first; a row click (or Enter on a row) opens /planning/{id}. On a phone (below `sm`) each forecast is a card.
 */
export default function ForecastsPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListState<ClientProductionPlan, ClientPlansGetPlansBodyPaginationSortBy>({ sortBy: 'periodFrom', descending: true, rowsPerPage: 20 });
  const body = { pagination: list.pagination };
  const query = useClientPlansGetPlans(body, { query: { queryKey: getClientPlansGetPlansQueryKey(body), placeholderData: keepPreviousData } });
  const [selected, setSelected] = useState<ClientProductionPlan[]>([]);
  const wide = useWideScreen();
  const remove = useClientPlansDeletePlans({
    mutation: {
      onSuccess: async (_result, { data }) => {
        setSelected([]);
        const deletedCount = data.planIds.length;
        notifications.show({ color: 'green', message: plural(deletedCount, { one: 'Forecast deleted.', other: '# forecasts deleted.' }) });
        await queryClient.invalidateQueries({ queryKey: [getClientPlansGetPlansQueryKey()[0]] });
        for (const id of data.planIds) queryClient.removeQueries({ queryKey: getClientPlansGetPlanQueryKey(String(id)) });
      },
    },
  });

  const open = (id: number | 'new') => void navigate({ to: '/planning/$id', params: { id: String(id) } });
  const selectedCount = selected.length;
  const askDelete = () =>
    confirmDelete({
      title: plural(selectedCount, { one: 'Delete forecast', other: 'Delete forecasts' }),
      count: selected.length,
      onConfirm: () => remove.mutate({ data: { planIds: selected.map((plan) => plan.id) } }),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Forecasts</Trans>
        </Title>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => open('new')}>
            <Trans>New</Trans>
          </Button>
          <DeleteSelectedButton label={t`Delete`} selected={selected.length} pending={remove.isPending} onClick={askDelete} />
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !wide ? (
        <Stack gap="sm" aria-busy={query.isFetching}>
          <OrderCards<ClientProductionPlan>
            records={query.data?.rows ?? []}
            rowKey={(plan) => plan.id}
            label={(plan) => {
              const period = formatPeriod(plan.periodFrom, plan.periodTo);
              return t`forecast ${period}`;
            }}
            heading={(plan) => <Text fw={600}>{formatPeriod(plan.periodFrom, plan.periodTo)}</Text>}
            fields={(plan) => [{ label: t`Updated at`, value: formatDateTime(plan.updatedAt) }]}
            open={(plan) => open(plan.id)}
            inProgress={() => false}
            selected={selected}
            onSelectedChange={setSelected}
            emptyText={query.isPending ? t`Loading forecasts…` : t`No forecasts yet. Use New to plan the quantities of a period.`}
          />
          {(query.data?.count ?? 0) > list.pagination.rowsPerPage && (
            <Pagination
              size="sm"
              total={Math.ceil((query.data?.count ?? 0) / list.pagination.rowsPerPage)}
              value={list.pagination.page}
              onChange={list.tableProps.onPageChange}
              getControlProps={(control) => ({ 'aria-label': pageControlLabel(control) })}
            />
          )}
        </Stack>
      ) : (
        <DataTable<ClientProductionPlan>
          {...pagedTableProps(query)}
          recordsPerPageLabel={t`Records per page`}
          recordsPerPageOptions={[20, 50, 100]}
          noRecordsText={t`No forecasts yet. Use New to plan the quantities of a period.`}
          {...list.tableProps}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          onRowClick={({ record }) => open(record.id)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            tabIndex: 0,
            onKeyDown: (event: React.KeyboardEvent) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) open(record.id);
            },
          })}
          columns={[
            {
              accessor: 'periodFrom',
              title: t`Period`,
              sortable: true,
              render: (row) => {
                const period = formatPeriod(row.periodFrom, row.periodTo);
                return (
                  <RecordLink to={`/planning/${row.id}`} label={t`Forecast ${period}`}>
                    {period}
                  </RecordLink>
                );
              },
            },
            { accessor: 'updatedAt', title: t`Updated at`, sortable: true, render: (row) => formatDateTime(row.updatedAt) },
          ]}
        />
      )}
    </Stack>
  );
}
