import { lazy, Suspense, useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import {
  getAdminDowntimeGetCausesQueryKey,
  useAdminDowntimeDeleteCauses,
  useAdminDowntimeGetCauses,
} from '@generated/endpoints/downtime/downtime';
import type { AdminDowntimeGetCausesBodyPaginationSortBy, DowntimeCause } from '@generated/model';
import { useListState } from '../../components/useListState';
import { DeleteSelectedButton } from '../../components/DeleteSelectedButton';
import { QueryError } from '../../components/QueryError';
import { confirmDelete } from '../../components/confirmDelete';
import { pagedTableProps } from '../../components/pagedTable';
import { formatNumber } from '../../components/format';
import { describeError } from '../../api/describeError';
import './catalogue';

// The dialog (zod, @mantine/form) loads when it is first opened, keeping the list's chunk small.
const CauseDialog = lazy(() => import('./CauseDialog'));

const productsLabel = (count: number) => plural(count, { one: '# product affected', other: '# products affected' });

/** 'Cause deleted.' or '3 causes deleted.' */
const deletedMessage = (deleted: number) => plural(deleted, { one: 'Cause deleted.', other: '# causes deleted.' });

/** The question before deleting: the cause's name for one, the count for more. */
function deleteQuestion(selected: DowntimeCause[]) {
  const name = selected[0]?.causeName ?? '';
  const count = selected.length;
  const question = count === 1 ? t`Are you sure you want to delete the cause ${name}?` : plural(count, { one: 'Are you sure you want to delete these # causes?', other: 'Are you sure you want to delete these # causes?' });
  return `${question} ${t`Causes that downtimes use cannot be deleted.`}`;
}

/**
 * Admin /downtimes/causes (part 2.1): causeName and causeDescription with a product-count badge; id descending,
 * 10 per page. New; 'Delete selected' (disabled with no selection) asks first, and a cause that downtimes use is
 * refused by the API (409), which the screen says. A row click opens 'Edit cause'.
 */
export default function DowntimeCausesPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const list = useListState<DowntimeCause, AdminDowntimeGetCausesBodyPaginationSortBy>({ sortBy: 'id', descending: true, rowsPerPage: 10 });
  const body = { pagination: list.pagination };
  const query = useAdminDowntimeGetCauses(body, { query: { queryKey: getAdminDowntimeGetCausesQueryKey(body), placeholderData: keepPreviousData } });
  const [selected, setSelected] = useState<DowntimeCause[]>([]);
  const [editing, setEditing] = useState<DowntimeCause | 'new' | null>(null);
  const remove = useAdminDowntimeDeleteCauses({
    mutation: {
      meta: { silent: true },
      onSuccess: async (_result, { data }) => {
        setSelected([]);
        notifications.show({ color: 'green', message: deletedMessage(data.ids.length) });
        await queryClient.invalidateQueries({ queryKey: [getAdminDowntimeGetCausesQueryKey()[0]] });
      },
      // 409: causes in use by downtimes; the API names them. Nothing of the selection was deleted.
      onError: (error) => notifications.show({ color: 'red', role: 'alert', title: t`Not deleted`, message: describeError(error), autoClose: 10_000 }),
    },
  });

  const askDelete = () =>
    confirmDelete({
      title: t`Delete causes`,
      message: deleteQuestion(selected),
      onConfirm: () => remove.mutate({ data: { ids: selected.map((cause) => cause.id) } }),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Downtime causes</Trans>
        </Title>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            <Trans>New</Trans>
          </Button>
          <DeleteSelectedButton selected={selected.length} pending={remove.isPending} onClick={askDelete} />
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<DowntimeCause>
          {...pagedTableProps(query)}
          recordsPerPageOptions={undefined}
          recordsPerPageLabel={undefined}
          noRecordsText={t`No causes yet. Use New to add one.`}
          {...list.tableProps}
          onRecordsPerPageChange={undefined}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          onRowClick={({ record }) => setEditing(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          columns={[
            { accessor: 'causeName', title: t`Name`, sortable: true, width: '30%' },
            {
              accessor: 'causeDescription',
              title: t`Description`,
              sortable: true,
              render: (row) => (
                <>
                  {row.planned && (
                    <Badge variant="light" color="blue" mr="xs" miw="max-content" title={t`A planned stop: not counted against availability`}>
                      <Trans>Planned</Trans>
                    </Badge>
                  )}
                  {row.causeDescription}
                </>
              ),
            },
            {
              accessor: 'productCount',
              title: t`Products`,
              sortable: true,
              textAlign: 'right',
              width: 110,
              render: (row) => (
                <Tooltip label={productsLabel(row.productCount)}>
                  <Badge variant="light" color={row.productCount > 0 ? 'orange' : 'gray'} aria-label={productsLabel(row.productCount)}>
                    {formatNumber(row.productCount)}
                  </Badge>
                </Tooltip>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <CauseDialog cause={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
