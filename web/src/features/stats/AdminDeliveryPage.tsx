import '@mantine/charts/styles.css';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { getAdminStatsGetDeliveryRankingQueryKey, useAdminStatsExportDeliveryRanking, useAdminStatsGetDeliveryRanking } from '@generated/endpoints/stats/stats';
import type { DeliveryPerformance } from '@generated/model';
import { now } from '../../components/clock';
import { ExportMenu } from '../../components/ExportMenu';
import { formatNumber } from '../../components/format';
import { PeriodPicker } from '../../components/PeriodPicker';
import { RecordLoad } from '../../components/RecordLoad';
import { DeliveryFigures, formatRate } from './DeliveryFigures';
import { deliveryDefaultPeriod } from './period';
import './catalogue';

/**
 * '/delivery', the admin's delivery performance: every client ranked by on-time-in-full (worst first) with
 * fill rate and forecast accuracy, every supplier by on-time delivery; a client's name opens its months and products.
 */
/** The chosen client's months and products, under its name. */
function ClientDelivery({ company, data }: { company: string | undefined; data: DeliveryPerformance }) {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" component="section" aria-label={company ? t`Delivery of ${company}` : t`Delivery of the client`}>
      <Title order={3} size="h4" mb="sm">
        {company ?? t`Client`}
      </Title>
      <DeliveryFigures data={data} />
    </Paper>
  );
}

export default function AdminDeliveryPage() {
  const [period, setPeriod] = useState(() => deliveryDefaultPeriod(now()));
  const [clientId, setClientId] = useState<string | null>(null);
  const { t } = useLingui();
  const body = clientId ? { period, clientId } : { period };
  const query = useAdminStatsGetDeliveryRanking(body, {
    query: { queryKey: getAdminStatsGetDeliveryRankingQueryKey(body), placeholderData: keepPreviousData },
  });
  const exportFile = useAdminStatsExportDeliveryRanking({ mutation: { meta: { silent: true } } });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          <Trans>Delivery performance</Trans>
        </Title>
        <ExportMenu
          pending={exportFile.isPending}
          fallbackName={(format) => `delivery-ranking-${period.from}-${period.to}.${format}`}
          run={(format) => exportFile.mutateAsync({ data: { format, period } })}
        />
      </Group>
      <Group align="flex-end">
        <PeriodPicker value={period} onChange={setPeriod} />
        <Text size="sm" c="dimmed">
          <Trans>Whole months, at most 24; worst first.</Trans>
        </Text>
      </Group>
      <RecordLoad query={query} label={t`Loading delivery performance`}>
        {(data) => (
          <Stack>
            <Paper withBorder p="md" component="section" aria-label={t`Clients`}>
              <Title order={3} size="h4" mb="sm">
                <Trans>Clients</Trans>
              </Title>
              {data.clients.length === 0 ? (
                <Text c="dimmed">
                  <Trans>No order items or forecasts in this period.</Trans>
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={640}>
                  <Table striped highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>
                          <Trans>Client</Trans>
                        </Table.Th>
                        <Table.Th ta="right">
                          <Trans>Items due</Trans>
                        </Table.Th>
                        <Table.Th ta="right">
                          <Trans>On time in full</Trans>
                        </Table.Th>
                        <Table.Th ta="right">
                          <Trans>Fill rate</Trans>
                        </Table.Th>
                        <Table.Th ta="right">
                          <Trans>Forecast accuracy</Trans>
                        </Table.Th>
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
            {clientId && data.client && <ClientDelivery company={data.clients.find((row) => row.clientId === clientId)?.company} data={data.client} />}
            <Paper withBorder p="md" component="section" aria-label={t`Suppliers`}>
              <Title order={3} size="h4" mb="sm">
                <Trans>Suppliers</Trans>
              </Title>
              {data.suppliers.length === 0 ? (
                <Text c="dimmed">
                  <Trans>No supply orders due in this period were added to stock.</Trans>
                </Text>
              ) : (
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>Supplier</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>Added to stock</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>By the due date</Trans>
                      </Table.Th>
                      <Table.Th ta="right">
                        <Trans>On-time rate</Trans>
                      </Table.Th>
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
