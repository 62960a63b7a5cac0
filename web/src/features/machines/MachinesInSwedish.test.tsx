import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import MachinesStatusPage from './MachinesStatusPage';
import PerformancePage from '../stats/PerformancePage';
import { FIGURE, LIVE, liveStatusOf, renderAs, serveMachines } from './machines.test-utils';
import { speaking } from '../../test/locale.test-utils';

/** The page inside a router (its links are router links). */
function withRouter() {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/machines/live', component: MachinesStatusPage });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/machines/live'] }) });
  return <RouterProvider router={router} />;
}

// Intl separates thousands with a no-break space in Swedish; compared as a plain space.
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('the machine screens in Swedish', { timeout: 30_000 }, () => {
  speaking('sv');
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it("the live status names the states and counts in Swedish, with Swedish durations", async () => {
    serveMachines('admin', 'status/get', (body) => liveStatusOf(LIVE, body as object));
    renderAs('admin', withRouter());
    expect(await screen.findByRole('heading', { name: 'Maskiner' })).toBeInTheDocument();
    expect(await screen.findByText(/^1 i drift · 2 stoppade · 1 okända\. Uppdateras var 15:e sekund; senast/)).toBeInTheDocument();
    const stopped = within(screen.getByRole('row', { name: /FB-102/ }));
    expect(stopped.getByText('Stoppad')).toBeInTheDocument();
    // Stopped at 06:20 UTC, now 08:00: 1 h 40 min, as Swedish abbreviates hours.
    expect(plain(stopped.getByText(/^sedan /).textContent)).toMatch(/\(1 tim 40 min\)$/);
    expect(within(screen.getByRole('row', { name: /FB-301/ })).getByRole('link', { name: 'Ingen orsak än: ange den i historiken' })).toBeInTheDocument();
  });

  it("the client's OEE panel speaks Swedish, with Swedish percentages and hours", async () => {
    serveMachines('client', 'performance/get', () => ({
      machines: [{ machineName: 'FB-101', total: FIGURE, topCauses: [{ causeName: 'Mould change', hours: 1234.5, count: 8 }] }],
    }));
    const user = userEvent.setup();
    renderAs('client', <PerformancePage />);
    await user.click(screen.getByRole('tab', { name: 'Maskiner' }));
    const card = within(await screen.findByRole('article', { name: 'Maskin FB-101' }));
    expect(card.getByText('Tillgänglighet', { exact: true })).toBeInTheDocument();
    expect(card.getByText('Medel')).toBeInTheDocument();
    expect(plain(card.getByText(/^Data täcker/).textContent)).toBe('Data täcker 83 % av perioden.');
    const cause = within(card.getByRole('table', { name: 'Vanligaste stopporsaker för FB-101' })).getAllByRole('row')[1]!;
    expect(plain(cause.textContent)).toBe('Mould change1 234,5 tim8');
    expect(screen.getByRole('radio', { name: 'Hittills i år' })).toBeInTheDocument();
  });
});
