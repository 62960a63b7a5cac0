import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientMachinePerformance } from '@generated/model';
import PerformancePage from '../stats/PerformancePage';
import { FIGURE, renderAs, serveMachines } from './machines.test-utils';

const MACHINES: ClientMachinePerformance[] = [
  {
    machineName: 'FB-101',
    total: FIGURE,
    topCauses: [
      { causeName: 'Mould change', hours: 12.5, count: 8 },
      { causeName: null, hours: 1.5, count: 2 },
    ],
  },
  { machineName: 'FB-102', total: { ...FIGURE, availability: null, oee: null, band: 'none', coverage: 0 }, topCauses: [] },
];

describe("the client's 'Machines' tab under Statistics", { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('shows the OEE and availability of each own machine with its top stop causes, for the current month, then 6M', async () => {
    const bodies = serveMachines<{ period: { from: string; to: string } }>('client', 'performance/get', () => ({ machines: MACHINES }));
    const user = userEvent.setup();
    renderAs('client', <PerformancePage />);
    await user.click(screen.getByRole('tab', { name: 'Machines' }));

    const fb101 = within(await screen.findByRole('article', { name: 'Machine FB-101' }));
    expect(bodies[0]).toEqual({ period: { from: '2026-11-01', to: '2026-11-30' } });
    expect(fb101.getByText('84%')).toHaveAttribute('title', '90% × 95% × 98%');
    expect(fb101.getByText('90%')).toHaveAttribute('title', '7 h 12 min producing ÷ 8 h planned busy time');
    expect(fb101.getByText('Medium')).toBeInTheDocument();
    expect(fb101.getByText('Data covers 83% of the period.')).toBeInTheDocument();
    const causes = within(fb101.getByRole('table', { name: 'Top stop causes of FB-101' })).getAllByRole('row');
    expect(causes.slice(1).map((row) => row.textContent)).toEqual(['Mould change12.5 h8', 'No cause yet1.5 h2']);

    // A machine without enough data reads '–' and says so, never 0 %.
    const fb102 = within(screen.getByRole('article', { name: 'Machine FB-102' }));
    expect(fb102.getAllByText('–')).toHaveLength(2);
    expect(fb102.getByText('Not enough data')).toBeInTheDocument();
    expect(fb102.getByText('No stops in this period.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '6M' }));
    await vi.waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: '2026-05-01', to: '2026-11-30' } }));
  });

  it('says when the company has no machines to show', async () => {
    serveMachines('client', 'performance/get', () => ({ machines: [] }));
    renderAs('client', <PerformancePage />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Machines' }));
    expect(await screen.findByText('No machines to show')).toBeInTheDocument();
  });
});
