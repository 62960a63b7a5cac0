import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Group, Menu, Stack, Title, Tooltip } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from '@tanstack/react-router';
import { IconAddressBook, IconChevronDown, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  getAdminClientsGetClientProductsQueryKey,
  useAdminClientsDeleteClientProducts,
  useAdminClientsGetClientProducts,
} from '@generated/endpoints/clients/clients';
import type { AdminClientsGetClientProductsBodyPaginationSortBy, ClientProduct } from '@generated/model';
import { useListState } from '../../components/useListState';
import { RecordLink } from '../../components/RecordLink';
import { QueryError } from '../../components/QueryError';
import { confirmDelete } from '../../components/confirmDelete';
import { formatNumber } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { InventoryBreadcrumbs } from './InventoryBreadcrumbs';
import { formatPrice, isBuyer, machinesOf, preformLabel } from './clientInventory';
import './catalogue';

const ClientDetailsDialog = lazy(() => import('./ClientDetailsDialog'));
const PricesDialog = lazy(() => import('./PricesDialog'));
const BuyersDialog = lazy(() => import('./BuyersDialog'));
const ReclassificationDialog = lazy(() => import('./ReclassificationDialog'));
const ProductDialog = lazy(() => import('./ProductDialog'));

type Open =
  | { dialog: 'details' }
  | { dialog: 'product'; product: ClientProduct | 'new' }
  | { dialog: 'prices' | 'buyers' | 'reclassification'; product: ClientProduct }
  | null;

/**
 * Admin /clients/{id}, the client's portfolio: breadcrumb back to the client list, the company name; Machine IDs
 * (blue when assigned to the client, red otherwise), Title, Article no., Preform, Current price @1k, Bottle stock;
 * productName ascending, 20 per page. A row click opens the product's stock. Client details, New, the Action menu
 * (one selected row) and Delete selected; for buyer-type clients only Prices stays enabled.
 */
