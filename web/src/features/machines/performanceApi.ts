import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  getAdminMachinesGetDowntimeAnalyticsQueryKey,
  getAdminMachinesGetDowntimeAnalyticsQueryOptions,
  getAdminMachinesGetOeeQueryKey,
  getAdminMachinesGetOeeQueryOptions,
  getOperatorMachinesGetDowntimeAnalyticsQueryKey,
  getOperatorMachinesGetDowntimeAnalyticsQueryOptions,
  getOperatorMachinesGetOeeQueryKey,
  getOperatorMachinesGetOeeQueryOptions,
} from '@generated/endpoints/machines/machines';
import type { DowntimeAnalytics, MachineOee, MachineRef, OeeBucket, OeeFigure, OeeGrain, MachinePage, ParetoCause } from '@generated/model';
import type { Period } from '../../components/PeriodPicker';
import { formatListDate } from '../../components/format';
import { formatUtcTime } from '../downtime/downtimeFormat';
import { machineLabelOf, useStaffFace } from './liveStatus';
import './catalogue';

export type Grain = OeeGrain;
export const GRAINS: { value: Grain; label: MessageDescriptor }[] = [
  { value: 'day', label: msg`Day` },
  { value: 'shift', label: msg`Shift` },
  { value: 'week', label: msg`Week` },
];

/** One row of the OEE table: a machine's bucket (day, shift or week), labelled for people. */
export interface OeeRow extends OeeBucket {
  machineLabel: string;
  periodLabel: string;
}

/** A bucket as people name it: its day (DD.MM.YYYY), its shift (the day and its UTC hours) or its week's Monday. */
export function bucketLabel(bucket: { from: string; to: string }, grain: Grain): string {
  const day = formatListDate(bucket.from.slice(0, 10));
  if (grain === 'week') return t`Week of ${day}`;
  if (grain === 'shift') return `${day} ${formatUtcTime(bucket.from)}–${formatUtcTime(bucket.to)}`;
  return day;
}

/** A machine's figures over the whole period, labelled. */
export interface OeeTotal extends OeeFigure {
  machineLabel: string;
}

/** What the OEE tab shows: each machine's total over the period, and its buckets; how many machines in all (every page). */
export interface OeeView {
  totals: OeeTotal[];
  rows: OeeRow[];
  machineCount: number;
}

export const oeeViewOf = ({ machines, machineCount }: { machines: MachineOee[]; machineCount: number }, grain: Grain): OeeView => ({
  totals: machines.map((machine) => ({ ...machine.total, machineLabel: machineLabelOf(machine) })),
  rows: oeeRowsOf(machines, grain),
  machineCount,
});

/** The table's rows: every machine's buckets, machine by machine, in time order. */
export function oeeRowsOf(machines: MachineOee[], grain: Grain): OeeRow[] {
  return machines.flatMap((machine) =>
    [...machine.buckets]
      .sort((a, b) => a.from.localeCompare(b.from))
      .map((bucket) => ({ ...bucket, machineLabel: machineLabelOf(machine), periodLabel: bucketLabel(bucket, grain) })),
  );
}

/** The question both staff faces ask: the period, and the machines when some are chosen (none: every machine). */
const questionOf = (period: Period, machines: MachineRef[]) => ({ period, ...(machines.length > 0 ? { machines } : {}) });

/**
 * OEE per machine and bucket, from the admin's or the operator's operation; with `machinePage` one page of
 * the machines, the previous page shown while the next loads.
 */
export function useOee({
  period,
  grain,
  machines,
  withBuckets = true,
  machinePage,
  enabled = true,
}: {
  period: Period;
  grain: Grain;
  machines: MachineRef[];
  withBuckets?: boolean;
  machinePage?: MachinePage;
  enabled?: boolean;
}) {
  const face = useStaffFace();
  const body = { ...questionOf(period, machines), grain, ...(withBuckets ? {} : { withBuckets: false }), ...(machinePage ? { machinePage } : {}) };
  const query = { enabled, placeholderData: keepPreviousData, select: (data: { machines: MachineOee[]; machineCount: number }) => oeeViewOf(data, grain) };
  return useQuery(
    face === 'operator'
      ? getOperatorMachinesGetOeeQueryOptions(body, { query: { ...query, queryKey: getOperatorMachinesGetOeeQueryKey(body) } })
      : getAdminMachinesGetOeeQueryOptions(body, { query: { ...query, queryKey: getAdminMachinesGetOeeQueryKey(body) } }),
  );
}

/** A Pareto cause as the chart names it: stops without a cause yet are 'No cause yet'. */
export type CauseLoss = ParetoCause & { causeLabel: string };

export interface AnalyticsView extends Omit<DowntimeAnalytics, 'pareto' | 'machines'> {
  causes: CauseLoss[];
  machines: (DowntimeAnalytics['machines'][number] & { machineLabel: string })[];
}

export function analyticsViewOf(data: DowntimeAnalytics): AnalyticsView {
  return {
    weekly: data.weekly,
    causes: data.pareto.map((cause) => ({ ...cause, causeLabel: cause.causeName ?? t`No cause yet` })),
    machines: data.machines.map((machine) => ({ ...machine, machineLabel: machineLabelOf(machine) })),
  };
}

/** Downtime analytics of the period and machines, from the admin's or the operator's operation. */
export function useDowntimeAnalytics({ period, machines }: { period: Period; machines: MachineRef[] }) {
  const face = useStaffFace();
  const body = questionOf(period, machines);
  const query = { placeholderData: keepPreviousData, select: analyticsViewOf };
  return useQuery(
    face === 'operator'
      ? getOperatorMachinesGetDowntimeAnalyticsQueryOptions(body, { query: { ...query, queryKey: getOperatorMachinesGetDowntimeAnalyticsQueryKey(body) } })
      : getAdminMachinesGetDowntimeAnalyticsQueryOptions(body, { query: { ...query, queryKey: getAdminMachinesGetDowntimeAnalyticsQueryKey(body) } }),
  );
}
