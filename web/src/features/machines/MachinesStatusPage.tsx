import { Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link } from '@tanstack/react-router';
import { useAppContext } from '../../app/context';
import { QueryError } from '../../components/QueryError';
import { useNow } from '../../components/useNow';
import { formatDateTime } from '../../components/format';
import { LIVE_STATUS_REFRESH_MS, machineKeyOf, useLiveStatus, type LiveMachineStatus as LiveMachine } from './liveStatus';
import { formatElapsed } from './machineFormat';

const STATE_BADGE: Record<LiveMachine['state'], { label: string; color: string }> = {
  running: { label: 'Running', color: 'green' },
  stopped: { label: 'Stopped', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
};

/** '3 running · 1 stopped · 1 unknown' */
function summaryOf(machines: LiveMachine[]): string {
  const count = (state: LiveMachine['state']) => machines.filter((machine) => machine.state === state).length;
  return `${count('running')} running · ${count('stopped')} stopped · ${count('unknown')} unknown`;
}

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
 * Machines, live (issue 15, item 2): every client machine's state now — running, stopped since when and why, or
 * unknown (no event yet, or its collector is dead) — refreshed by itself, with the way to the day chart.
 */
export default function MachinesStatusPage() {
  const { face } = useAppContext();
  const query = useLiveStatus();
  const now = useNow();
  const ganttRoute = face.routes.some((route) => route.path === '/downtimes/gantt');
  // Where this face sets a stop's cause (the admin's and the operator's history): a stop without one links there.
  const historyPath = ['/downtimes/history', '/downtime/history'].find((path) => face.routes.some((route) => route.path === path));
  const machines = query.data ?? [];

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
        {query.data
          ? `${summaryOf(machines)}. Refreshed every ${LIVE_STATUS_REFRESH_MS / 1000} s; last at ${formatDateTime(new Date(query.dataUpdatedAt).toISOString())}.`
          : 'The state of every machine now, from its events.'}
      </Text>
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {(query.data || !query.isError) && (
        <DataTable<LiveMachine>
          withTableBorder
          striped
          minHeight={180}
          fetching={query.isPending}
          aria-label="Machines now"
          records={machines}
          idAccessor={machineKeyOf}
          noRecordsText="No machines yet: a machine appears here once a client has it or it reports an event."
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
      )}
    </Stack>
  );
}
