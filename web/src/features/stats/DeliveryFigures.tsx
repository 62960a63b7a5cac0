import { LineChart } from '@mantine/charts';
import { Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { DeliveryPerformance } from '@generated/model';
import { formatNumber, formatPercent } from '../../components/format';
import { useWideScreen } from '../../components/useWideScreen';
import { ChartEmpty } from './ChartState';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** 'Jan 2026' for the first day of a month. */
export const formatMonth = (month: string) => MONTH.format(new Date(`${month}T00:00:00Z`));
/** A rate as a percentage, or a dash where there was nothing to count. */
export const formatRate = (value: number | null | undefined) => (value === null || value === undefined ? '–' : formatPercent(value));

function Figure({ label, value, madeOf }: { label: string; value: string; madeOf: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {madeOf}
      </Text>
    </Paper>
  );
}

/**
 * One client's delivery figures: on-time-in-full, fill rate and forecast accuracy over the period, each
 * saying what it is made of; the monthly trend; forecast against ordered against produced per product and month, a
 * table from `sm` up and a card per product and month on a phone.
 */
export function DeliveryFigures({ data }: { data: DeliveryPerformance }) {
  const wide = useWideScreen();
  if (data.items === 0 && data.products.length === 0) {
    return <ChartEmpty title="No order items and no forecasts in this period" hint="Pick a longer period." />;
  }
  const forecastTotal = data.products.reduce((sum, row) => sum + row.forecast, 0);
  const orderedTotal = data.products.reduce((sum, row) => sum + row.ordered, 0);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          label="On time in full"
          value={formatRate(data.otifRate)}
          madeOf={`${formatNumber(data.onTimeInFull)} of ${formatNumber(data.items)} items due were produced in full by their due day`}
        />
        <Figure label="Fill rate" value={formatRate(data.fillRate)} madeOf="Bottles produced by the due day (at most each item's plan) over bottles planned" />
        <Figure
          label="Forecast accuracy"
          value={formatRate(data.forecastAccuracy)}
          madeOf={`${formatNumber(forecastTotal)} bottles forecast against ${formatNumber(orderedTotal)} ordered`}
        />
      </SimpleGrid>
      {data.months.length > 0 && (
        <Paper withBorder p="md" component="section" aria-label="Trend per month">
          <Title order={3} size="h4" mb="sm">
            Trend per month
          </Title>
          <LineChart
            h={260}
            data={data.months.map((month) => ({
              month: formatMonth(month.month),
              otif: month.otifRate === null ? null : Math.round(month.otifRate * 100),
              fill: month.fillRate === null ? null : Math.round(month.fillRate * 100),
            }))}
            dataKey="month"
            series={[
              { name: 'otif', label: 'On time in full %', color: 'blue.7' },
              { name: 'fill', label: 'Fill rate %', color: 'teal.7', strokeDasharray: '5 5' },
            ]}
            yAxisProps={{ domain: [0, 100] }}
            valueFormatter={(value) => `${value}%`}
            withLegend
            connectNulls={false}
          />
        </Paper>
      )}
      <Paper withBorder p="md" component="section" aria-label="Forecast, ordered and produced per product">
        <Title order={3} size="h4" mb="sm">
          Forecast, ordered and produced per product
        </Title>
        {data.products.length === 0 ? (
          <Text c="dimmed">No forecasts or orders in this period.</Text>
        ) : !wide ? (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.products.map((row) => (
              <Card key={`${row.month}-${row.clientProductId}`} component="li" withBorder padding="sm">
                <Text fw={600} mb={4} style={{ overflowWrap: 'anywhere' }}>
                  {formatMonth(row.month)}, {row.articleNo} - {row.productName}
                </Text>
                <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
                  {(
                    [
                      ['Forecast', formatNumber(row.forecast)],
                      ['Ordered', formatNumber(row.ordered)],
                      ['Produced', formatNumber(row.produced)],
                      ['Accuracy', formatRate(row.accuracy)],
                    ] as const
                  ).map(([label, value]) => (
                    <Group key={label} gap="xs" wrap="nowrap">
                      <Text size="sm" c="dimmed">
                        {label}
                      </Text>
                      <Text size="sm">{value}</Text>
                    </Group>
                  ))}
                </SimpleGrid>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th ta="right">Forecast</Table.Th>
                  <Table.Th ta="right">Ordered</Table.Th>
                  <Table.Th ta="right">Produced</Table.Th>
                  <Table.Th ta="right">Accuracy</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.products.map((row) => (
                  <Table.Tr key={`${row.month}-${row.clientProductId}`}>
                    <Table.Td>{formatMonth(row.month)}</Table.Td>
                    <Table.Td>
                      {row.articleNo} - {row.productName}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(row.forecast)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.ordered)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.produced)}</Table.Td>
                    <Table.Td ta="right">{formatRate(row.accuracy)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group>
        <Text size="xs" c="dimmed">
          Accuracy = 1 − |ordered − forecast| / the larger of the two. A forecast counts in each month of its period by its days there.
        </Text>
      </Group>
    </Stack>
  );
}
