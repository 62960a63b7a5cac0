import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Badge, Group, SegmentedControl, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { getAdminClientsGetClientsQueryKey, useAdminClientsGetClients } from '@generated/endpoints/clients/clients';
import type { AdminClientsGetClientsBodyPaginationSortBy, ClientListRow, ClientTypeAttribute } from '@generated/model';
import { useListState } from '../../components/useListState';
import { RecordLink } from '../../components/RecordLink';
import { QueryError } from '../../components/QueryError';
import { formatListDate, formatNumber } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { clientTypeLabel, hasPortfolio } from './clientInventory';
import './catalogue';

type TypeFilter = 'all' | ClientTypeAttribute;

/**
 * Admin /clients, the client inventory: Company, Assigned FBs, Customer Type (All / Buyer / Converter), Products
 * count, Overdue amount (TBD), Created at, Active. Company ascending, 20 per page (20/50/100). A row opens the
 * client's portfolio only when the client has machines or products; the others say why on hover.
 */
export default function ClientsPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const list = useListState<ClientListRow, AdminClientsGetClientsBodyPaginationSortBy>({ sortBy: 'company', rowsPerPage: 20 });
  const [type, setType] = useState<TypeFilter>('all');
  const body = { pagination: list.pagination, ...(type === 'all' ? {} : { filter: { clientType: type } }) };
  const query = useAdminClientsGetClients(body, { query: { queryKey: getAdminClientsGetClientsQueryKey(body), placeholderData: keepPreviousData } });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Client inventory</Trans>
        </Title>
        <Group gap="xs">
          <Text size="sm" c="dimmed" id="customer-type-filter">
            <Trans>Customer Type</Trans>
          </Text>
          <SegmentedControl
            aria-labelledby="customer-type-filter"
            value={type}
            onChange={(value) => {
              setType(value as TypeFilter);
              list.tableProps.onPageChange(1);
            }}
            data={[
              { value: 'all', label: t`All` },
              { value: '1', label: t`Buyer` },
              { value: '0', label: t`Converter` },
            ]}
          />
        </Group>
      </Group>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<ClientListRow>
          {...pagedTableProps(query)}
          recordsPerPageOptions={[20, 50, 100]}
          recordsPerPageLabel={t`Records per page`}
          noRecordsText={type === 'all' ? t`No clients in the identity service yet.` : t`No clients of this type. Choose All to see every client.`}
          {...list.tableProps}
          onRowClick={({ record }) => {
            if (hasPortfolio(record)) void navigate({ to: `/clients/${encodeURIComponent(record.id)}` });
          }}
          rowStyle={(record) => ({ cursor: hasPortfolio(record) ? 'pointer' : 'not-allowed' })}
          customRowAttributes={(record) => (hasPortfolio(record) ? {} : { title: t`No machines assigned and no products yet: nothing to open.` })}
          columns={[
            {
              accessor: 'company',
              title: t`Company`,
              sortable: true,
              render: (row) => {
                const company = row.company ?? row.id;
                return hasPortfolio(row) ? (
                  <RecordLink to={`/clients/${encodeURIComponent(row.id)}`} label={t`Portfolio of ${company}`}>
                    {row.company ?? '—'}
                  </RecordLink>
                ) : (
                  (row.company ?? '—')
                );
              },
            },
            {
              accessor: 'fbs',
              title: t`Assigned FBs`,
              render: (row) => (
                <Group gap={4}>
                  {row.fbs.map((machine) => (
                    <Badge key={machine} variant="light" size="sm">
                      {machine}
                    </Badge>
                  ))}
                </Group>
              ),
            },
            { accessor: 'clientType', title: t`Customer Type`, sortable: true, render: (row) => clientTypeLabel(row.clientType) },
            {
              accessor: 'productsCount',
              title: t`Products count`,
              sortable: true,
              textAlign: 'right',
              render: (row) => formatNumber(row.productsCount),
            },
            // Part 2.1: the overdue amount is not computed yet and always reads TBD.
            { accessor: 'overdueAmount', title: t`Overdue amount`, textAlign: 'right', render: () => t`TBD` },
            { accessor: 'createdTimestamp', title: t`Created at`, sortable: true, render: (row) => formatListDate(row.createdTimestamp) },
            {
              accessor: 'enabled',
              title: t`Active`,
              sortable: true,
              textAlign: 'center',
              render: (row) => (
                <Tooltip label={row.enabled ? t`Active` : t`Disabled`}>
                  <ThemeIcon
                    variant="transparent"
                    color={row.enabled ? 'green' : 'gray'}
                    role="img"
                    aria-label={row.enabled ? t`Active` : t`Disabled`}
                  >
                    {row.enabled ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
                  </ThemeIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
