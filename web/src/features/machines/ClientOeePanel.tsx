import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Badge, Card, Group, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { BarChart } from '@mantine/charts';
import { keepPreviousData } from '@tanstack/react-query';
import {
  getClientMachinesGetPerformanceQueryKey,
  useClientMachinesGetPerformance,
} from '@generated/endpoints/machines/machines';
import type { ClientMachinePerformance } from '@generated/model';
import { formatListDate, formatNumber } from '../../components/format';
import { ChartEmpty, ChartState } from '../stats/ChartState';
import { PERIOD_TOGGLES, togglePeriod, type PeriodToggle } from '../stats/period';
import { BANDS, MADE_OF, MadeOf } from './MadeOf';
import { formatHours, formatShare } from './machineFormat';
import { madeOfRow } from './OeePanel';
import './catalogue';

/** The period toggles as the chosen language abbreviates them (English: the spec's 1M, 6M, YTD). */
const TOGGLE_LABELS: Record<PeriodToggle, MessageDescriptor> = { '1M': msg`1M`, '6M': msg`6M`, YTD: msg`YTD` };

const percentOf = (part: number | null) => (part == null ? null : Math.round(part * 1000) / 10);

function MachineCard({ machine }: { machine: ClientMachinePerformance }) {
  const { t, i18n } = useLingui();
  const { total, machineName } = machine;
  const band = BANDS[total.band];
  const madeOf = madeOfRow(total);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t`Machine ${machineName}`}>
      <Group justify="space-between" mb="xs">
        <Title order={4}>{machine.machineName}</Title>
        <Badge color={band.color} variant="light" miw="max-content">
          {i18n._(band.label)}
        </Badge>
      </Group>
      <SimpleGrid cols={2} spacing="xs" mb="xs">
        <div>
          <Text size="xs" c="dimmed" component="div">
            <MadeOf label={t`OEE`} madeOf={MADE_OF.oee} />
          </Text>
          <Text fw={700} size="xl" title={madeOf.oee}>
            {formatShare(total.oee)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" component="div">
            <MadeOf label={t`Availability`} madeOf={MADE_OF.availability} />
          </Text>
          <Text fw={700} size="xl" title={madeOf.availability}>
            {formatShare(total.availability)}
          </Text>
        </div>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mb="sm">
        {madeOf.coverage}.
      </Text>
      <Text size="sm" fw={600} mb={4}>
        <Trans>Top stop causes</Trans>
      </Text>
      {machine.topCauses.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No stops in this period.</Trans>
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={2} aria-label={t`Top stop causes of ${machineName}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Cause</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Hours</Trans>
              </Table.Th>
              <Table.Th ta="right">
                <Trans>Stops</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {machine.topCauses.map((cause) => (
              <Table.Tr key={cause.causeName ?? 'none'}>
                <Table.Td>{cause.causeName ?? t`No cause yet`}</Table.Td>
                <Table.Td ta="right">{formatHours(cause.hours)}</Table.Td>
                <Table.Td ta="right">{formatNumber(cause.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/**
 * The client's 'Machines' tab under Statistics: OEE and availability of the machines assigned to
 * the company (only its own: the API answers for the caller's company), with their top stop causes, for 1M, 6M or YTD.
 */
export function ClientOeePanel({ today }: { today: Date }) {
  const { t, i18n } = useLingui();
  const [toggle, setToggle] = useState<PeriodToggle>('1M');
  const period = togglePeriod(toggle, today);
  const body = { period };
  const query = useClientMachinesGetPerformance(body, {
    query: { queryKey: getClientMachinesGetPerformanceQueryKey(body), placeholderData: keepPreviousData },
  });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {formatListDate(period.from)} – {formatListDate(period.to)}
        </Text>
        <SegmentedControl aria-label={t`Period`} data={PERIOD_TOGGLES.map((value) => ({ value, label: i18n._(TOGGLE_LABELS[value]) }))} value={toggle} onChange={(value) => setToggle(value as PeriodToggle)} />
      </Group>
      <ChartState
        query={query}
        label={t`machine performance`}
        isEmpty={(data) => data.machines.length === 0}
        empty={<ChartEmpty title={t`No machines to show`} hint={t`Your machines appear here once they are assigned to you and report their work.`} />}
      >
        {(data) => (
          <Stack>
            <BarChart
              h={220}
              data={data.machines.map((machine) => ({
                machine: machine.machineName,
                oee: percentOf(machine.total.oee),
                availability: percentOf(machine.total.availability),
              }))}
              dataKey="machine"
              unit=" %"
              valueFormatter={formatNumber}
              yAxisProps={{ domain: [0, 100] }}
              withLegend
              series={[
                { name: 'oee', label: t`OEE`, color: 'blue.8' },
                { name: 'availability', label: t`Availability`, color: 'teal.8' },
              ]}
            />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.machines.map((machine) => (
                <MachineCard key={machine.machineName} machine={machine} />
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </ChartState>
    </Stack>
  );
}
