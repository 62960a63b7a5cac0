import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Button, Stack, Text, Title, Tooltip } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { IconPencil } from '@tabler/icons-react';
import { getAdminClientsGetProductStockQueryKey, useAdminClientsGetProductStock } from '@generated/endpoints/clients/clients';
import type { AdminClientsGetProductStockBodyPaginationSortBy, ProductStockRow } from '@generated/model';
import { NotFoundPage } from '../../components/NotFoundPage';
import { QueryError } from '../../components/QueryError';
import { formatListDate, formatNumber } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { useListState } from '../../components/useListState';
import { formatPrice, isBuyer } from './clientInventory';
import { InventoryBreadcrumbs } from './InventoryBreadcrumbs';
import './catalogue';

const AdjustBalanceDialog = lazy(() => import('./AdjustBalanceDialog'));

/** Latest stock change: a decrease in red with a minus, an increase in green with a plus. */
function LatestChange({ row }: { row: ProductStockRow }) {
  if (row.decreaseStock != null)
    return (
      <Text c="red" size="sm">
        −{formatNumber(row.decreaseStock)}
      </Text>
    );
  if (row.increaseStock != null)
    return (
      <Text c="green" size="sm">
        +{formatNumber(row.increaseStock)}
      </Text>
    );
  return null;
}

/**
 * Admin /clients/{clientid}/productstock/{id}: breadcrumb (Client inventory > company > product), the product's
 * bottle stock per price period: unit price @1k, current stock (a click opens 'Adjust balance'), latest stock
 * change, scrap, price until; 10 per page, latest period first. For a buyer-type client 'Adjust balance' is disabled
 * and its tooltip says why (the API refuses it).
 */
export default function ProductStockPage() {
  const { t } = useLingui();
  const { clientid = '', id } = useParams({ strict: false }) as { clientid?: string; id?: string };
  const productId = Number(id);
  const list = useListState<ProductStockRow, AdminClientsGetProductStockBodyPaginationSortBy>({
    sortBy: 'priceValidTo',
    descending: true,
    rowsPerPage: 10,
  });
  const body = { id: productId, pagination: list.pagination };
  const query = useAdminClientsGetProductStock(body, {
    query: { queryKey: getAdminClientsGetProductStockQueryKey(body), placeholderData: keepPreviousData, enabled: productId > 0 },
  });
  const [adjusting, setAdjusting] = useState<ProductStockRow | null>(null);
  if (!(productId > 0)) return <NotFoundPage />;
  const product = query.data?.product;
  const buyer = isBuyer(query.data?.client);
  const title = product ? `${product.articleNo} - ${product.productName}` : t`Product stock`;
  // Why 'Adjust balance' is disabled for a buyer-type client (the API refuses it with 403, part 2.1).
  const buyerStockLocked = t`Buyer-type client: its stock cannot be adjusted; only prices can be edited.`;

  return (
    <Stack>
      <InventoryBreadcrumbs
        crumbs={[
          { label: query.data ? (query.data.client.company ?? t`Client`) : undefined, to: `/clients/${encodeURIComponent(clientid)}` },
          { label: product ? title : undefined },
        ]}
      />
      <Title order={2}>{title}</Title>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<ProductStockRow>
          {...pagedTableProps(query)}
          recordsPerPageLabel={t`Records per page`}
          noRecordsText={t`No bottle stock yet: it is kept per price period once the product has prices.`}
          {...list.tableProps}
          columns={[
            { accessor: 'unitPrice', title: t`Unit price @1k`, sortable: true, textAlign: 'right', render: (row) => formatPrice(row.unitPrice) },
            {
              accessor: 'currentStock',
              title: t`Current stock`,
              sortable: true,
              textAlign: 'right',
              render: (row) => {
                const stock = formatNumber(row.currentStock);
                return (
                  <Tooltip label={buyerStockLocked} disabled={!buyer}>
                    {/* Disabled the way Mantine's docs show for a tooltip: a `disabled` button gets no hover, so no reason. */}
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      rightSection={<IconPencil size={14} />}
                      aria-label={t`Adjust balance ${stock}`}
                      data-disabled={buyer || undefined}
                      aria-disabled={buyer || undefined}
                      aria-description={buyer ? buyerStockLocked : undefined}
                      onClick={(event) => (buyer ? event.preventDefault() : setAdjusting(row))}
                    >
                      {stock}
                    </Button>
                  </Tooltip>
                );
              },
            },
            { accessor: 'latestChange', title: t`Latest stock change`, textAlign: 'right', render: (row) => <LatestChange row={row} /> },
            { accessor: 'scrapAmount', title: t`Scrap`, textAlign: 'right', render: (row) => formatNumber(row.scrapAmount) },
            { accessor: 'priceValidTo', title: t`Price until`, sortable: true, render: (row) => formatListDate(row.priceValidTo) },
          ]}
        />
      )}
      {adjusting && (
        <Suspense fallback={null}>
          <AdjustBalanceDialog row={adjusting} onClose={() => setAdjusting(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
