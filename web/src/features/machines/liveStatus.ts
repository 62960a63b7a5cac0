import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getAdminMachinesGetLiveStatusQueryKey,
  getAdminMachinesGetLiveStatusQueryOptions,
  getOperatorMachinesGetLiveStatusQueryKey,
  getOperatorMachinesGetLiveStatusQueryOptions,
} from '@generated/endpoints/machines/machines';
import type { LiveMachineStatus, LiveState, LiveStatus, MachinePage, MachineRef } from '@generated/model';
import { useAppContext } from '../../app/context';

export type { LiveMachineStatus, LiveState, LiveStatus, MachineRef };

/** How often the live status asks again while its screen is open. */
export const LIVE_STATUS_REFRESH_MS = 15_000;

/** A machine's key in selects and maps: its company and its name (a name is unique within a company only). */
export const machineKeyOf = (machine: MachineRef) => `${machine.clientId}/${machine.machineName}`;

/** The machine a key names (the inverse of machineKeyOf; a company id holds no '/'). */
export function machineOfKey(key: string): MachineRef {
  const slash = key.indexOf('/');
  return { clientId: key.slice(0, slash), machineName: key.slice(slash + 1) };
}

/** 'Nordic Springs AB · FB-101' */
export const machineLabelOf = (machine: { clientId: string; company: string | null; machineName: string }) =>
  `${machine.company ?? machine.clientId} · ${machine.machineName}`;

/** Whether the signed-in staff member reads the plant as the admin or as the operator (each has its own operations). */
export function useStaffFace(): 'admin' | 'operator' {
  return useAppContext().face.name === 'operator' ? 'operator' : 'admin';
}

/**
 * Every client machine's state now, from the admin's or the operator's operation, asked again every
 * LIVE_STATUS_REFRESH_MS while the screen is open (`refetchInterval: false` for a screen that only lists machines).
 */
export function useLiveStatus({ refetchInterval = LIVE_STATUS_REFRESH_MS }: { refetchInterval?: number | false } = {}) {
  const face = useStaffFace();
  const body = {};
  const query = { refetchInterval, select: (data: { rows: LiveMachineStatus[] }) => data.rows };
  return useQuery(
    face === 'operator'
      ? getOperatorMachinesGetLiveStatusQueryOptions(body, { query: { ...query, queryKey: getOperatorMachinesGetLiveStatusQueryKey(body) } })
      : getAdminMachinesGetLiveStatusQueryOptions(body, { query: { ...query, queryKey: getAdminMachinesGetLiveStatusQueryKey(body) } }),
  );
}

/**
 * The live status screen's question: the machines in `state` (every state when absent), one page of them,
 * with the count of each state; asked again every LIVE_STATUS_REFRESH_MS, the previous page shown while another loads.
 */
export function useLiveStatusPage({ state, machinePage }: { state?: LiveState; machinePage: MachinePage }) {
  const face = useStaffFace();
  const body = { ...(state ? { state } : {}), machinePage };
  const query = { refetchInterval: LIVE_STATUS_REFRESH_MS, placeholderData: keepPreviousData };
  return useQuery<LiveStatus>(
    face === 'operator'
      ? getOperatorMachinesGetLiveStatusQueryOptions(body, { query: { ...query, queryKey: getOperatorMachinesGetLiveStatusQueryKey(body) } })
      : getAdminMachinesGetLiveStatusQueryOptions(body, { query: { ...query, queryKey: getAdminMachinesGetLiveStatusQueryKey(body) } }),
  );
}
