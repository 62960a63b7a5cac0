import '@mantine/schedule/styles.css';
import { useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ResourcesDayView, type ScheduleEventData, type ScheduleResourceGroup, type ScheduleResourceData } from '@mantine/schedule';
import { keepPreviousData } from '@tanstack/react-query';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { getAdminDowntimeGetDowntimeQueryKey, useAdminDowntimeGetDowntime } from '@generated/endpoints/downtime/downtime';
import type { AdminDowntimeGetDowntime200, GanttMachinePage } from '@generated/model';
import { adminDowntimeGetDowntimeBody } from '@generated/zod/downtime/downtime.zod';
import { getAdminMachinesGetLiveStatusQueryKey, useAdminMachinesGetLiveStatus } from '@generated/endpoints/machines/machines';
import { MachinePager, useLastMachinePage } from '../../components/MachinePager';
import { QueryError } from '../../components/QueryError';
import * as clock from '../../components/clock';
import { useNow } from '../../components/useNow';
import { addDays, utcDayOf } from '../../components/dates';
import { formatDuration, formatHistoryDate, formatHistoryDateTime, formatUtcTime, utcWallClock } from './downtimeFormat';
import { currentLocale } from '../../i18n/locales';
import { pickerLocaleOf } from '../../i18n/i18n';
import './catalogue';

/** The page sizes the contract offers for the gantt's machines (its `machines.rowsPerPage`). */
const ROWS_PER_PAGE = adminDowntimeGetDowntimeBody.shape.machines.unwrap().shape.rowsPerPage.options.map((option) => option.value);
/** The gantt's first page of machines: 20 rows, about a screen's height of the chart. */
const FIRST_PAGE: GanttMachinePage = { page: 1, rowsPerPage: 20 };

const machineKey = (machine: { clientId: string; machineName: string }) => `${machine.clientId}/${machine.machineName}`;

/**
 * The day's machines as rows (grouped by client) and its stops as events, clipped to the day, in UTC. A stop still
 * open (its id among `open`, the machines' live state) ends at `now`, so it grows while the chart is shown.
 */
