import { plural, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import './catalogue';

/**
 * Client /orders, the 'Weekly order list': Progress, Order number, Articles, Created at; createdAt descending, 20 per
 * page (20/50/100); rows with workInProgress 1 highlighted; multi-select. New goes to /orders/new; Delete is disabled
 * without a selection or when a selected order has an invoice, and asks first. A row click opens /orders/{id}. On a
 * phone (below `sm`) each order is a card with the same four values, so Articles and Created at are never cut off.
 */
export default function OrdersPage() {
  const { t } = useLingui();
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
        notifications.show({ color: 'green', message: plural(data.orderIds.length, { one: 'Order deleted.', other: '# orders deleted.' }) });
        await queryClient.invalidateQueries({ queryKey: [getClientOrdersGetOrdersQueryKey()[0]] });
      },
    },
  });

  // Judge the selection by the freshest rows (an invoice may have been written meanwhile).
  const current = selected.map((order) => query.data?.rows.find((row) => row.id === order.id) ?? order);
  const invoiced = current.filter((order) => order.hasInvoice);
  const invoicedOrders = invoiced.map((order) => order.orderNo).join(', ');
  const firstOrderNo = selected[0]?.orderNo ?? '';
  const selectedCount = selected.length;
  const askDelete = () =>
    confirmDelete({
      title: t`Delete orders`,
      message: selected.length === 1 ? t`Are you sure you want to delete order ${firstOrderNo}?` : t`Are you sure you want to delete these ${selectedCount} orders?`,
      onConfirm: () => remove.mutate({ data: { orderIds: selected.map((order) => order.id) } }),
    });

  return (
    <Stack>
      <Group justify="space-between" gap="xs">
        <Title order={2}>
          <Trans>Weekly order list</Trans>
        </Title>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate({ to: '/orders/new' })}>
            <Trans>New</Trans>
          </Button>
          <DeleteSelectedButton
            label={t`Delete`}
            selected={selected.length}
            blocked={invoiced.length > 0 ? t`Invoiced, cannot be deleted: ${invoicedOrders}` : null}
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
          noRecordsText={t`No orders yet. Use New to place one.`}
          recordsPerPageLabel={t`Records per page`}
          {...list.tableProps}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          {...orderRows<ClientProductionOrder>({ open: openOrder, inProgress: isOrderInProgress })}
          columns={[
            {
              accessor: 'producedPart',
              title: t`Progress`,
              sortable: true,
              width: 120,
              render: (order) => <OrderProgress part={order.producedPart} />,
            },
            {
              accessor: 'orderNo',
              title: t`Order number`,
              sortable: true,
              render: (order) => {
                const { orderNo } = order;
                return (
                  <RecordLink to={orderPath(order)} label={t`Order ${orderNo}`}>
                    {orderNo}
                  </RecordLink>
                );
              },
            },
            { accessor: 'producedArticles', title: t`Articles`, render: articles },
            { accessor: 'createdAt', title: t`Created at`, sortable: true, render: (order) => formatListDate(order.createdAt) },
          ]}
        />
      ) : (
        <Stack gap="sm" aria-busy={query.isFetching}>
          <OrderCards<ClientProductionOrder>
            records={query.data?.rows ?? []}
            rowKey={(order) => order.id}
            label={({ orderNo }) => t`order ${orderNo}`}
            heading={(order) => (
              <Group gap="xs" wrap="nowrap">
                <OrderProgress part={order.producedPart} />
                <Text fw={600} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                  {order.orderNo}
                </Text>
              </Group>
            )}
            fields={(order) => [
              { label: t`Articles`, value: articles(order) || '–' },
              { label: t`Created at`, value: formatListDate(order.createdAt) },
            ]}
            open={openOrder}
            href={orderPath}
            inProgress={isOrderInProgress}
            selected={selected}
            onSelectedChange={setSelected}
            emptyText={query.isPending ? t`Loading orders…` : t`No orders yet. Use New to place one.`}
          />
          {(query.data?.count ?? 0) > list.pagination.rowsPerPage && (
            <Pagination
              size="sm"
              total={Math.ceil((query.data?.count ?? 0) / list.pagination.rowsPerPage)}
              value={list.pagination.page}
              onChange={list.tableProps.onPageChange}
              getControlProps={(control) => ({
                'aria-label': select(control, { first: 'first page', previous: 'previous page', next: 'next page', other: 'last page' }),
              })}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
