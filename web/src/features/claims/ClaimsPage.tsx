import { useState } from 'react';
import { Button, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Claim, ClaimFilterRequestPaginationSortBy } from '@generated/model';
import { adminClaimsGetClaimsBodyFilterMax } from '@generated/zod/claims/claims.zod';
import { describeError } from '../../api/describeError';
import { confirmDelete } from '../../components/confirmDelete';
import { formatListDate } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { DeleteSelectedButton } from '../../components/DeleteSelectedButton';
import { RecordLink } from '../../components/RecordLink';
import { QueryError } from '../../components/QueryError';
import { useListState } from '../../components/useListState';
import { orderRows } from '../orders/orderItems';
import { OrderCards } from '../orders/OrderCards';
import { useWideScreen } from '../../components/useWideScreen';
import { useAppContext } from '../../app/context';
import { SEARCH_DEBOUNCE, useClaimsApi } from './claimsApi';
import { StatusChip } from './StatusChip';

/**
 * /claims on both faces, 'Non-Conformance Reports': a search box (300 ms debounce), ID, Status chip, Order number,
 * Article, Delivery at (the admin also sees the company); id ascending, 20 per page (20/50/100); multi-select. New
 * opens /claims/new (the admin logs a claim on a client's behalf there); Delete asks first and says why when the API
 * refuses (a client cannot delete a closed claim). A row click or Enter opens /claims/{id}. Sellers only read the
 * claims their buyers filed about their products: no New, no Delete. On a phone (below `sm`) each claim is a card with
 * its status chip and the columns as labelled values, so no column is squeezed and the chip reads in full.
 */
export default function ClaimsPage() {
  const api = useClaimsApi();
  const isClient = api.face === 'client';
  const { session } = useAppContext();
  const readsOnly = isClient && session.user.clientType === 'seller';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useListState<Claim, ClaimFilterRequestPaginationSortBy>({ sortBy: 'id', rowsPerPage: 20 });
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE);
  const body = { pagination: list.pagination, ...(filter ? { filter } : {}) };
  const query = useQuery({
    queryKey: api.claimsKey(body),
    queryFn: ({ signal }) => api.getClaims(body, signal),
    placeholderData: keepPreviousData,
  });
  const [selected, setSelected] = useState<Claim[]>([]);
  const wide = useWideScreen();
  const openClaim = (claim: Claim) => void navigate({ to: '/claims/$id', params: { id: String(claim.id) } });
  const article = (claim: Claim) => `${claim.ClientProduct.articleNo} - ${claim.ClientProduct.productName}`;
  const remove = useMutation({
    mutationFn: (claimIds: number[]) => api.deleteClaims({ claimIds }),
    meta: { silent: true }, // says 'Not deleted' itself
    onSuccess: (_result, claimIds) => {
      setSelected([]);
      notifications.show({ color: 'green', message: claimIds.length === 1 ? `Claim ${claimIds[0]} deleted.` : `${claimIds.length} claims deleted.` });
    },
    onError: (error) => notifications.show({ color: 'red', role: 'alert', title: 'Not deleted', message: describeError(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [api.claimsKey()[0]] }),
  });

  // A client cannot delete a closed claim (the API refuses it too); judged by the freshest rows.
  const current = selected.map((claim) => query.data?.rows.find((row) => row.id === claim.id) ?? claim);
  const locked = isClient ? current.filter((claim) => claim.status === 'closed') : [];
  const askDelete = () =>
    confirmDelete({
      title: 'Delete claims',
      message:
        selected.length === 1
          ? `Are you sure you want to delete claim ${selected[0]!.id}?`
          : `Are you sure you want to delete these ${selected.length} claims?`,
      onConfirm: () => remove.mutate(selected.map((claim) => claim.id)),
    });

  const columns: DataTableColumn<Claim>[] = [
    {
      accessor: 'id',
      title: 'ID',
      sortable: true,
      width: 80,
      render: (claim) => (
        <RecordLink to={`/claims/${claim.id}`} label={`Claim ${claim.id}`}>
          {claim.id}
        </RecordLink>
      ),
    },
    { accessor: 'status', title: 'Status', sortable: true, render: (claim) => <StatusChip status={claim.status} /> },
    ...(isClient ? [] : [{ accessor: 'company', title: 'Company', sortable: true } satisfies DataTableColumn<Claim>]),
    { accessor: 'orderNo', title: 'Order number', sortable: true, render: (claim) => claim.ClientProductionOrder.orderNo },
    {
      accessor: 'articleNo',
      title: 'Article',
      sortable: true,
      render: (claim) => `${claim.ClientProduct.articleNo} - ${claim.ClientProduct.productName}`,
    },
    { accessor: 'deliveryDate', title: 'Delivery at', sortable: true, render: (claim) => formatListDate(claim.deliveryDate) },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Non-Conformance Reports</Title>
        <Group gap="xs">
          <TextInput
            aria-label="Search claims"
            placeholder="Search"
            leftSection={<IconSearch size={16} />}
            maxLength={adminClaimsGetClaimsBodyFilterMax}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              list.tableProps.onPageChange(1);
            }}
            w={{ base: '100%', xs: 240 }}
          />
          {!readsOnly && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => void navigate({ to: '/claims/new' })}>
              New
            </Button>
          )}
          {!readsOnly && (
            <DeleteSelectedButton
              label="Delete"
              selected={selected.length}
              blocked={locked.length > 0 ? `Closed, cannot be deleted: ${locked.map((claim) => claim.id).join(', ')}` : null}
              pending={remove.isPending}
              onClick={askDelete}
            />
          )}
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : !wide ? (
        <Stack gap="sm" aria-busy={query.isFetching}>
          <OrderCards<Claim>
            records={query.data?.rows ?? []}
            rowKey={(claim) => claim.id}
            label={(claim) => `claim ${claim.id}`}
            heading={(claim) => (
              <Group gap="xs">
                <Text fw={600}>Claim {claim.id}</Text>
                <StatusChip status={claim.status} />
              </Group>
            )}
            fields={(claim) => [
              ...(isClient ? [] : [{ label: 'Company', value: claim.company ?? '–' }]),
              { label: 'Order number', value: claim.ClientProductionOrder.orderNo },
              { label: 'Article', value: article(claim) },
              { label: 'Delivery at', value: formatListDate(claim.deliveryDate) },
            ]}
            open={openClaim}
            inProgress={() => false}
            selected={selected}
            {...(readsOnly ? {} : { onSelectedChange: setSelected })}
            emptyText={
              query.isPending
                ? 'Loading claims…'
                : filter
                  ? 'No claim matches the search.'
                  : isClient && !readsOnly
                    ? 'No claims yet. Use New to report a problem.'
                    : 'No claims yet.'
            }
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
      ) : (
        <DataTable<Claim>
          {...pagedTableProps(query)}
          recordsPerPageOptions={[20, 50, 100]}
          noRecordsText={filter ? 'No claim matches the search.' : isClient && !readsOnly ? 'No claims yet. Use New to report a problem.' : 'No claims yet.'}
          {...list.tableProps}
          {...(readsOnly ? {} : { selectedRecords: selected, onSelectedRecordsChange: setSelected })}
          {...orderRows<Claim>({
            open: (claim) => void navigate({ to: '/claims/$id', params: { id: String(claim.id) } }),
            inProgress: () => false,
          })}
          columns={columns}
        />
      )}
    </Stack>
  );
}
