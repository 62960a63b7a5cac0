import '@mantine/charts/styles.css';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { BarChart, Sparkline } from '@mantine/charts';
import { keepPreviousData } from '@tanstack/react-query';
import {
  getClientStatsGetQuantitiesDetailedQueryKey,
  getClientStatsGetQuantitiesQueryKey,
  useClientStatsGetQuantities,
  useClientStatsGetQuantitiesDetailed,
} from '@generated/endpoints/stats/stats';
import type { QuantityRow } from '@generated/model';
import { now } from '../../components/clock';
import { formatNumber } from '../../components/format';
import { formatDay, REPORT_FORMAT } from '../../components/dates';
import { PeriodPicker } from '../../components/PeriodPicker';
import { ChartEmpty, ChartState } from './ChartState';
import { reportDefaultPeriod, type Period } from './period';
import './catalogue';

const productLabel = (row: Pick<QuantityRow, 'articleNo' | 'productName'>) => `${row.articleNo} - ${row.productName}`;
/** The selected product's bar stands out; the others step back while one is selected. */
const barColor = (id: number, selectedId: number | undefined) => (selectedId === undefined ? 'blue.6' : id === selectedId ? 'blue.8' : 'blue.3');
/** Room per bar, so long product lists stay readable. */
const BAR_HEIGHT = 36;

/** The selected product's days in the period: a sparkline and the period total (quantitiesdetailed). */
function ProductDetail({ product, period }: { product: QuantityRow; period: Period }) {
  const { t } = useLingui();
  const body = { productId: product.id, period };
  const label = productLabel(product);
  const query = useClientStatsGetQuantitiesDetailed(body, {
    query: { queryKey: getClientStatsGetQuantitiesDetailedQueryKey(body), placeholderData: keepPreviousData },
  });
  return (
    <Paper withBorder p="md" component="section" aria-label={productLabel(product)}>
      <Stack gap="xs">
        <Text fw={500}>{productLabel(product)}</Text>
        <ChartState
          query={query}
          label={t`the days of ${label}`}
          isEmpty={(rows) => rows.length === 0}
          empty={<ChartEmpty title={t`No production days in this period`} hint={t`Pick another period.`} />}
        >
          {(rows) => {
            const first = formatDay(rows[0].dueDate, REPORT_FORMAT);
            const last = formatDay(rows[rows.length - 1].dueDate, REPORT_FORMAT);
            return (
              <Group align="center" wrap="nowrap">
                <Sparkline
                  flex={1}
                  h={80}
                  data={rows.map((row) => row.producedAmount)}
                  curveType="linear"
                  color="blue.6"
                  fillOpacity={0.4}
                  aria-label={t`Produced per day, ${first} to ${last}`}
                />
                <Stack gap={0} align="flex-end" miw={160}>
                  <Text size="sm" c="dimmed">
                    <Trans>Period total</Trans>
                  </Text>
                  <Text size="xl" fw={700}>
                    {formatNumber(rows.reduce((sum, row) => sum + row.producedAmount, 0))}
                  </Text>
                </Stack>
              </Group>
            );
          }}
        </ChartState>
      </Stack>
    </Paper>
  );
}

/**
 * '/stats/production-quantity', the client's production quantities report (part 2.4): a period (MM.DD.YYYY, as
 * part 2.4 names it, and so every day on this screen; Monday first; by default the start of this month to the end of this year), a horizontal bar per article of the
 * bottles produced in it; clicking a bar (or picking the product) shows its sparkline with the period total.
 */
export default function ProductionQuantitiesPage() {
  const [period, setPeriod] = useState(() => reportDefaultPeriod(now()));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const body = { period };
  const query = useClientStatsGetQuantities(body, { query: { queryKey: getClientStatsGetQuantitiesQueryKey(body), placeholderData: keepPreviousData } });
  const rows = query.data ?? [];
  // A product without production in a newly picked period has no bar any more, so nothing is selected.
  const selected = rows.find((row) => row.id === selectedId) ?? null;
  const { t } = useLingui();

  return (
    <Stack>
      <Title order={2}>
        <Trans>Production quantities</Trans>
      </Title>
      <Group align="flex-end">
        <PeriodPicker value={period} onChange={setPeriod} format={REPORT_FORMAT} />
        <Select
          label={t`Product`}
          placeholder={t`Click a bar or pick a product`}
          w={360}
          searchable
          clearable
          disabled={rows.length === 0}
          data={rows.map((row) => ({ value: String(row.id), label: productLabel(row) }))}
          value={selected ? String(selected.id) : null}
          onChange={(value) => setSelectedId(value ? Number(value) : null)}
        />
      </Group>
      <ChartState
        query={query}
        label={t`production quantities`}
        isEmpty={(data) => data.length === 0}
        empty={<ChartEmpty title={t`No production in this period`} hint={t`Pick a longer period.`} />}
      >
        {(data) => (
          <BarChart
            h={Math.max(160, data.length * BAR_HEIGHT + 40)}
            data={data.map((row) => ({ id: row.id, product: productLabel(row), producedAmount: row.producedAmount, color: barColor(row.id, selected?.id) }))}
            dataKey="product"
            orientation="vertical"
            series={[{ name: 'producedAmount', label: t`Produced`, color: 'blue.6' }]}
            valueFormatter={formatNumber}
            yAxisProps={{ width: 240 }}
            barProps={{ cursor: 'pointer', onClick: (entry: { payload?: { id?: number } }) => setSelectedId(entry.payload?.id ?? null) }}
          />
        )}
      </ChartState>
      {selected && <ProductDetail product={selected} period={period} />}
    </Stack>
  );
}
