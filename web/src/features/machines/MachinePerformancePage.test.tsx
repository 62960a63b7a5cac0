import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MachinePerformancePage from './MachinePerformancePage';
import { ANALYTICS, LIVE, NORDIC, OEE, renderAs, serveMachines } from './machinesTestData';

type Question = { period: { from: string; to: string }; grain?: string; machines?: { clientId: string; machineName: string }[] };

const rowOf = (table: string, text: RegExp) => within(screen.getByRole('table', { name: table })).getByRole('row', { name: text });

describe("staff 'Machine performance': OEE and downtime analytics (issue 15, items 3 and 4)", { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('shows per machine and day availability, performance, quality with the rejected quantity beside it, OEE and coverage', async () => {
    serveMachines('admin', 'status/get', () => ({ rows: LIVE }));
    const bodies = serveMachines<Question>('admin', 'oee/get', () => ({ machines: OEE }));
    renderAs('admin', <MachinePerformancePage />);
    // the current month, by day, every machine
    await waitFor(() => expect(bodies[0]).toEqual({ period: { from: '2026-11-01', to: '2026-11-30' }, grain: 'day' }));

    // buckets in time order: the 9th before the 10th
    const rows = within(await screen.findByRole('table', { name: 'OEE per machine and period' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('09.11.2026');
    expect(rows[2]).toHaveTextContent('10.11.2026');
    const day = within(rowOf('OEE per machine and period', /09\.11\.2026/));
    expect(day.getByText('Nordic Springs AB · FB-101')).toBeInTheDocument();
    for (const figure of ['90%', '95%', '98%', '84%', '83%', '1,200']) expect(day.getByText(figure)).toBeInTheDocument();
    // each figure says what it is made of
    expect(day.getByText('90%')).toHaveAttribute('title', '7 h 12 min producing ÷ 8 h planned busy time');
    expect(day.getByText('98%')).toHaveAttribute('title', '24,132 good ÷ 24,624 produced (492 scrap)');
    expect(day.getByText('84%')).toHaveAttribute('title', '90% × 95% × 98%');
    expect(day.getByText('83%')).toHaveAttribute('title', 'Data covers 83% of the period');
    expect(screen.getAllByRole('button', { name: /^What Availability is made of: Availability = actual production time ÷ planned busy time/ })).toHaveLength(2);
    // the whole period per machine, with its band
    const total = within(rowOf('OEE per machine over the period', /FB-101/));
    expect(total.getByText('84%')).toHaveAttribute('title', '90% × 95% × 98%');
    expect(total.getByText('Medium')).toBeInTheDocument();
    expect(within(rowOf('OEE per machine and period', /10\.11\.2026/)).getByText('50%')).toBeInTheDocument();
  });

  it('asks for the chosen grain and machines', async () => {
    serveMachines('admin', 'status/get', () => ({ rows: LIVE }));
    const bodies = serveMachines<Question>('admin', 'oee/get', () => ({ machines: OEE }));
    const user = userEvent.setup();
    renderAs('admin', <MachinePerformancePage />);
    await screen.findByRole('table', { name: 'OEE per machine and period' });
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ grain: 'week' }));
    expect(await screen.findByText('Week of 09.11.2026')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Machines', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Nordic Springs AB · FB-102' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: '2026-11-01', to: '2026-11-30' }, grain: 'week', machines: [{ clientId: NORDIC, machineName: 'FB-102' }] }));
  });

  it('a plant of many machines: every machine over the period without its days, and the days of the machines one chooses', async () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ ...LIVE[0]!, machineName: `FB-${200 + index}` }));
    serveMachines('admin', 'status/get', () => ({ rows: [...LIVE, ...many] }));
    const bodies = serveMachines<Question & { withBuckets?: boolean }>('admin', 'oee/get', (body) => ({
      machines: body.withBuckets === false ? OEE.map((machine) => ({ ...machine, buckets: [] })) : OEE,
    }));
    const user = userEvent.setup();
    renderAs('admin', <MachinePerformancePage />);
    await screen.findByRole('table', { name: 'OEE per machine over the period' });
    // asked once, once the plant's machines are known: totals only
    expect(bodies).toEqual([{ period: { from: '2026-11-01', to: '2026-11-30' }, grain: 'day', withBuckets: false }]);
    expect(screen.queryByRole('table', { name: 'OEE per machine and period' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Week' })).not.toBeInTheDocument();
    expect(screen.getByText('Choose machines above to see them by day, shift or week.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Machines', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Nordic Springs AB · FB-101' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: '2026-11-01', to: '2026-11-30' }, grain: 'day', machines: [{ clientId: NORDIC, machineName: 'FB-101' }] }));
    expect(await screen.findByRole('table', { name: 'OEE per machine and period' })).toBeInTheDocument();
  });

  it('downtime analytics: the Pareto of causes largest first with hours, stops and running share; MTBF and MTTR per machine', async () => {
    serveMachines('admin', 'status/get', () => ({ rows: LIVE }));
    serveMachines('admin', 'oee/get', () => ({ machines: OEE }));
    const bodies = serveMachines<Question>('admin', 'analytics/get', () => ANALYTICS);
    renderAs('admin', <MachinePerformancePage />);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Downtime analytics' }));
    const causes = within(await screen.findByRole('table', { name: 'Stop causes' })).getAllByRole('row');
    expect(bodies[0]).toEqual({ period: { from: '2026-11-01', to: '2026-11-30' } });
    // 20 h lost in all: 12.5 (63 %), then 6 (93 %), then 1.5 without a cause (100 %)
    expect(causes.slice(1).map((row) => row.textContent)).toEqual(['Mould change (planned)12.5 h863%', 'Power outage6 h193%', 'No cause yet1.5 h2100%']);
    const reliability = within(rowOf('MTBF and MTTR per machine', /FB-101/));
    for (const text of ['10', '70.4 h', '1.4 h']) expect(reliability.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Weekly trend/ })).toBeInTheDocument();
  });

  it('the operator asks its own operations; an empty period says so', async () => {
    serveMachines('operator', 'status/get', () => ({ rows: LIVE }));
    const oee = serveMachines<Question>('operator', 'oee/get', () => ({ machines: [] }));
    const analytics = serveMachines<Question>('operator', 'analytics/get', () => ({ pareto: [], machines: [], weekly: [] }));
    renderAs('operator', <MachinePerformancePage />);
    expect(await screen.findByText('No OEE for this period')).toBeInTheDocument();
    expect(oee).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Downtime analytics' }));
    expect(await screen.findByText('No stops in this period')).toBeInTheDocument();
    expect(analytics).toHaveLength(1);
  });

  it('says why a load failed, with Retry', async () => {
    let failures = 1;
    serveMachines('admin', 'status/get', () => ({ rows: LIVE }));
    serveMachines('admin', 'oee/get', () => (failures-- > 0 ? 503 : { machines: OEE }));
    renderAs('admin', <MachinePerformancePage />);
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'OEE per machine and period' })).toBeInTheDocument();
  });
});
