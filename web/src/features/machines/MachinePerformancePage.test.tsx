import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MachinePerformancePage from './MachinePerformancePage';
import { ANALYTICS, LIVE, NORDIC, OEE, renderAs, serveMachines } from './machines.test-utils';

type Question = { period: { from: string; to: string }; grain?: string; machines?: { clientId: string; machineName: string }[] };
type PagedQuestion = Question & { withBuckets?: boolean; machinePage?: { page: number; rowsPerPage: number } };
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

const rowOf = (table: string, text: RegExp) => within(screen.getByRole('table', { name: table })).getByRole('row', { name: text });

describe("staff 'Machine performance': OEE and downtime analytics", { timeout: 30_000 }, () => {
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
    // the picker writes its days as the table below it does: 01.11.2026 is the 1st of November, not 11 January
    expect(screen.getByLabelText('Period')).toHaveTextContent('01.11.2026 – 30.11.2026');
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
    const bodies = serveMachines<PagedQuestion>('admin', 'oee/get', (body) => ({
      machineCount: OEE.length,
      machines: body.withBuckets === false ? OEE.map((machine) => ({ ...machine, buckets: [] })) : OEE,
    }));
    const user = userEvent.setup();
    renderAs('admin', <MachinePerformancePage />);
    await screen.findByRole('table', { name: 'OEE per machine over the period' });
    // asked once, once the plant's machines are known: totals only, the first page of 20 machines (issue 14)
    expect(bodies).toEqual([{ period: NOVEMBER, grain: 'day', withBuckets: false, machinePage: { page: 1, rowsPerPage: 20 } }]);
    expect(screen.queryByRole('table', { name: 'OEE per machine and period' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Week' })).not.toBeInTheDocument();
    expect(screen.getByText('Choose machines above to see them by day, shift or week.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Machines', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Nordic Springs AB · FB-101' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: '2026-11-01', to: '2026-11-30' }, grain: 'day', machines: [{ clientId: NORDIC, machineName: 'FB-101' }] }));
    expect(await screen.findByRole('table', { name: 'OEE per machine and period' })).toBeInTheDocument();
  });

  it('pages the whole-period table by machine: page 2 asks for page 2 and shows its machines, the first staying shown while it loads', async () => {
    // 45 machines, FB-201..FB-245: three pages of 20. Page 2's answer waits until released.
    const plant = Array.from({ length: 45 }, (_, index) => ({ ...LIVE[0]!, machineName: `FB-${201 + index}` }));
    serveMachines('admin', 'status/get', () => ({ rows: plant }));
    let release = () => {};
    const secondPage = new Promise<void>((resolve) => (release = resolve));
    const bodies = serveMachines<PagedQuestion>('admin', 'oee/get', async (body) => {
      const { page, rowsPerPage } = body.machinePage!;
      if (page === 2 && rowsPerPage === 20) await secondPage;
      const machines = plant.slice((page - 1) * rowsPerPage, page * rowsPerPage).map((machine) => ({ ...OEE[0]!, machineName: machine.machineName, buckets: [] }));
      return { machineCount: plant.length, machines };
    });
    const user = userEvent.setup();
    renderAs('admin', <MachinePerformancePage />);
    // The machines shown: the labels of the table's rows (the machines' select offers the same labels).
    const shown = () => within(screen.getByRole('table', { name: 'OEE per machine over the period' })).getAllByRole('row').slice(1).map((row) => (row as HTMLTableRowElement).cells[0]!.textContent);
    const labels = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => `Nordic Springs AB · FB-${from + index}`);
    expect(await screen.findByText('Machines 1–20 of 45')).toBeInTheDocument();
    expect(bodies).toEqual([{ period: NOVEMBER, grain: 'day', withBuckets: false, machinePage: { page: 1, rowsPerPage: 20 } }]);
    expect(shown()).toEqual(labels(201, 220));
    // 45 machines at 20 a page: pages 1 to 3, no fourth.
    for (const page of ['1', '2', '3']) expect(screen.getByRole('button', { name: page })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '4' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: NOVEMBER, grain: 'day', withBuckets: false, machinePage: { page: 2, rowsPerPage: 20 } }));
    // While page 2 loads, page 1 stays shown and the table says it is loading.
    expect(screen.getByRole('status', { name: "Loading the machines' OEE" })).toBeInTheDocument();
    expect(shown()).toEqual(labels(201, 220));
    release();
    await waitFor(() => expect(shown()).toEqual(labels(221, 240)));
    expect(screen.getByText('Machines 21–40 of 45')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: "Loading the machines' OEE" })).not.toBeInTheDocument();

    // 50 a page: one page of every machine, asked from page 1, no pager.
    await user.click(screen.getByRole('combobox', { name: 'Machines per page' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(bodies.at(-1)?.machinePage).toEqual({ page: 1, rowsPerPage: 50 }));
    await waitFor(() => expect(shown()).toEqual(labels(201, 245)));
    expect(screen.getByText('Machines 1–45 of 45')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
  });

  it('another period starts the whole-period table again at page 1', async () => {
    const plant = Array.from({ length: 25 }, (_, index) => ({ ...LIVE[0]!, machineName: `FB-${201 + index}` }));
    serveMachines('admin', 'status/get', () => ({ rows: plant }));
    const bodies = serveMachines<PagedQuestion>('admin', 'oee/get', (body) => {
      const { page, rowsPerPage } = body.machinePage!;
      const machines = plant.slice((page - 1) * rowsPerPage, page * rowsPerPage).map((machine) => ({ ...OEE[0]!, machineName: machine.machineName, buckets: [] }));
      return { machineCount: plant.length, machines };
    });
    const user = userEvent.setup();
    renderAs('admin', <MachinePerformancePage />);
    await user.click(await screen.findByRole('button', { name: '2' }));
    expect(await screen.findByText('Machines 21–25 of 25')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Period'));
    await user.click(screen.getByRole('button', { name: '2 November 2026' }));
    await user.click(screen.getByRole('button', { name: '8 November 2026' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: '2026-11-02', to: '2026-11-08' }, grain: 'day', withBuckets: false, machinePage: { page: 1, rowsPerPage: 20 } }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'OEE per machine over the period' })).getByText('Nordic Springs AB · FB-201')).toBeInTheDocument());
    expect(screen.getByText('Machines 1–20 of 25')).toBeInTheDocument();
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
    // MTBF and MTTR are on operating time: the machine's column counts its failures, not every stop.
    expect(within(screen.getByRole('table', { name: 'MTBF and MTTR per machine' })).getByRole('columnheader', { name: 'Failures' })).toBeInTheDocument();
    const reliability = within(rowOf('MTBF and MTTR per machine', /FB-101/));
    for (const text of ['10', '70.4 h', '1.4 h']) expect(reliability.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Weekly trend/ })).toBeInTheDocument();
  });

  it('the operator asks its own operations; an empty period says so', async () => {
    serveMachines('operator', 'status/get', () => ({ rows: LIVE }));
    const oee = serveMachines<Question>('operator', 'oee/get', () => ({ machineCount: 0, machines: [] }));
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
