import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  getAdminSustainabilityGetCustomersFootprintQueryKey,
  getAdminSustainabilityGetMassBalanceQueryKey,
  useAdminSustainabilityGetCustomersFootprint,
  useAdminSustainabilityGetMassBalance,
} from '@generated/endpoints/sustainability/sustainability';
import { now } from '../../components/clock';
import { QueryError } from '../../components/QueryError';
import { formatKg } from './downloads';
import { FootprintTable, yearsUpTo } from './FootprintTable';
import './catalogue';

/**
 * The admin's recycled content: the plant's mass balance per year (recycled mass received in lots against
 * recycled mass declared to customers) and every customer's year.
 */
export default function AdminSustainabilityPage() {
  const { t } = useLingui();
  const [year, setYear] = useState(String(now().getUTCFullYear()));
  const balance = useAdminSustainabilityGetMassBalance({}, { query: { queryKey: getAdminSustainabilityGetMassBalanceQueryKey({}) } });
  const body = { year: Number(year) };
  const customers = useAdminSustainabilityGetCustomersFootprint(body, { query: { queryKey: getAdminSustainabilityGetCustomersFootprintQueryKey(body) } });
  return (
    <Stack>
      <Title order={2}>{t`Recycled content`}</Title>
      <Title order={3}>{t`Plant mass balance`}</Title>
      {balance.isError ? (
        <QueryError error={balance.error} onRetry={() => void balance.refetch()} />
      ) : !balance.data ? (
        <Text c="dimmed">{t`Loading…`}</Text>
      ) : balance.data.rows.length === 0 ? (
        <Text>{t`No lot was delivered yet.`}</Text>
      ) : (
        // Six columns do not fit a phone: the table scrolls sideways in its box rather than widening the page.
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t`Plant mass balance`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Year`}</Table.Th>
                <Table.Th ta="right">{t`Recycled received`}</Table.Th>
                <Table.Th ta="right">{t`Recycled declared`}</Table.Th>
                <Table.Th ta="right">{t`Post-consumer received`}</Table.Th>
                <Table.Th ta="right">{t`Post-consumer declared`}</Table.Th>
                <Table.Th ta="right">{t`Not yet declared (to date)`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {balance.data.rows.map((row) => (
                <Table.Tr key={row.year}>
                  <Table.Td>{row.year}</Table.Td>
                  <Table.Td ta="right">{formatKg(row.receivedRecycledKg)}</Table.Td>
                  <Table.Td ta="right">{formatKg(row.declaredRecycledKg)}</Table.Td>
                  <Table.Td ta="right">{formatKg(row.receivedPostConsumerKg)}</Table.Td>
                  <Table.Td ta="right">{formatKg(row.declaredPostConsumerKg)}</Table.Td>
                  <Table.Td ta="right">{formatKg(row.cumulativeHeadroomKg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3}>{t`Customers`}</Title>
      <Select label={t`Year`} data={yearsUpTo(now().getUTCFullYear())} value={year} onChange={(value) => value && setYear(value)} allowDeselect={false} w={120} />
      {customers.isError ? (
        <QueryError error={customers.error} onRetry={() => void customers.refetch()} />
      ) : !customers.data ? (
        <Text c="dimmed">{t`Loading…`}</Text>
      ) : customers.data.rows.length === 0 ? (
        <Text>{t`No line was invoiced in ${year}.`}</Text>
      ) : (
        <FootprintTable
          rows={customers.data.rows.map((row) => ({ ...row.total, key: row.clientId, label: row.company ?? row.clientId }))}
          label={t`Customers in ${year}`}
          first={t`Customer`}
        />
      )}
    </Stack>
  );
}
