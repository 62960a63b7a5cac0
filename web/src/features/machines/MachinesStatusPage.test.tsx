import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import MachinesStatusPage from './MachinesStatusPage';
import { LIVE_STATUS_REFRESH_MS } from './liveStatus';
import type { LiveMachineStatus, LiveStatusQuery } from '@generated/model';
import { LIVE, liveStatusOf, NORDIC, renderAs, serveMachines } from './machines.test-utils';

/** The page inside a router (its link to the day chart is a router link). */
function withRouter() {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/machines/live', component: MachinesStatusPage });
  const gantt = createRoute({ getParentRoute: () => root, path: '/downtimes/gantt', component: () => <h2>Day chart</h2> });
  const history = createRoute({ getParentRoute: () => root, path: '/downtimes/history', component: () => <h2>History</h2> });
  const operatorHistory = createRoute({ getParentRoute: () => root, path: '/downtime/history', component: () => <h2>History</h2> });
  const router = createRouter({ routeTree: root.addChildren([page, gantt, history, operatorHistory]), history: createMemoryHistory({ initialEntries: ['/machines/live'] }) });
  return <RouterProvider router={router} />;
}

const rowOf = (machine: string) => screen.getByRole('row', { name: new RegExp(machine) });

describe("staff 'Machines' live status", { timeout: 30_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('shows every machine: running, stopped since when and why, or unknown; with the way to the day chart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T07:55:00Z'));
    serveMachines<LiveStatusQuery>('admin', 'status/get', (body) => liveStatusOf(LIVE, body));
    renderAs('admin', withRouter());
    expect(await screen.findByText('FB-102')).toBeInTheDocument();
    expect(screen.getByText('1 running · 2 stopped · 1 unknown', { exact: false })).toBeInTheDocument();

    const stopped = within(rowOf('FB-102'));
    expect(stopped.getByText('Stopped')).toBeInTheDocument();
    expect(stopped.getByText('Mould change')).toBeInTheDocument();
    // since 06:20 UTC, 1 h 35 min before "now"
    expect(stopped.getByText(/^since .* \(1 h 35 min\)$/)).toBeInTheDocument();
    expect(within(rowOf('FB-301')).getByRole('link', { name: 'No cause yet: set it in the history' })).toBeInTheDocument();
    expect(within(rowOf('FB-101')).getByText('Running')).toBeInTheDocument();
    expect(within(rowOf('FB-101')).queryByText('Mould change')).not.toBeInTheDocument();
    expect(within(rowOf('FB-302')).getByText('Unknown')).toBeInTheDocument();
    expect(within(rowOf('FB-302')).queryByText(/^since/)).not.toBeInTheDocument();

    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('link', { name: /day chart/ }));
    expect(await screen.findByRole('heading', { name: 'Day chart' })).toBeInTheDocument();
  });

  it('asks again by itself while it is open, and shows the new state', async () => {
    // The same morning as above: the stops' "since" is then minutes ago, whatever day the tests run.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-24T07:55:00Z') });
    let answers = 0;
    const bodies = serveMachines<LiveStatusQuery>('admin', 'status/get', (body) => {
      answers++;
      return liveStatusOf(
        answers === 1 ? LIVE : LIVE.map((machine) => (machine.machineName === 'FB-102' ? { ...machine, state: 'running' as const, DowntimeCause: null, downtimeId: null } : machine)),
        body,
      );
    });
    renderAs('admin', withRouter());
    expect(await within(await screen.findByRole('row', { name: /FB-102/ })).findByText('Stopped')).toBeInTheDocument();
    vi.advanceTimersByTime(LIVE_STATUS_REFRESH_MS + 100);
    await waitFor(() => expect(within(rowOf('FB-102')).getByText('Running')).toBeInTheDocument());
    expect(bodies.length).toBeGreaterThanOrEqual(2);
  });

  it("the operator reads its own operation, and has no day chart (the gantt's call is the admin's)", async () => {
    const bodies = serveMachines<LiveStatusQuery>('operator', 'status/get', (body) => liveStatusOf(LIVE, body));
    renderAs('operator', withRouter());
    expect(await screen.findByText('FB-102')).toBeInTheDocument();
    expect(bodies).toEqual([{ machinePage: { page: 1, rowsPerPage: 20 } }]);
    expect(screen.queryByRole('link', { name: /day chart/ })).not.toBeInTheDocument();
    // a stop without a cause leads to the operator's history, where the cause is set
    await userEvent.setup().click(within(rowOf('FB-301')).getByRole('link', { name: 'No cause yet: set it in the history' }));
    expect(await screen.findByRole('heading', { name: 'History' })).toBeInTheDocument();
  });

  it('says when there are no machines, and why a load failed, with Retry', async () => {
    let failures = 1;
    serveMachines<LiveStatusQuery>('admin', 'status/get', (body) => (failures-- > 0 ? 503 : liveStatusOf([], body)));
    renderAs('admin', withRouter());
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/No machines yet/)).toBeInTheDocument();
  });

  it('shows a plant of hundreds a page at a time, and one state at a time with the count of each', async () => {
    // 45 machines: every third stopped, the rest running.
    const plant: LiveMachineStatus[] = Array.from({ length: 45 }, (_, index) => ({
      clientId: NORDIC,
      company: 'Nordic Springs AB',
      machineName: `FB-${String(index + 1).padStart(3, '0')}`,
      state: index % 3 === 0 ? 'stopped' : 'running',
      since: '2026-11-24T05:00:00Z',
      DowntimeCause: null,
      downtimeId: index % 3 === 0 ? 1000 + index : null,
    }));
    const bodies = serveMachines<LiveStatusQuery>('admin', 'status/get', (body) => liveStatusOf(plant, body));
    const user = userEvent.setup();
    renderAs('admin', withRouter());
    expect(await screen.findByText('FB-001')).toBeInTheDocument();
    expect(screen.getByText('30 running · 15 stopped · 0 unknown', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Machines 1–20 of 45')).toBeInTheDocument();
    expect(screen.queryByText('FB-021')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'next page' }));
    expect(await screen.findByText('FB-021')).toBeInTheDocument();
    expect(screen.getByText('Machines 21–40 of 45')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ machinePage: { page: 2, rowsPerPage: 20 } });

    // Another state starts again at its first page, and only its machines are shown.
    await user.click(screen.getByRole('radio', { name: 'Stopped (15)' }));
    await waitFor(() => expect(screen.getByText('Machines 1–15 of 15')).toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({ state: 'stopped', machinePage: { page: 1, rowsPerPage: 20 } });
    const shown = screen.getAllByRole('row').slice(1);
    expect(shown).toHaveLength(15);
    for (const row of shown) expect(within(row).getByText('Stopped')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Unknown (0)' }));
    expect(await screen.findByText('Every machine has reported its state.')).toBeInTheDocument();
  });
});
