import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { getAdminPreformsGetWarehousesQueryKey, useAdminPreformsGetWarehouses } from '@generated/endpoints/preforms/preforms';
import type { AdminPreformsGetWarehousesBodyPaginationSortBy, Warehouse } from '@generated/model';
import { useListState } from '../../components/useListState';
import { RecordLink } from '../../components/RecordLink';
import { QueryError } from '../../components/QueryError';
import { formatNumber } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import './catalogue';

/** The name of a warehouse's link: the stock it opens. */
function stockOf(warehouse: string) {
  return t`Stock of ${warehouse}`;
}

/** Admin /warehouses: the preform warehouses (Warehouse, Client articles), 10 per page; a row opens its stock. */
export default function WarehousesPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const list = useListState<Warehouse, AdminPreformsGetWarehousesBodyPaginationSortBy>({ sortBy: 'warehouseName', rowsPerPage: 10 });
  const body = { pagination: list.pagination };
  const query = useAdminPreformsGetWarehouses(body, {
    query: { queryKey: getAdminPreformsGetWarehousesQueryKey(body), placeholderData: keepPreviousData },
  });
  const open = (warehouse: Warehouse) => void navigate({ to: '/warehouses/stock/$id', params: { id: String(warehouse.id) } });

  return (
    <Stack>
      <Title order={2}>{t`Preform stock`}</Title>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<Warehouse>
          {...pagedTableProps(query)}
          noRecordsText={t`No warehouses yet.`}
          recordsPerPageLabel={t`Records per page`}
          {...list.tableProps}
          onRowClick={({ record }) => open(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          customRowAttributes={(record) => ({
            tabIndex: 0,
            onKeyDown: (event: React.KeyboardEvent) => {
              // The row's own key: Enter on the link inside it is the link's.
              if (event.key === 'Enter' && event.target === event.currentTarget) open(record);
            },
          })}
          columns={[
            {
              accessor: 'warehouseName',
              title: t`Warehouse`,
              sortable: true,
              render: (row) => (
                <RecordLink to={`/warehouses/stock/${row.id}`} label={stockOf(row.warehouseName)}>
                  {row.warehouseName}
                </RecordLink>
              ),
            },
            { accessor: 'clientProductCount', title: t`Client articles`, sortable: true, textAlign: 'right', render: (row) => formatNumber(row.clientProductCount) },
          ]}
        />
      )}
    </Stack>
  );
}
