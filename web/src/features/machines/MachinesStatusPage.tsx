import { useState } from 'react';
import { Anchor, Badge, Box, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link } from '@tanstack/react-router';
import { adminMachinesGetLiveStatusBody } from '@generated/zod/machines/machines.zod';
import type { LiveStateCounts } from '@generated/model';
import { useAppContext } from '../../app/context';
import { MachinePager, useLastMachinePage, type MachinePageValue } from '../../components/MachinePager';
import { QueryError } from '../../components/QueryError';
import { useNow } from '../../components/useNow';
import { formatDateTime, formatNumber } from '../../components/format';
import { LIVE_STATUS_REFRESH_MS, machineKeyOf, useLiveStatusPage, type LiveMachineStatus as LiveMachine, type LiveState } from './liveStatus';
import { formatElapsed } from './machineFormat';

/** The page sizes the contract offers for the live status's machines (its `machinePage.rowsPerPage`). */
const ROWS_PER_PAGE = adminMachinesGetLiveStatusBody.shape.machinePage.unwrap().shape.rowsPerPage.options.map((option) => option.value);
const FIRST_PAGE: MachinePageValue = { page: 1, rowsPerPage: 20 };

const STATE_BADGE: Record<LiveMachine['state'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'green' },
  stopped: { label: 'Stopped', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
};

/** '3 running · 1 stopped · 1 unknown' */
const summaryOf = (counts: LiveStateCounts) =>
  `${formatNumber(counts.running)} running · ${formatNumber(counts.stopped)} stopped · ${formatNumber(counts.unknown)} unknown`;

type StateChoice = LiveState | 'all';

/** What the table says when no machine is in the state chosen. */
const NONE_IN: Record<StateChoice, string> = {
  all: 'No machines yet: a machine appears here once a client has it or it reports an event.',
  stopped: 'No machine is stopped now.',
  running: 'No machine is running now.',
  unknown: 'Every machine has reported its state.',
};

function StateCell({ machine, now }: { machine: LiveMachine; now: Date }) {
  const badge = STATE_BADGE[machine.state];
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={badge.color} variant="light">
        {badge.label}
      </Badge>
      {machine.since && (
        <Text size="sm" title={formatDateTime(machine.since)}>
          since {formatDateTime(machine.since)} ({formatElapsed(machine.since, now)})
        </Text>
      )}
    </Group>
  );
}

/**
 * Machines, live: every client machine's state now — running, stopped since when and why, or
 * unknown (no event yet, or its collector is dead) — refreshed by itself, with the way to the day chart. A plant has
 * hundreds of machines: the table shows a page of machines, of one state when one is chosen (the stopped
 * ones, say), and the counts of every state come from the server.
 */
export default function MachinesStatusPage() {
  const { face } = useAppContext();
  const [state, setState] = useState<StateChoice>('all');
  const [machinePage, setMachinePage] = useState<MachinePageValue>(FIRST_PAGE);
  const query = useLiveStatusPage({ state: state === 'all' ? undefined : state, machinePage });
  const now = useNow();
  const ganttRoute = face.routes.some((route) => route.path === '/downtimes/gantt');
  // Where this face sets a stop's cause (the admin's and the operator's history): a stop without one links there.
  const historyPath = ['/downtimes/history', '/downtime/history'].find((path) => face.routes.some((route) => route.path === path));
  const machines = query.data?.rows ?? [];
  const counts = query.data?.counts;
  const machineCount = query.data?.machineCount ?? 0;
  // Fewer machines in the state than the page shown (machines started or stopped since): back to the last page there is.
  useLastMachinePage(machinePage, machineCount, query.data !== undefined && !query.isPlaceholderData, setMachinePage);
  const choose = (value: string) => {
    setState(value as StateChoice);
    setMachinePage((current) => ({ ...current, page: 1 }));
  };
  const label = (text: string, count: number | undefined) => (count === undefined ? text : `${text} (${formatNumber(count)})`);

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={2}>Machines</Title>
        <Group gap="md">
          {query.isFetching && <Loader size="xs" role="status" aria-label="Refreshing" />}
          {ganttRoute && (
            <Anchor component={Link} to="/downtimes/gantt">
              Today&apos;s stops on the day chart
            </Anchor>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {counts
          ? `${summaryOf(counts)}. Refreshed every ${LIVE_STATUS_REFRESH_MS / 1000} s; last at ${formatDateTime(new Date(query.dataUpdatedAt).toISOString())}.`
          : 'The state of every machine now, from its events.'}
      </Text>
      <SegmentedControl
        aria-label="Show the machines"
        w="fit-content"
        value={state}
        onChange={choose}
        data={[
          { value: 'all', label: label('All', counts && counts.running + counts.stopped + counts.unknown) },
          { value: 'stopped', label: label('Stopped', counts?.stopped) },
          { value: 'running', label: label('Running', counts?.running) },
          { value: 'unknown', label: label('Unknown', counts?.unknown) },
        ]}
      />
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {(query.data || !query.isError) && (
        <Box aria-busy={query.isFetching}>
          <DataTable<LiveMachine>
            withTableBorder
            striped
            minHeight={180}
            fetching={query.isPending}
            aria-label="Machines now"
            records={machines}
            idAccessor={machineKeyOf}
            noRecordsText={NONE_IN[state]}
            columns={[
              { accessor: 'company', title: 'Client', render: (machine) => machine.company ?? machine.clientId },
              { accessor: 'machineName', title: 'Machine' },
              { accessor: 'state', title: 'State', render: (machine) => <StateCell machine={machine} now={now} /> },
              {
                accessor: 'cause',
                title: 'Cause',
                render: (machine) =>
                  machine.state !== 'stopped' ? (
                    ''
                  ) : machine.DowntimeCause ? (
                    machine.DowntimeCause.causeName
                  ) : historyPath ? (
                    <Anchor component={Link} to={historyPath} size="sm">
                      No cause yet: set it in the history
                    </Anchor>
                  ) : (
                    'No cause yet'
                  ),
              },
            ]}
          />
        </Box>
      )}
      {machineCount > 0 && <MachinePager value={machinePage} count={machineCount} sizes={ROWS_PER_PAGE} onChange={setMachinePage} />}
    </Stack>
  );
}
