import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import DowntimeGanttPage, { ganttOf, ganttScrollTime } from './DowntimeGanttPage';
import type { LiveStatusQuery } from '@generated/model';
import { liveStatusOf } from '../machines/machines.test-utils';
import { BALTIC, NORDIC, stop } from './downtime.test-utils';
import { AWKWARD_INSTANTS, pinClock } from '../../test/clock.test-utils';

const MACHINES = [
  { clientId: NORDIC, company: 'Nordic Springs AB', machineName: 'FB-04' },
  { clientId: NORDIC, company: 'Nordic Springs AB', machineName: 'FB-07' },
  { clientId: BALTIC, company: 'Baltic Brew SIA', machineName: 'FB-1' },
];

const FIRST_PAGE = { page: 1, rowsPerPage: 20 };
/** An ordinary Tuesday morning (UTC), the day shift's first stop already over. */
const TUESDAY_MORNING = '2026-03-10T09:30:00Z';
/** The UTC day of an instant written as ISO with Z: the chart's days are UTC days. */
const utcDay = (at: string) => at.slice(0, 10);
const dayAfter = (day: string, by: number) => new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
const stopOn = (day: string) => stop(501, { actualDate: day, targetStart: `${day}T06:20:00Z`, targetEnd: `${day}T07:55:00Z` });

/** The bodies of the live status questions of the last serveDowntime. */
let liveBodies: LiveStatusQuery[] = [];

function serveDowntime(events: ReturnType<typeof stop>[], live: { state: 'running' | 'stopped' | 'unknown'; downtimeId: number | null }[] = []) {
  const bodies: { period: { from: string; to: string }; machines?: { page: number; rowsPerPage: number } }[] = [];
  liveBodies = [];
  server.use(
    http.post('*/api/admin/machines/status/get', async ({ request }) => {
      const body = (await request.json()) as LiveStatusQuery;
      liveBodies.push(body);
      const rows = live.map((machine) => ({ clientId: NORDIC, company: 'Nordic Springs AB', machineName: 'FB-04', since: null, DowntimeCause: null, ...machine }));
      return HttpResponse.json(liveStatusOf(rows, body));
    }),
    http.post('*/api/admin/downtime/get', async ({ request }) => {
      bodies.push((await request.json()) as (typeof bodies)[number]);
      return HttpResponse.json({ machineCount: MACHINES.length, machines: MACHINES, events });
    }),
  );
  return bodies;
}

