import { useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
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
import './catalogue';

/** The page sizes the contract offers for the live status's machines (its `machinePage.rowsPerPage`). */
const ROWS_PER_PAGE = adminMachinesGetLiveStatusBody.shape.machinePage.unwrap().shape.rowsPerPage.options.map((option) => option.value);
const FIRST_PAGE: MachinePageValue = { page: 1, rowsPerPage: 20 };

const STATE_BADGE: Record<LiveMachine['state'], { label: MessageDescriptor; color: string }> = {
  running: { label: msg`Running`, color: 'green' },
  stopped: { label: msg`Stopped`, color: 'red' },
  unknown: { label: msg`Unknown`, color: 'gray' },
};

/** '3 running · 1 stopped · 1 unknown' */
function summaryOf(counts: LiveStateCounts) {
  const [running, stopped, unknown] = [formatNumber(counts.running), formatNumber(counts.stopped), formatNumber(counts.unknown)];
  return t`${running} running · ${stopped} stopped · ${unknown} unknown`;
}

type StateChoice = LiveState | 'all';

/** '3 running · 1 stopped · 1 unknown. Refreshed every 15 s; last at 24.11.2026 07:05.' */
function refreshedLine(summary: string, updatedAt: number) {
  const [seconds, last] = [formatNumber(LIVE_STATUS_REFRESH_MS / 1000), formatDateTime(new Date(updatedAt).toISOString())];
  return t`${summary}. Refreshed every ${seconds} s; last at ${last}.`;
}

/** What the table says when no machine is in the state chosen. */
const NONE_IN: Record<StateChoice, MessageDescriptor> = {
  all: msg`No machines yet: a machine appears here once a client has it or it reports an event.`,
  stopped: msg`No machine is stopped now.`,
  running: msg`No machine is running now.`,
  unknown: msg`Every machine has reported its state.`,
};

function StateCell({ machine, now }: { machine: LiveMachine; now: Date }) {
  const { i18n } = useLingui();
  const badge = STATE_BADGE[machine.state];
  const [since, elapsed] = machine.since ? [formatDateTime(machine.since), formatElapsed(machine.since, now)] : ['', ''];
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={badge.color} variant="light" miw="max-content">
        {i18n._(badge.label)}
      </Badge>
      {machine.since && (
        <Text size="sm" title={since}>
          <Trans>
            since {since} ({elapsed})
          </Trans>
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
  const { t, i18n } = useLingui();
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
        <Title order={2}>
          <Trans>Machines</Trans>
        </Title>
        <Group gap="md">
          {query.isFetching && <Loader size="xs" role="status" aria-label={t`Refreshing`} />}
          {ganttRoute && (
            <Anchor component={Link} to="/downtimes/gantt">
              <Trans>Today&apos;s stops on the day chart</Trans>
            </Anchor>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {counts ? refreshedLine(summaryOf(counts), query.dataUpdatedAt) : t`The state of every machine now, from its events.`}
      </Text>
      <SegmentedControl
        aria-label={t`Show the machines`}
        w="fit-content"
        value={state}
        onChange={choose}
        data={[
          { value: 'all', label: label(t`All`, counts && counts.running + counts.stopped + counts.unknown) },
          { value: 'stopped', label: label(i18n._(STATE_BADGE.stopped.label), counts?.stopped) },
          { value: 'running', label: label(i18n._(STATE_BADGE.running.label), counts?.running) },
          { value: 'unknown', label: label(i18n._(STATE_BADGE.unknown.label), counts?.unknown) },
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
            aria-label={t`Machines now`}
            records={machines}
            idAccessor={machineKeyOf}
            noRecordsText={i18n._(NONE_IN[state])}
            columns={[
              { accessor: 'company', title: t`Client`, render: (machine) => machine.company ?? machine.clientId },
              { accessor: 'machineName', title: t`Machine` },
              { accessor: 'state', title: t`State`, render: (machine) => <StateCell machine={machine} now={now} /> },
              {
                accessor: 'cause',
                title: t`Cause`,
                render: (machine) =>
                  machine.state !== 'stopped' ? (
                    ''
                  ) : machine.DowntimeCause ? (
                    machine.DowntimeCause.causeName
                  ) : historyPath ? (
                    <Anchor component={Link} to={historyPath} size="sm">
                      <Trans>No cause yet: set it in the history</Trans>
                    </Anchor>
                  ) : (
                    t`No cause yet`
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
