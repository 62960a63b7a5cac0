import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import './catalogue';

/**
 * /claims on both faces, 'Non-Conformance Reports': a search box (300 ms debounce), ID, Status chip, Order number,
 * Article, Delivery at (the admin also sees the company); id ascending, 20 per page (20/50/100); multi-select. New
 * opens /claims/new (the admin logs a claim on a client's behalf there); Delete asks first and says why when the API
 * refuses (a client cannot delete a closed claim). A row click or Enter opens /claims/{id}. Sellers only read the
 * claims their buyers filed about their products: no New, no Delete. On a phone (below `sm`) each claim is a card with
 * its status chip and the columns as labelled values, so no column is squeezed and the chip reads in full.
 */
export default function ClaimsPage() {
  const { t } = useLingui();
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
      const [id] = claimIds;
      const count = claimIds.length;
      notifications.show({ color: 'green', message: count === 1 ? t`Claim ${id} deleted.` : plural(count, { one: '# claim deleted.', other: '# claims deleted.' }) });
    },
    onError: (error) => notifications.show({ color: 'red', role: 'alert', title: t`Not deleted`, message: describeError(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [api.claimsKey()[0]] }),
  });

  // A client cannot delete a closed claim (the API refuses it too); judged by the freshest rows.
  const current = selected.map((claim) => query.data?.rows.find((row) => row.id === claim.id) ?? claim);
  const locked = isClient ? current.filter((claim) => claim.status === 'closed') : [];
  const askDelete = () => {
    const id = selected[0]!.id;
    const count = selected.length;
    confirmDelete({
      title: t`Delete claims`,
      message:
        count === 1
          ? t`Are you sure you want to delete claim ${id}?`
          : plural(count, { one: 'Are you sure you want to delete this # claim?', other: 'Are you sure you want to delete these # claims?' }),
      onConfirm: () => remove.mutate(selected.map((claim) => claim.id)),
    });
  };

  const lockedIds = locked.map((claim) => claim.id).join(', ');
  const noClaims = filter ? t`No claim matches the search.` : isClient && !readsOnly ? t`No claims yet. Use New to report a problem.` : t`No claims yet.`;
  // The pager's buttons, named for people who hear them ('next page').
  const pageControlLabel = (control: 'first' | 'previous' | 'last' | 'next') =>
    ({ first: t`first page`, previous: t`previous page`, next: t`next page`, last: t`last page` })[control];

  const columns: DataTableColumn<Claim>[] = [
    {
      accessor: 'id',
      title: t`ID`,
      sortable: true,
      width: 80,
      render: ({ id }) => (
        <RecordLink to={`/claims/${id}`} label={t`Claim ${id}`}>
          {id}
        </RecordLink>
      ),
    },
    { accessor: 'status', title: t`Status`, sortable: true, render: (claim) => <StatusChip status={claim.status} /> },
    ...(isClient ? [] : [{ accessor: 'company', title: t`Company`, sortable: true } satisfies DataTableColumn<Claim>]),
    { accessor: 'orderNo', title: t`Order number`, sortable: true, render: (claim) => claim.ClientProductionOrder.orderNo },
    {
      accessor: 'articleNo',
      title: t`Article`,
      sortable: true,
      render: (claim) => `${claim.ClientProduct.articleNo} - ${claim.ClientProduct.productName}`,
    },
    { accessor: 'deliveryDate', title: t`Delivery at`, sortable: true, render: (claim) => formatListDate(claim.deliveryDate) },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Non-Conformance Reports</Trans>
        </Title>
        <Group gap="xs">
          <TextInput
            aria-label={t`Search claims`}
            placeholder={t`Search`}
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
              <Trans>New</Trans>
            </Button>
          )}
          {!readsOnly && (
            <DeleteSelectedButton
              label={t`Delete`}
              selected={selected.length}
              blocked={locked.length > 0 ? t`Closed, cannot be deleted: ${lockedIds}` : null}
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
            label={({ id }) => t`claim ${id}`}
            heading={({ id, status }) => (
              <Group gap="xs">
                <Text fw={600}>
                  <Trans>Claim {id}</Trans>
                </Text>
                <StatusChip status={status} />
              </Group>
            )}
            fields={(claim) => [
              ...(isClient ? [] : [{ label: t`Company`, value: claim.company ?? '–' }]),
              { label: t`Order number`, value: claim.ClientProductionOrder.orderNo },
              { label: t`Article`, value: article(claim) },
              { label: t`Delivery at`, value: formatListDate(claim.deliveryDate) },
            ]}
            open={openClaim}
            inProgress={() => false}
            selected={selected}
            {...(readsOnly ? {} : { onSelectedChange: setSelected })}
            emptyText={query.isPending ? t`Loading claims…` : noClaims}
          />
          {(query.data?.count ?? 0) > list.pagination.rowsPerPage && (
            <Pagination
              size="sm"
              total={Math.ceil((query.data?.count ?? 0) / list.pagination.rowsPerPage)}
              value={list.pagination.page}
              onChange={list.tableProps.onPageChange}
              getControlProps={(control) => ({ 'aria-label': pageControlLabel(control) })}
            />
          )}
        </Stack>
      ) : (
        <DataTable<Claim>
          {...pagedTableProps(query)}
          recordsPerPageOptions={[20, 50, 100]}
          recordsPerPageLabel={t`Records per page`}
          noRecordsText={noClaims}
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
