import '@mantine/charts/styles.css';
import { useState } from 'react';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import {
  getAdminStatsGetDeliveryRankingQueryKey,
  useAdminStatsExportDeliveryRanking,
  useAdminStatsGetDeliveryRanking,
} from '@generated/endpoints/stats/stats';
import { now } from '../../components/clock';
import { ExportMenu } from '../../components/ExportMenu';
import { formatNumber } from '../../components/format';
import { PeriodPicker } from '../../components/PeriodPicker';
import { RecordLoad } from '../../components/RecordLoad';
import { DeliveryFigures, formatRate } from './DeliveryFigures';
import { deliveryDefaultPeriod } from './period';

/**
 * '/delivery', the admin's delivery performance: every client ranked by on-time-in-full (worst first) with
 * fill rate and forecast accuracy, every supplier by on-time delivery; a client's name opens its months and products.
 */
export default function AdminDeliveryPage() {
  const [period, setPeriod] = useState(() => deliveryDefaultPeriod(now()));
  const [clientId, setClientId] = useState<string | null>(null);
  const body = clientId ? { period, clientId } : { period };
  const query = useAdminStatsGetDeliveryRanking(body, {
    query: { queryKey: getAdminStatsGetDeliveryRankingQueryKey(body), placeholderData: keepPreviousData },
  });
  const exportFile = useAdminStatsExportDeliveryRanking({ mutation: { meta: { silent: true } } });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Delivery performance</Title>
        <ExportMenu
          pending={exportFile.isPending}
          fallbackName={(format) => `delivery-ranking-${period.from}-${period.to}.${format}`}
          run={(format) => exportFile.mutateAsync({ data: { format, period } })}
        />
      </Group>
      <Group align="flex-end">
        <PeriodPicker value={period} onChange={setPeriod} />
        <Text size="sm" c="dimmed">
          Whole months, at most 24; worst first.
        </Text>
      </Group>
      <RecordLoad query={query} label="Loading delivery performance">
        {(data) => (
          <Stack>
            <Paper withBorder p="md" component="section" aria-label="Clients">
              <Title order={3} size="h4" mb="sm">
                Clients
              </Title>
              {data.clients.length === 0 ? (
                <Text c="dimmed">No order items or forecasts in this period.</Text>
              ) : (
                <Table.ScrollContainer minWidth={640}>
                  <Table striped highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Client</Table.Th>
                        <Table.Th ta="right">Items due</Table.Th>
                        <Table.Th ta="right">On time in full</Table.Th>
                        <Table.Th ta="right">Fill rate</Table.Th>
                        <Table.Th ta="right">Forecast accuracy</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.clients.map((row) => (
                        <Table.Tr key={row.clientId} aria-selected={row.clientId === clientId}>
                          <Table.Td>
                            <Anchor component="button" type="button" onClick={() => setClientId(row.clientId === clientId ? null : row.clientId)}>
                              {row.company}
                            </Anchor>
                          </Table.Td>
                          <Table.Td ta="right">{formatNumber(row.items)}</Table.Td>
                          <Table.Td ta="right">
                            {formatRate(row.otifRate)} ({formatNumber(row.onTimeInFull)})
                          </Table.Td>
                          <Table.Td ta="right">{formatRate(row.fillRate)}</Table.Td>
                          <Table.Td ta="right">{formatRate(row.forecastAccuracy)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
            {clientId && data.client && (
              <Paper withBorder p="md" component="section" aria-label={`Delivery of ${data.clients.find((row) => row.clientId === clientId)?.company ?? 'the client'}`}>
                <Title order={3} size="h4" mb="sm">
                  {data.clients.find((row) => row.clientId === clientId)?.company ?? 'Client'}
                </Title>
                <DeliveryFigures data={data.client} />
              </Paper>
            )}
            <Paper withBorder p="md" component="section" aria-label="Suppliers">
              <Title order={3} size="h4" mb="sm">
                Suppliers
              </Title>
              {data.suppliers.length === 0 ? (
                <Text c="dimmed">No supply orders due in this period were added to stock.</Text>
              ) : (
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Supplier</Table.Th>
                      <Table.Th ta="right">Added to stock</Table.Th>
                      <Table.Th ta="right">By the due date</Table.Th>
                      <Table.Th ta="right">On-time rate</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.suppliers.map((row) => (
                      <Table.Tr key={row.manufacturerId}>
                        <Table.Td>{row.manufacturerName}</Table.Td>
                        <Table.Td ta="right">{formatNumber(row.delivered)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(row.onTime)}</Table.Td>
                        <Table.Td ta="right">{formatRate(row.onTimeRate)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          </Stack>
        )}
      </RecordLoad>
    </Stack>
  );
}
