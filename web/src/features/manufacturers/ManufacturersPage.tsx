import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { getManufacturersGetManufacturersQueryKey, useManufacturersGetManufacturers } from '@generated/endpoints/manufacturers/manufacturers';
import type { Manufacturer, ManufacturersGetManufacturersBodyPaginationSortBy } from '@generated/model';
import { useListState } from '../../components/useListState';
import { QueryError } from '../../components/QueryError';
import { pagedTableProps } from '../../components/pagedTable';
import { formatNumber } from '../../components/format';
import './catalogue';
// The dialog (zod, @mantine/form) loads when it is first opened, keeping the list's chunk small.
const ManufacturerDialog = lazy(() => import('./ManufacturerDialog'));

/** /manufacturers: list (name, lead time) with New and an edit dialog on row click; 10 per page (part 9). */
export default function ManufacturersPage() {
  const { t } = useLingui();
  const list = useListState<Manufacturer, ManufacturersGetManufacturersBodyPaginationSortBy>({ sortBy: 'manufacturerName', rowsPerPage: 10 });
  const body = { pagination: list.pagination };
  const query = useManufacturersGetManufacturers(body, {
    query: { queryKey: getManufacturersGetManufacturersQueryKey(body), placeholderData: keepPreviousData },
  });
  const [editing, setEditing] = useState<Manufacturer | 'new' | null>(null);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Manufacturers</Trans>
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          <Trans>New</Trans>
        </Button>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<Manufacturer>
          {...pagedTableProps(query)}
          recordsPerPageLabel={t`Records per page`}
          noRecordsText={t`No manufacturers yet. Use New to add one.`}
          {...list.tableProps}
          onRowClick={({ record }) => setEditing(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          columns={[
            { accessor: 'manufacturerName', title: t`Name`, sortable: true },
            { accessor: 'defaultLeadTime', title: t`Lead time (days)`, sortable: true, textAlign: 'right', render: ({ defaultLeadTime }) => formatNumber(defaultLeadTime) },
            { accessor: 'boxQtyPerTruck', title: t`Boxes per truck`, sortable: true, textAlign: 'right', render: ({ boxQtyPerTruck }) => formatNumber(boxQtyPerTruck) },
          ]}
        />
      )}
      {editing !== null && (
        <Suspense fallback={null}>
          <ManufacturerDialog manufacturer={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