describe("admin '/downtimes/gantt'", { timeout: 30_000 }, () => {
  pinClock(TUESDAY_MORNING);
  const today = utcDay(TUESDAY_MORNING);

  it('pages the machines: page 2 asks for page 2 and shows its machines, the first page staying drawn while it loads', async () => {
    // 25 machines of one client, FB-01..FB-25: 20 on the first page. The second page's answer waits until released.
    const all = Array.from({ length: 25 }, (_, index) => ({ clientId: NORDIC, company: 'Nordic Springs AB', machineName: `FB-${String(index + 1).padStart(2, '0')}` }));
    const bodies: { machines: { page: number; rowsPerPage: number } }[] = [];
    let release = () => {};
    const secondPage = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/admin/machines/status/get', () => HttpResponse.json({ rows: [] })),
      http.post('*/api/admin/downtime/get', async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        if (body.machines.page > 1) await secondPage;
        const { page, rowsPerPage } = body.machines;
        const machines = all.slice((page - 1) * rowsPerPage, page * rowsPerPage);
        return HttpResponse.json({ machineCount: all.length, machines, events: [] });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DowntimeGanttPage />);
    expect(await screen.findByText('FB-20')).toBeInTheDocument();
    expect(screen.queryByText('FB-21')).not.toBeInTheDocument();
    expect(screen.getByText('Machines 1–20 of 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: today, to: today }, machines: { page: 2, rowsPerPage: 20 } }));
    // While page 2 loads, page 1 stays drawn and the page says it is loading.
    expect(screen.getByText('FB-20')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    release();
    expect(await screen.findByText('FB-25')).toBeInTheDocument();
    expect(screen.getByText('FB-21')).toBeInTheDocument();
    expect(screen.queryByText('FB-20')).not.toBeInTheDocument();
    expect(screen.getByText('Machines 21–25 of 25')).toBeInTheDocument();

    // A larger page starts again at page 1, with every machine on it and no pager.
    await user.click(screen.getByRole('combobox', { name: 'Machines per page' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(bodies.at(-1)?.machines).toEqual({ page: 1, rowsPerPage: 50 }));
    expect(await screen.findByText('Machines 1–25 of 25')).toBeInTheDocument();
    expect(screen.getByText('FB-01')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2' })).not.toBeInTheDocument();
  });

  it('shows the empty state, and no pager, when there is no client machine', async () => {
    server.use(
      http.post('*/api/admin/machines/status/get', () => HttpResponse.json({ rows: [] })),
      http.post('*/api/admin/downtime/get', () => HttpResponse.json({ machineCount: 0, machines: [], events: [] })),
    );
    renderWithProviders(<DowntimeGanttPage />);
    expect(await screen.findByText(/No client machines yet/)).toBeInTheDocument();
    expect(screen.queryByText(/^Machines \d/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Machines per page' })).not.toBeInTheDocument();
  });

  it('places each stop on its machine in UTC, clipped to the day, orange while it has no cause', () => {
    const overnight = stop(7, { clientId: BALTIC, machineName: 'FB-1', causeId: null, DowntimeCause: null, duration: 120, targetStart: '2026-03-09T23:00:00Z', targetEnd: '2026-03-10T01:00:00Z' });
    const gantt = ganttOf({ machines: MACHINES, events: [stop(501), overnight] }, '2026-03-10');
    expect(gantt.groups).toEqual([
      { label: 'Nordic Springs AB', resourceIds: [`${NORDIC}/FB-04`, `${NORDIC}/FB-07`] },
      { label: 'Baltic Brew SIA', resourceIds: [`${BALTIC}/FB-1`] },
    ]);
    expect(gantt.events.map(({ id, title, start, end, color, resourceId }) => ({ id, title, start, end, color, resourceId }))).toEqual([
      { id: 501, title: 'Mould change · 1 h 35 min', start: '2026-03-10 06:20:00', end: '2026-03-10 07:55:00', color: 'red', resourceId: `${NORDIC}/FB-04` },
      { id: 7, title: 'No cause yet · 2 h', start: '2026-03-10 00:00:00', end: '2026-03-10 01:00:00', color: 'orange', resourceId: `${BALTIC}/FB-1` },
    ]);
  });

  it('opens scrolled to now on today (an hour before, so the current stop shows), to the first stop on another day', () => {
    const now = new Date('2026-03-18T14:35:00Z');
    expect(ganttScrollTime('2026-03-18', [{ start: '2026-03-18 06:20:00' }], now)).toBe('13:00:00');
    expect(ganttScrollTime('2026-03-18', [], new Date('2026-03-18T00:10:00Z'))).toBe('00:00:00');
    expect(ganttScrollTime('2026-03-17', [{ start: '2026-03-17 19:05:00' }, { start: '2026-03-17 16:40:00' }], now)).toBe('15:00:00');
    expect(ganttScrollTime('2026-03-16', [], now)).toBe('06:00:00');
  });
});

// "Today" is the UTC day of now, whatever the browser's time zone says the date is (31 December 22:30 UTC is already
// New Year in Helsinki), and an open stop runs up to now across midnight.
describe.each([{ name: 'on an ordinary Tuesday morning', at: TUESDAY_MORNING }, ...AWKWARD_INSTANTS])("admin '/downtimes/gantt' today, $name", { timeout: 30_000 }, ({ at }) => {
  pinClock(at);
  const today = utcDay(at);

  it('shows the real stops of today (UTC) per client machine, and Prev / Next / Today ask for that day', async () => {
    const bodies = serveDowntime([stopOn(today)]);
    const user = userEvent.setup();
    renderWithProviders(<DowntimeGanttPage />);
    expect(await screen.findByText('Mould change · 1 h 35 min')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ period: { from: today, to: today }, machines: FIRST_PAGE });
    for (const label of ['FB-04', 'FB-07', 'FB-1', 'Nordic Springs AB', 'Baltic Brew SIA']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: dayAfter(today, -1), to: dayAfter(today, -1) }, machines: FIRST_PAGE }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: dayAfter(today, 1), to: dayAfter(today, 1) }, machines: FIRST_PAGE }));
    // Three machines fit one page: the count under the chart, no pager.
    expect(screen.getByText('Machines 1–3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'next page' })).not.toBeInTheDocument();
  });

  it('draws an open stop (the live state names its downtime row) up to now, marked ongoing', async () => {
    const start = new Date(Date.parse(at) - 2 * 3_600_000 - 5 * 60_000);
    // Just after midnight the open stop began yesterday: today's chart clips it to the day.
    const open = stop(601, { actualDate: today, duration: 1, targetStart: start.toISOString(), targetEnd: new Date(start.getTime() + 60_000).toISOString() });
    serveDowntime([open], [{ state: 'stopped', downtimeId: 601 }, { state: 'running', downtimeId: null }]);
    renderWithProviders(<DowntimeGanttPage />);
    expect(await screen.findByText(/^Mould change · 2 h [5-6] min, ongoing$/)).toBeInTheDocument();
    // Only the stopped machines are asked for (issue 14: not every machine of the plant).
    expect(liveBodies).toEqual([{ state: 'stopped' }]);
    expect(screen.getByText(/an ongoing stop ends at now/)).toBeInTheDocument();

    const now = new Date('2026-03-10T08:00:00Z');
    const gantt = ganttOf({ machines: MACHINES, events: [stop(501)] }, '2026-03-10', new Set([501]), now);
    expect(gantt.events[0]).toMatchObject({ title: 'Mould change · 1 h 40 min, ongoing', start: '2026-03-10 06:20:00', end: '2026-03-10 08:00:00' });
    // a closed stop keeps its end
    expect(ganttOf({ machines: MACHINES, events: [stop(501)] }, '2026-03-10', new Set(), now).events[0]).toMatchObject({ end: '2026-03-10 07:55:00' });
  });
});
