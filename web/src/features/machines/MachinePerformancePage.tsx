import '@mantine/charts/styles.css';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, MultiSelect, Stack, Tabs, Title } from '@mantine/core';
import { PeriodPicker, type Period } from '../../components/PeriodPicker';
import { currentMonth } from '../downtime/downtimeFormat';
import { DowntimeAnalyticsPanel } from './DowntimeAnalyticsPanel';
import { FIRST_MACHINE_PAGE, OeePanel } from './OeePanel';
import { machineKeyOf, machineLabelOf, machineOfKey, useLiveStatus, type MachineRef } from './liveStatus';
import './catalogue';

/**
 * Admin and operator 'Machine performance': for a period and chosen machines (none chosen:
 * every machine), the OEE per machine and grain, and the downtime analytics (Pareto of causes, MTBF and MTTR, weekly
 * trend). A tab loads its figures only when it is opened.
 */
/** Up to this many machines, 'All machines' shows each one by day, shift or week too. */
export const MAX_TREND_MACHINES = 8;

export default function MachinePerformancePage() {
  const { t } = useLingui();
  const [period, setPeriod] = useState<Period>(() => currentMonth());
  const [chosen, setChosen] = useState<string[]>([]);
  // The whole-period table's page of machines; another period starts again at page 1, at the size chosen.
  const [machinePage, setMachinePage] = useState(FIRST_MACHINE_PAGE);
  const choosePeriod = (next: Period) => {
    setPeriod(next);
    setMachinePage((current) => ({ ...current, page: 1 }));
  };
  const live = useLiveStatus({ refetchInterval: false });
  const options = (live.data ?? []).map((machine) => ({
    value: machineKeyOf(machine),
    label: machineLabelOf(machine),
  }));
  const machines: MachineRef[] = chosen.map(machineOfKey);
  // Each machine by day, shift or week when machines are chosen, or when the plant has only a few; otherwise (a plant
  // of hundreds of machines) the totals of every machine, and the trend of the machines one chooses.
  const trend = machines.length > 0 || (live.data?.length ?? Infinity) <= MAX_TREND_MACHINES;

  return (
    <Stack>
      <Title order={2}>
        <Trans>Machine performance</Trans>
      </Title>
      <Group align="flex-end">
        <PeriodPicker value={period} onChange={choosePeriod} />
        <MultiSelect
          label={t`Machines`}
          placeholder={chosen.length === 0 ? t`All machines` : undefined}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t`Clear machines` }}
          miw={280}
          maw={560}
        />
      </Group>
      <Tabs defaultValue="oee" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="oee">
            <Trans>OEE</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="downtime">
            <Trans>Downtime analytics</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="oee" pt="md">
          <OeePanel
            period={period}
            machines={machines}
            withBuckets={trend}
            ready={machines.length > 0 || live.isFetched}
            machinePage={machinePage}
            onMachinePageChange={setMachinePage}
          />
        </Tabs.Panel>
        <Tabs.Panel value="downtime" pt="md">
          <DowntimeAnalyticsPanel period={period} machines={machines} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
