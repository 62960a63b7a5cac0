import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
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
import './catalogue';

const REASONS: Record<UnmatchedReason, MessageDescriptor> = {
  unknownMachine: msg`Unknown machine`,
  outOfScope: msg`Not one of the credential's machines`,
  unknownCause: msg`Unknown cause code (stop applied without a cause)`,
  aheadOfClock: msg`Dated ahead of the portal's clock (not applied)`,
  beforeHorizon: msg`Dated before the horizon: its day is closed (not applied)`,
  overlapsTypedStop: msg`Its stop overlaps a stop typed by hand (not applied, to review)`,
};

/** Why, in words, and the numbers behind it when the API gives them (the bound, the downtime row typed by hand). */
function Why({ event }: { event: UnmatchedEvent }) {
  const { i18n } = useLingui();
  return (
    <>
      <Text size="sm">{i18n._(REASONS[event.reason])}</Text>
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
  const { causeCode } = event;
  if (event.kind === 'stopped') return causeCode === null ? t`stopped` : t`stopped, cause ${causeCode}`;
  if (event.kind === 'counts') {
    const [good, scrap] = [formatNumber(event.good ?? 0), formatNumber(event.scrap ?? 0)];
    return t`counts ${good} good / ${scrap} scrap`;
  }
  return event.kind === 'running' ? t`running` : event.kind;
}

/**
 * Events kept aside: events of an unknown machine or cause, of a machine outside the credential's,
 * dated outside the bounds around the portal's clock, or stopping a machine over a stop typed by hand, are not dropped; the admin sees them here, newest first, to fix a credential's machines or a collector's settings.
 */
export function KeptAsideEvents() {
  const { t } = useLingui();
  const list = useListState<UnmatchedEvent, AdminMachinesGetUnmatchedEventsBodyPaginationSortBy>({ sortBy: 'receivedAt', descending: true, rowsPerPage: 10 });
  const body = { pagination: list.pagination };
  const query = useAdminMachinesGetUnmatchedEvents(body, {
    query: { queryKey: getAdminMachinesGetUnmatchedEventsQueryKey(body), placeholderData: keepPreviousData },
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="kept-aside-title">
      <Title order={3} size="h4" id="kept-aside-title">
        <Trans>Events kept aside</Trans>
      </Title>
      <Text size="sm" c="dimmed">
        <Trans>
          Events the portal could not apply as sent: fix the credential&apos;s machines or the collector&apos;s settings (its clock, its
          backlog), or compare a stop with the one typed by hand. They are kept, never dropped.
        </Trans>
      </Text>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<UnmatchedEvent>
          {...pagedTableProps(query)}
          aria-label={t`Events kept aside`}
          noRecordsText={t`No events kept aside.`}
          {...list.tableProps}
          columns={[
            { accessor: 'receivedAt', title: t`Received`, sortable: true, render: (event) => formatDateTime(event.receivedAt) },
            { accessor: 'source', title: t`From` },
            { accessor: 'machineName', title: t`Machine`, render: (event) => `${event.clientId} · ${event.machineName}` },
            { accessor: 'at', title: t`At the machine`, render: (event) => formatDateTime(event.at) },
            { accessor: 'kind', title: t`Event`, render: whatOf },
            { accessor: 'reason', title: t({ message: 'Why', context: 'why a machine message was kept aside' }), render: (event) => <Why event={event} /> },
          ]}
        />
      )}
    </Stack>
  );
}
