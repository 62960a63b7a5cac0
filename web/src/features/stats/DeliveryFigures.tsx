import { Trans, useLingui } from '@lingui/react/macro';
import { LineChart } from '@mantine/charts';
import { Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { DeliveryPerformance } from '@generated/model';
import { formatNumber, formatPercent } from '../../components/format';
import { useWideScreen } from '../../components/useWideScreen';
import { currentLocale, intlLocaleOf, speaksEnglish } from '../../i18n/locales';
import { ChartEmpty } from './ChartState';
import './catalogue';

const months = new Map<string, Intl.DateTimeFormat>();
/** 'Jan 2026' for the first day of a month in English; the chosen language's short month otherwise (Swedish 'jan. 2026'). */
export function formatMonth(month: string): string {
  const locale = speaksEnglish() ? 'en-GB' : intlLocaleOf(currentLocale());
  let format = months.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    months.set(locale, format);
  }
  return format.format(new Date(`${month}T00:00:00Z`));
}
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
  const { t } = useLingui();
  if (data.items === 0 && data.products.length === 0) {
    return <ChartEmpty title={t`No order items and no forecasts in this period`} hint={t`Pick a longer period.`} />;
  }
  const forecastTotal = formatNumber(data.products.reduce((sum, row) => sum + row.forecast, 0));
  const orderedTotal = formatNumber(data.products.reduce((sum, row) => sum + row.ordered, 0));
  const onTimeInFull = formatNumber(data.onTimeInFull);
  const items = formatNumber(data.items);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          label={t`On time in full`}
          value={formatRate(data.otifRate)}
          madeOf={t`${onTimeInFull} of ${items} items due were produced in full by their due day`}
        />
        <Figure
          label={t`Fill rate`}
          value={formatRate(data.fillRate)}
          madeOf={t`Bottles produced by the due day (at most each item's plan) over bottles planned`}
        />
        <Figure
          label={t`Forecast accuracy`}
          value={formatRate(data.forecastAccuracy)}
          madeOf={t`${forecastTotal} bottles forecast against ${orderedTotal} ordered`}
        />
      </SimpleGrid>
      {data.months.length > 0 && (
        <Paper withBorder p="md" component="section" aria-label={t`Trend per month`}>
          <Title order={3} size="h4" mb="sm">
            <Trans>Trend per month</Trans>
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
              { name: 'otif', label: t`On time in full %`, color: 'blue.7' },
              { name: 'fill', label: t`Fill rate %`, color: 'teal.7', strokeDasharray: '5 5' },
            ]}
            yAxisProps={{ domain: [0, 100] }}
            valueFormatter={(value) => formatPercent(value / 100)}
            withLegend
            connectNulls={false}
          />
        </Paper>
      )}
      <Paper withBorder p="md" component="section" aria-label={t`Forecast, ordered and produced per product`}>
        <Title order={3} size="h4" mb="sm">
          <Trans>Forecast, ordered and produced per product</Trans>
        </Title>
        {data.products.length === 0 ? (
          <Text c="dimmed">
            <Trans>No forecasts or orders in this period.</Trans>
          </Text>
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
                      [t`Forecast`, formatNumber(row.forecast)],
                      [t`Ordered`, formatNumber(row.ordered)],
                      [t`Produced`, formatNumber(row.produced)],
                      [t`Accuracy`, formatRate(row.accuracy)],
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
                  <Table.Th>
                    <Trans>Month</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Product</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Forecast</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Ordered</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Produced</Trans>
                  </Table.Th>
                  <Table.Th ta="right">
                    <Trans>Accuracy</Trans>
                  </Table.Th>
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
          <Trans>Accuracy = 1 − |ordered − forecast| / the larger of the two. A forecast counts in each month of its period by its days there.</Trans>
        </Text>
      </Group>
    </Stack>
  );
}
