import { Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { keepPreviousData } from '@tanstack/react-query';
import {
  getAdminMachinesGetUnmatchedEventsQueryKey,
  useAdminMachinesGetUnmatchedEvents,
} from '@generated/endpoints/machines/machines';
import type { AdminMachinesGetUnmatchedEventsBodyPaginationSortBy, UnmatchedEvent, UnmatchedReason } from '@generated/model';
import { QueryError } from '../../components/QueryError';
import { formatDateTime, formatNumber } from '../../components/format';
import { pagedTableProps } from '../../components/pagedTable';
import { useListState } from '../../components/useListState';

const REASONS: Record<UnmatchedReason, string> = {
  unknownMachine: 'Unknown machine',
  outOfScope: "Not one of the credential's machines",
  unknownCause: 'Unknown cause code (stop applied without a cause)',
  aheadOfClock: "Dated ahead of the portal's clock (not applied)",
  beforeHorizon: 'Dated before the horizon: its day is closed (not applied)',
  overlapsTypedStop: 'Its stop overlaps a stop typed by hand (not applied, to review)',
};

/** Why, in words, and the numbers behind it when the API gives them (the bound, the downtime row typed by hand). */
function whyOf(event: UnmatchedEvent) {
  return (
    <>
      <Text size="sm">{REASONS[event.reason]}</Text>
      {event.detail && (
        <Text size="xs" c="dimmed">
          {event.detail}
        </Text>
      )}
    </>
  );
}

/** What the event said: 'stopped, cause 7', 'counts 1,200 good / 8 scrap', 'running'. */
function whatOf(event: UnmatchedEvent): string {
  if (event.kind === 'stopped') return event.causeCode === null ? 'stopped' : `stopped, cause ${event.causeCode}`;
  if (event.kind === 'counts') return `counts ${formatNumber(event.good ?? 0)} good / ${formatNumber(event.scrap ?? 0)} scrap`;
  return event.kind;
}

/**
 * Events kept aside: events of an unknown machine or cause, of a machine outside the credential's,
 * dated outside the bounds around the portal's clock, or stopping a machine over a stop typed by hand, are not dropped; the admin sees them here, newest first, to fix a credential's machines or a collector's settings.
 */
export function KeptAsideEvents() {
  const list = useListState<UnmatchedEvent, AdminMachinesGetUnmatchedEventsBodyPaginationSortBy>({ sortBy: 'receivedAt', descending: true, rowsPerPage: 10 });
  const body = { pagination: list.pagination };
  const query = useAdminMachinesGetUnmatchedEvents(body, {
    query: { queryKey: getAdminMachinesGetUnmatchedEventsQueryKey(body), placeholderData: keepPreviousData },
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="kept-aside-title">
      <Title order={3} size="h4" id="kept-aside-title">
        Events kept aside
      </Title>
      <Text size="sm" c="dimmed">
        Events the portal could not apply as sent: fix the credential&apos;s machines or the collector&apos;s settings (its clock, its
        backlog), or compare a stop with the one typed by hand. They are kept, never dropped.
      </Text>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<UnmatchedEvent>
          {...pagedTableProps(query)}
          aria-label="Events kept aside"
          noRecordsText="No events kept aside."
          {...list.tableProps}
          columns={[
            { accessor: 'receivedAt', title: 'Received', sortable: true, render: (event) => formatDateTime(event.receivedAt) },
            { accessor: 'source', title: 'From' },
            { accessor: 'machineName', title: 'Machine', render: (event) => `${event.clientId} · ${event.machineName}` },
            { accessor: 'at', title: 'At the machine', render: (event) => formatDateTime(event.at) },
            { accessor: 'kind', title: 'Event', render: whatOf },
            { accessor: 'reason', title: 'Why', render: whyOf },
          ]}
        />
      )}
    </Stack>
  );
}
