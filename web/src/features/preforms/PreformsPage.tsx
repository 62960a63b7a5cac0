import { lazy, Suspense, useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import {
  getAdminPreformsGetPreformsQueryKey,
  useAdminPreformsDeletePreforms,
  useAdminPreformsGetPreforms,
} from '@generated/endpoints/preforms/preforms';
import type { AdminPreformsGetPreformsBodyPaginationSortBy, Preform } from '@generated/model';
import { useListState } from '../../components/useListState';
import { DeleteSelectedButton } from '../../components/DeleteSelectedButton';
import { QueryError } from '../../components/QueryError';
import { confirmDelete } from '../../components/confirmDelete';
import { formatNumber } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import './catalogue';

const PreformDialog = lazy(() => import('./PreformDialog'));

const supplierNames = (preform: Preform) => preform.PreformSupplies.map((supply) => supply.Manufacturer.manufacturerName).join(', ');

/** Why the selection cannot be deleted: the preforms client products use. */
function usedBy(preforms: string) {
  return t`Used by client products: ${preforms}`;
}

/**
 * Admin /preforms, the preform inventory: name, neck, material, color, weight g, suppliers, product count;
 * 10 per page (10/20/50/100), sortable, multi-select. 'Delete selected' is disabled when nothing is selected
 * or any selected preform has client products, and asks first. A row click edits.
 */
export default function PreformsPage() {
  const queryClient = useQueryClient();
  const list = useListState<Preform, AdminPreformsGetPreformsBodyPaginationSortBy>({ sortBy: 'preformName', rowsPerPage: 10 });
  const body = { pagination: list.pagination };
  const query = useAdminPreformsGetPreforms(body, {
    query: { queryKey: getAdminPreformsGetPreformsQueryKey(body), placeholderData: keepPreviousData },
  });
  const [selected, setSelected] = useState<Preform[]>([]);
  const [editing, setEditing] = useState<Preform | 'new' | null>(null);
  const remove = useAdminPreformsDeletePreforms({
    mutation: {
      onSuccess: async (_result, { data }) => {
        setSelected([]);
        const deleted = data.ids.length;
        notifications.show({ color: 'green', message: plural(deleted, { one: 'Preform deleted.', other: '# preforms deleted.' }) });
        await queryClient.invalidateQueries({ queryKey: [getAdminPreformsGetPreformsQueryKey()[0]] });
      },
    },
  });

  // Judge the selection by the freshest rows (a save may have changed a product count meanwhile).
  const current = selected.map((preform) => query.data?.rows.find((row) => row.id === preform.id) ?? preform);
  const withProducts = current.filter((preform) => preform.productCount > 0);
  const askDelete = () => confirmDelete({ title: t`Delete preforms`, count: selected.length, onConfirm: () => remove.mutate({ data: { ids: selected.map((preform) => preform.id) } }) });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t`Preform inventory`}</Title>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            <Trans>New</Trans>
          </Button>
          <DeleteSelectedButton
            selected={selected.length}
            blocked={withProducts.length > 0 ? usedBy(withProducts.map((preform) => preform.preformName).join(', ')) : null}
            pending={remove.isPending}
            onClick={askDelete}
          />
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<Preform>
          {...pagedTableProps(query)}
          noRecordsText={t`No preforms yet. Use New to add one.`}
          recordsPerPageLabel={t`Records per page`}
          {...list.tableProps}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          onRowClick={({ record }) => setEditing(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          columns={[
            { accessor: 'preformName', title: t`Name`, sortable: true },
            { accessor: 'neck', title: t`Neck`, sortable: true },
            { accessor: 'material', title: t`Material`, sortable: true },
            { accessor: 'color', title: t`Color`, sortable: true },
            { accessor: 'weight', title: t`Weight g`, sortable: true, textAlign: 'right', render: (row) => formatNumber(row.weight) },
            { accessor: 'suppliers', title: t`Suppliers`, render: supplierNames },
            { accessor: 'productCount', title: t`Products`, sortable: true, textAlign: 'right', render: (row) => formatNumber(row.productCount) },
          ]}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <PreformDialog preform={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
