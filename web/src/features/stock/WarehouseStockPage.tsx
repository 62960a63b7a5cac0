import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { IconPackageImport } from '@tabler/icons-react';
import type { DataTableSortStatus } from 'mantine-datatable';
import {
  getAdminPreformStockGetPreformStockQueryKey,
  useAdminPreformStockExportPreformStock,
  useAdminPreformStockGetPreformStock,
} from '@generated/endpoints/stock/stock';
import type { AdminPreformStockGetPreformStockBodyPaginationSortBy, PreformStockRow } from '@generated/model';
import { ExportMenu } from '../../components/ExportMenu';
import { NotFoundPage } from '../../components/NotFoundPage';
import { QueryError } from '../../components/QueryError';
import { PreformStockTable } from './PreformStockTable';
import { stockRowKey, useRowSelection } from './preformStock';
import './catalogue';

const FillStockDialog = lazy(() => import('./FillStockDialog'));

/**
 * Admin /warehouses/stock/{id}: breadcrumb (Preform stock > warehouse), the warehouse's preform stock, 10 per
 * page, order amount descending by default; single selection and 'Fill stock' like the operator's page.
 */
export default function WarehouseStockPage() {
  const { t } = useLingui();
  const { id } = useParams({ strict: false }) as { id?: string };
  const warehouseId = Number(id);
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<PreformStockRow>>({ columnAccessor: 'orderAmount', direction: 'desc' });
  const body = {
    preformWarehouseId: warehouseId,
    pagination: {
      page,
      rowsPerPage: 10 as const,
      sortBy: sortStatus.columnAccessor as AdminPreformStockGetPreformStockBodyPaginationSortBy,
      descending: sortStatus.direction === 'desc',
    },
  };
  const query = useAdminPreformStockGetPreformStock(body, {
    query: { queryKey: getAdminPreformStockGetPreformStockQueryKey(body), placeholderData: keepPreviousData, enabled: warehouseId > 0 },
  });
  const selection = useRowSelection(query.dataUpdatedAt);
  const rows = query.data?.rows ?? [];
  const selected = rows.find((row) => stockRowKey(row) === selection.selectedKey) ?? null;
  const [filling, setFilling] = useState<PreformStockRow | null>(null);
  const exportFile = useAdminPreformStockExportPreformStock({ mutation: { meta: { silent: true } } });
  const warehouseName = query.data?.warehouse.warehouseName;
  if (!(warehouseId > 0)) return <NotFoundPage />;

  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/warehouses">
          <Trans>Preform stock</Trans>
        </Anchor>
        {warehouseName ? <Text>{warehouseName}</Text> : <Skeleton height={16} width={120} />}
      </Breadcrumbs>
      <Group justify="space-between">
        <Title order={2}>{warehouseName ?? t`Warehouse stock`}</Title>
        <Group gap="xs">
          <Button leftSection={<IconPackageImport size={16} />} disabled={!selected} onClick={() => setFilling(selected)}>
            <Trans>Fill stock</Trans>
          </Button>
          <ExportMenu
            pending={exportFile.isPending}
            fallbackName={(format) => `preform-stock-${warehouseId}.${format}`}
            run={(format) =>
              exportFile.mutateAsync({
                data: { preformWarehouseId: warehouseId, format, sortBy: body.pagination.sortBy, descending: body.pagination.descending },
              })
            }
          />
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <PreformStockTable
          rows={rows}
          totalRecords={query.data?.count ?? 0}
          page={page}
          onPageChange={setPage}
          fetching={query.isFetching}
          selectedKey={selection.selectedKey}
          onToggle={selection.toggle}
          sortStatus={sortStatus}
          onSortStatusChange={(status) => {
            setSortStatus(status);
            setPage(1);
          }}
        />
      )}
      {filling && (
        <Suspense fallback={null}>
          <FillStockDialog variant="admin" row={filling} onClose={() => setFilling(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