export function ganttOf(data: Pick<AdminDowntimeGetDowntime200, 'machines' | 'events'> | undefined, day: string, open: ReadonlySet<number> = new Set(), now = clock.now()) {
  const resources: ScheduleResourceData[] = [];
  const groups = new Map<string, ScheduleResourceGroup>();
  for (const machine of data?.machines ?? []) {
    const id = machineKey(machine);
    resources.push({ id, label: machine.machineName });
    const company = machine.company ?? machine.clientId;
    const group = groups.get(company) ?? { label: company, resourceIds: [] };
    group.resourceIds.push(id);
    groups.set(company, group);
  }
  const dayStart = `${day} 00:00:00`;
  const dayEnd = `${day} 23:59:59`;
  const events: ScheduleEventData[] = (data?.events ?? []).map((stop) => {
    const ongoing = open.has(stop.id);
    const start = utcWallClock(stop.targetStart);
    const end = utcWallClock(ongoing ? now.toISOString() : stop.targetEnd);
    const cause = stop.DowntimeCause?.causeName ?? t`No cause yet`;
    const minutes = ongoing ? Math.max(stop.duration, Math.floor((now.getTime() - Date.parse(stop.targetStart)) / 60_000)) : stop.duration;
    const duration = formatDuration(minutes);
    const lasting = ongoing ? t`${duration}, ongoing` : duration;
    return {
      id: stop.id,
      title: `${cause} · ${lasting}`,
      start: start < dayStart ? dayStart : start,
      end: end > dayEnd ? dayEnd : end,
      color: stop.DowntimeCause ? 'red' : 'orange',
      resourceId: machineKey(stop),
      payload: { stop, ongoing, lasting },
    };
  });
  return { resources, groups: [...groups.values()], events };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Where the day chart opens (its time axis scrolled to): on today an hour before now, so the current stop and the
 * present are in view; on another day an hour before its first stop; 06:00 on a day without stops. UTC, whole hours.
 */
export function ganttScrollTime(day: string, events: { start: string | Date }[], now = clock.now()): string {
  const hourBefore = (hour: number) => `${pad(Math.max(0, hour - 1))}:00:00`;
  if (day === now.toISOString().slice(0, 10)) return hourBefore(now.getUTCHours());
  const first = events.map((event) => (typeof event.start === 'string' ? event.start : utcWallClock(event.start.toISOString()))).sort()[0];
  return first ? hourBefore(Number(first.slice(11, 13))) : '06:00:00';
}

/**
 * Admin /downtimes/gantt: one day of machine stops, a row per client machine (grouped by client), from the
 * contract's downtime/get, with Today / Prev / Next. Part 2.1 describes sample events only; this shows the real
 * stops (shared decisions). Days and times are UTC, as on the history screens. The machines come a page at a time
 * (a plant has hundreds), with a pager and the rows-per-page choice under the chart; while the next page
 * loads, the previous one stays drawn.
 */
const STOPPED = { state: 'stopped' } as const;

export default function DowntimeGanttPage() {
  const { t } = useLingui();
  const [day, setDay] = useState(utcDayOf);
  const [machines, setMachines] = useState<GanttMachinePage>(FIRST_PAGE);
  const body = { period: { from: day, to: day }, machines };
  const today = day === utcDayOf();
  // Today's chart follows the plant: its stops are asked again every minute, and an open stop ends at now.
  const query = useAdminDowntimeGetDowntime(body, {
    query: { queryKey: getAdminDowntimeGetDowntimeQueryKey(body), placeholderData: keepPreviousData, refetchInterval: today ? 60_000 : false },
  });
  // The open stops: those of the stopped machines (asked for alone, not every machine of the plant).
  const live = useAdminMachinesGetLiveStatus(STOPPED, { query: { queryKey: getAdminMachinesGetLiveStatusQueryKey(STOPPED), enabled: today, refetchInterval: today ? 60_000 : false } });
  const open = new Set((today ? (live.data?.rows ?? []) : []).flatMap((machine) => (machine.state === 'stopped' && machine.downtimeId !== null ? [machine.downtimeId] : [])));
  const now = useNow(30_000);
  const gantt = ganttOf(query.data, day, open, now);
  // The chart scrolls to its start time when it is first drawn: drawn again for each day once its stops are known.
  const loaded = query.data !== undefined && !query.isPlaceholderData;
  const machineCount = query.data?.machineCount ?? 0;
  useLastMachinePage(machines, machineCount, loaded, setMachines);

  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Title order={2}>
          <Trans>Downtimes</Trans>
        </Title>
        <Group gap="xs">
          <ActionIcon variant="default" size="lg" aria-label={t`Previous day`} onClick={() => setDay((current) => addDays(current, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Text fw={600} miw={110} ta="center" aria-live="polite">
            {formatHistoryDate(day)}
          </Text>
          <ActionIcon variant="default" size="lg" aria-label={t`Next day`} onClick={() => setDay((current) => addDays(current, 1))}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => setDay(utcDayOf())} disabled={day === utcDayOf()}>
            <Trans>Today</Trans>
          </Button>
          {query.isFetching && <Loader size="xs" role="status" aria-label={t`Loading`} />}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {query.data ? stopsLine(query.data.events.length, day, open.size > 0) : t`Times are UTC.`}
      </Text>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data && machineCount === 0 ? (
        <Text c="dimmed">
          <Trans>No client machines yet: machines appear here once a client has them.</Trans>
        </Text>
      ) : (
        <Box aria-busy={query.isFetching}>
          <ResourcesDayView
            key={`${day}/${loaded ? 'loaded' : 'loading'}`}
            date={day}
            withHeader={false}
            mode="static"
            resources={gantt.resources}
            groups={gantt.groups}
            groupLabelWidth={140}
            events={gantt.events}
            slotWidth={72}
            labels={{ resources: t`Machines`, resourceSlot: t`Machine's time slot` }}
            locale={pickerLocaleOf(currentLocale())}
            slotLabelFormat={(slot) => formatUtcTime(`${slot.replace(' ', 'T')}Z`)}
            rowHeight={48}
            startScrollTime={ganttScrollTime(day, gantt.events, now)}
            // The chart scrolls both ways: keyboard users reach it with Tab and scroll it with the arrows (WCAG 2.1.1).
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': stopsOnLabel(day) } }}
            getCurrentTime={() => utcWallClock(clock.now().toISOString())}
            renderEventBody={(event) => (
              <Text size="xs" truncate title={eventTooltip(event)}>
                {event.title}
              </Text>
            )}
          />
        </Box>
      )}
      {!query.isError && machineCount > 0 && <MachinePager value={machines} count={machineCount} sizes={ROWS_PER_PAGE} onChange={setMachines} />}
    </Stack>
  );
}

/** '2 stops on 24.11.2026 (UTC). Red: cause set; orange: no cause yet.' */
function stopsLine(count: number, day: string, withOngoing: boolean) {
  const date = formatHistoryDate(day);
  const stops = plural(count, { one: '# stop', other: '# stops' });
  return withOngoing
    ? t`${stops} on ${date} (UTC). Red: cause set; orange: no cause yet; an ongoing stop ends at now.`
    : t`${stops} on ${date} (UTC). Red: cause set; orange: no cause yet.`;
}

/** The chart's name for screen readers: 'Stops on 24.11.2026, by machine'. */
function stopsOnLabel(day: string) {
  const date = formatHistoryDate(day);
  return t`Stops on ${date}, by machine`;
}

function eventTooltip(event: ScheduleEventData): string {
  const { stop, ongoing, lasting } = event.payload as { stop: AdminDowntimeGetDowntime200['events'][number]; ongoing: boolean; lasting: string };
  const [machine, cause, start] = [stop.machineName, stop.DowntimeCause?.causeName ?? t`No cause yet`, formatHistoryDateTime(stop.targetStart)];
  const end = ongoing ? t`now (ongoing)` : formatHistoryDateTime(stop.targetEnd);
  return t`${machine}: ${cause}, ${start} – ${end} (${lasting})`;
}
