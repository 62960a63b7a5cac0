import { useState } from 'react';
import { Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import {
  getClientOrdersGetOrdersQueryKey,
  useClientOrdersDeleteOrders,
  useClientOrdersExportOrders,
  useClientOrdersGetOrders,
} from '@generated/endpoints/orders/orders';
import type { ClientOrdersGetOrdersBodyPaginationSortBy, ClientProductionOrder } from '@generated/model';
import { useListState } from '../../components/useListState';
import { DeleteSelectedButton } from '../../components/DeleteSelectedButton';
import { ExportMenu } from '../../components/ExportMenu';
import { RecordLink } from '../../components/RecordLink';
import { QueryError } from '../../components/QueryError';
import { formatListDate } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { OrderProgress } from '../../components/OrderProgress';
import { confirmDelete } from '../../components/confirmDelete';
import { isOrderInProgress, orderRows } from './orderItems';
import { useWideScreen } from '../../components/useWideScreen';
import { OrderCards } from './OrderCards';

/**
 * Client /orders, the 'Weekly order list': Progress, Order number, Articles, Created at; createdAt descending, 20 per
 * page (20/50/100); rows with workInProgress 1 highlighted; multi-select. New goes to /orders/new; Delete is disabled
 * without a selection or when a selected order has an invoice, and asks first. A row click opens /orders/{id}. On a
 * phone (below `sm`) each order is a card with the same four values, so Articles and Created at are never cut off.
 */
export default function OrdersPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListState<ClientProductionOrder, ClientOrdersGetOrdersBodyPaginationSortBy>({
    sortBy: 'createdAt',
    descending: true,
    rowsPerPage: 20,
  });
  const body = { pagination: list.pagination };
  const query = useClientOrdersGetOrders(body, {
    query: { queryKey: getClientOrdersGetOrdersQueryKey(body), placeholderData: keepPreviousData },
  });
  const [selected, setSelected] = useState<ClientProductionOrder[]>([]);
  const exportFile = useClientOrdersExportOrders({ mutation: { meta: { silent: true } } });
  const wide = useWideScreen();
  const orderPath = (order: ClientProductionOrder) => `/orders/${order.id}`;
  const openOrder = (order: ClientProductionOrder) => void navigate({ to: orderPath(order) });
  const articles = (order: ClientProductionOrder) => order.producedArticles.split(',').join(', ');
  const remove = useClientOrdersDeleteOrders({
    mutation: {
      onSuccess: async (_result, { data }) => {
        setSelected([]);
        notifications.show({ color: 'green', message: data.orderIds.length === 1 ? 'Order deleted.' : `${data.orderIds.length} orders deleted.` });
        await queryClient.invalidateQueries({ queryKey: [getClientOrdersGetOrdersQueryKey()[0]] });
      },
    },
  });

  // Judge the selection by the freshest rows (an invoice may have been written meanwhile).
  const current = selected.map((order) => query.data?.rows.find((row) => row.id === order.id) ?? order);
  const invoiced = current.filter((order) => order.hasInvoice);
  const askDelete = () =>
    confirmDelete({
      title: 'Delete orders',
      message:
        selected.length === 1
          ? `Are you sure you want to delete order ${selected[0]!.orderNo}?`
          : `Are you sure you want to delete these ${selected.length} orders?`,
      onConfirm: () => remove.mutate({ data: { orderIds: selected.map((order) => order.id) } }),
    });

  return (
    <Stack>
      <Group justify="space-between" gap="xs">
        <Title order={2}>Weekly order list</Title>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate({ to: '/orders/new' })}>
            New
          </Button>
          <DeleteSelectedButton
            label="Delete"
            selected={selected.length}
            blocked={invoiced.length > 0 ? `Invoiced, cannot be deleted: ${invoiced.map((order) => order.orderNo).join(', ')}` : null}
            pending={remove.isPending}
            onClick={askDelete}
          />
          <ExportMenu
            pending={exportFile.isPending}
            fallbackName={(format) => `orders.${format}`}
            run={(format) => exportFile.mutateAsync({ data: { format, sortBy: list.pagination.sortBy, descending: list.pagination.descending } })}
          />
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : wide ? (
        <DataTable<ClientProductionOrder>
          {...pagedTableProps(query)}
          recordsPerPageOptions={[20, 50, 100]}
          noRecordsText="No orders yet. Use New to place one."
          {...list.tableProps}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          {...orderRows<ClientProductionOrder>({ open: openOrder, inProgress: isOrderInProgress })}
          columns={[
            {
              accessor: 'producedPart',
              title: 'Progress',
              sortable: true,
              width: 120,
              render: (order) => <OrderProgress part={order.producedPart} />,
            },
            {
              accessor: 'orderNo',
              title: 'Order number',
              sortable: true,
              render: (order) => (
                <RecordLink to={orderPath(order)} label={`Order ${order.orderNo}`}>
                  {order.orderNo}
                </RecordLink>
              ),
            },
            { accessor: 'producedArticles', title: 'Articles', render: articles },
            { accessor: 'createdAt', title: 'Created at', sortable: true, render: (order) => formatListDate(order.createdAt) },
          ]}
        />
      ) : (
        <Stack gap="sm" aria-busy={query.isFetching}>
          <OrderCards<ClientProductionOrder>
            records={query.data?.rows ?? []}
            rowKey={(order) => order.id}
            label={(order) => `order ${order.orderNo}`}
            heading={(order) => (
              <Group gap="xs" wrap="nowrap">
                <OrderProgress part={order.producedPart} />
                <Text fw={600} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                  {order.orderNo}
                </Text>
              </Group>
            )}
            fields={(order) => [
              { label: 'Articles', value: articles(order) || '–' },
              { label: 'Created at', value: formatListDate(order.createdAt) },
            ]}
            open={openOrder}
            href={orderPath}
            inProgress={isOrderInProgress}
            selected={selected}
            onSelectedChange={setSelected}
            emptyText={query.isPending ? 'Loading orders…' : 'No orders yet. Use New to place one.'}
          />
          {(query.data?.count ?? 0) > list.pagination.rowsPerPage && (
            <Pagination
              size="sm"
              total={Math.ceil((query.data?.count ?? 0) / list.pagination.rowsPerPage)}
              value={list.pagination.page}
              onChange={list.tableProps.onPageChange}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