export default function ClientProductsPage() {
  const { t } = useLingui();
  const { id: clientId = '' } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListState<ClientProduct, AdminClientsGetClientProductsBodyPaginationSortBy>({ sortBy: 'productName', rowsPerPage: 20 });
  const body = { clientId, pagination: list.pagination };
  const query = useAdminClientsGetClientProducts(body, {
    query: { queryKey: getAdminClientsGetClientProductsQueryKey(body), placeholderData: keepPreviousData },
  });
  const [selected, setSelected] = useState<ClientProduct[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const remove = useAdminClientsDeleteClientProducts({
    mutation: {
      onSuccess: async (_result, { data }) => {
        setSelected([]);
        const deleted = data.ids.length;
        notifications.show({ color: 'green', message: plural(deleted, { one: 'Product deleted.', other: '# products deleted.' }) });
        await queryClient.invalidateQueries({ queryKey: [getAdminClientsGetClientProductsQueryKey()[0]] });
      },
    },
  });

  const client = query.data?.client;
  const buyer = isBuyer(client);
  const assigned = new Set(client?.fbs ?? []);
  const single = selected.length === 1 ? selected[0] : null;
  const company = client?.company ?? t`Client portfolio`;
  const askDelete = () =>
    confirmDelete({
      title: t`Delete products`,
      count: selected.length,
      onConfirm: () => remove.mutate({ data: { ids: selected.map((product) => product.id) } }),
    });

  return (
    <Stack>
      <InventoryBreadcrumbs crumbs={[{ label: client ? company : undefined }]} />
      <Group justify="space-between">
        <Title order={2}>{company}</Title>
        <Tooltip label={t`Buyer-type client: only prices can be edited.`} disabled={!buyer}>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconAddressBook size={16} />}
              disabled={!client || buyer}
              onClick={() => setOpen({ dialog: 'details' })}
            >
              <Trans>Client details</Trans>
            </Button>
            <Button leftSection={<IconPlus size={16} />} disabled={!client || buyer} onClick={() => setOpen({ dialog: 'product', product: 'new' })}>
              <Trans>New</Trans>
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="light" rightSection={<IconChevronDown size={16} />} disabled={!single}>
                  <Trans>Action</Trans>
                </Button>
              </Menu.Target>
              {single && (
                <Menu.Dropdown>
                  <Menu.Item disabled={buyer} onClick={() => setOpen({ dialog: 'product', product: single })}>
                    <Trans>Edit</Trans>
                  </Menu.Item>
                  <Menu.Item onClick={() => setOpen({ dialog: 'prices', product: single })}>
                    <Trans>Prices</Trans>
                  </Menu.Item>
                  <Menu.Item disabled={buyer} onClick={() => setOpen({ dialog: 'buyers', product: single })}>
                    <Trans>Assign Buyers</Trans>
                  </Menu.Item>
                  <Menu.Item disabled={buyer} onClick={() => setOpen({ dialog: 'reclassification', product: single })}>
                    <Trans>Reclassification</Trans>
                  </Menu.Item>
                </Menu.Dropdown>
              )}
            </Menu>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              disabled={selected.length === 0 || buyer}
              loading={remove.isPending}
              onClick={askDelete}
            >
              <Trans>Delete selected</Trans>
            </Button>
          </Group>
        </Tooltip>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<ClientProduct>
          {...pagedTableProps(query)}
          recordsPerPageOptions={[20, 50, 100]}
          recordsPerPageLabel={t`Records per page`}
          noRecordsText={buyer ? t`No products yet.` : t`No products yet. Use New to add one.`}
          {...list.tableProps}
          selectedRecords={selected}
          onSelectedRecordsChange={setSelected}
          onRowClick={({ record }) => void navigate({ to: `/clients/${encodeURIComponent(clientId)}/productstock/${record.id}` })}
          rowStyle={() => ({ cursor: 'pointer' })}
          columns={[
            {
              accessor: 'machineNames',
              title: t`Machine IDs`,
              sortable: true,
              render: (product) => (
                <Group gap={4}>
                  {machinesOf(product).map((machine) => (
                    <Badge
                      key={machine}
                      size="sm"
                      color={assigned.has(machine) ? 'blue' : 'red'}
                      title={assigned.has(machine) ? t`Assigned to the client` : t`Not assigned to the client`}
                    >
                      {machine}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            {
              accessor: 'productName',
              title: t`Title`,
              sortable: true,
              render: (product) => {
                const { productName } = product;
                return (
                  <RecordLink to={`/clients/${encodeURIComponent(clientId)}/productstock/${product.id}`} label={t`Stock of ${productName}`}>
                    {productName}
                  </RecordLink>
                );
              },
            },
            { accessor: 'articleNo', title: t`Article no.`, sortable: true },
            { accessor: 'preform', title: t`Preform`, render: preformLabel },
            {
              accessor: 'currentPrice',
              title: t`Current price @1k`,
              sortable: true,
              textAlign: 'right',
              render: (product) => {
                if (!product.currentPrice) return '—';
                const price = formatPrice(product.currentPrice.unitPrice);
                return t`€${price}`;
              },
            },
            {
              accessor: 'currentStock',
              title: t`Bottle stock`,
              sortable: true,
              textAlign: 'right',
              render: (product) => formatNumber(product.currentStock),
            },
          ]}
        />
      )}
      <Suspense fallback={null}>
        {open?.dialog === 'details' && <ClientDetailsDialog clientId={clientId} company={company} onClose={() => setOpen(null)} />}
        {open?.dialog === 'product' && client && <ProductDialog client={client} product={open.product} onClose={() => setOpen(null)} />}
        {open?.dialog === 'prices' && <PricesDialog product={open.product} onClose={() => setOpen(null)} />}
        {open?.dialog === 'buyers' && <BuyersDialog product={open.product} onClose={() => setOpen(null)} />}
        {open?.dialog === 'reclassification' && <ReclassificationDialog product={open.product} onClose={() => setOpen(null)} />}
      </Suspense>
    </Stack>
  );
}
