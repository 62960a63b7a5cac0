import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import AdminDowntimeHistoryPage from './AdminDowntimeHistoryPage';
import { currentMonth } from './downtimeFormat';
import { BALTIC, captureDownloads, headers, NORDIC, serveHistory, stop } from './downtime.test-utils';
import { ORDINARY_WEDNESDAY, pinClock } from '../../test/clock.test-utils';

function serveClients() {
  server.use(
    http.get('*/api/admin/directory/clients', () =>
      HttpResponse.json([
        { id: NORDIC, email: null, fullName: null, company: 'Nordic Springs AB', fbs: ['FB-04'], address: '', clientType: '0', createdTimestamp: '2025-11-04T09:12:00Z', enabled: true },
        { id: BALTIC, email: null, fullName: null, company: 'Baltic Brew SIA', fbs: [], clientType: '1', address: '', createdTimestamp: '2026-01-12T14:30:00Z', enabled: true },
      ]),
    ),
  );
}

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });
const causeSelect = (row: string) => within(rowOf(row)).getByLabelText('Downtime cause', { selector: 'input' });

afterEach(() => vi.restoreAllMocks());

describe("admin '/downtimes/history'", { timeout: 30_000 }, () => {
  // Any ordinary day: the history opens on the current month, whichever day that is.
  pinClock(ORDINARY_WEDNESDAY);
  it('asks for the current month of every client, endDatetime descending, 10 a page, and shows client name, machine name, downtime cause, actual date, duration, start and end', async () => {
    const api = serveHistory('admin');
    serveClients();
    renderWithProviders(<AdminDowntimeHistoryPage />);
    expect(await screen.findByText('FB-07')).toBeInTheDocument();
    expect(api.lists[0]).toEqual({ pagination: { page: 1, rowsPerPage: 10, sortBy: 'endDatetime', descending: true }, clientIds: [], period: currentMonth() });
    expect(headers()).toEqual([
      'Client name', 'Machine name', 'Downtime cause', 'Actual date', 'Duration', 'Start datetime', 'End datetime',
    ]);
    const cells = within(rowOf('FB-04')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['Nordic Springs AB', 'FB-04', 'Mould change', '10.03.2026', '1 h 35 min', '10.03.2026 06:20', '10.03.2026 07:55']);
    expect(within(rowOf('FB-07')).getByText('No cause yet')).toBeInTheDocument();
    expect(within(rowOf('FB-07')).getByText('40 min')).toBeInTheDocument();
  });

  it('the client filter asks again for the chosen clients, from page 1', async () => {
    const api = serveHistory('admin', { rows: Array.from({ length: 12 }, (_, index) => stop(700 + index, { machineName: `FB-${index + 10}` })) });
    serveClients();
    const user = userEvent.setup();
    renderWithProviders(<AdminDowntimeHistoryPage />);
    await screen.findByText('FB-10');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(api.lists.at(-1)?.pagination.page).toBe(2));
    await user.click(screen.getByLabelText('Clients', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Baltic Brew SIA' }));
    await waitFor(() => expect(api.lists.at(-1)?.clientIds).toEqual([BALTIC]));
    expect(api.lists.at(-1)).toMatchObject({ pagination: { page: 1 }, period: currentMonth() });
  });

  it("'Update cause' sets a stop's cause with the version read, says so and reloads; a cause is required ('Field is required.')", async () => {
    const api = serveHistory('admin');
    serveClients();
    const user = userEvent.setup();
    renderWithProviders(<AdminDowntimeHistoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Update cause of FB-07 on 12.03.2026' }));
    const select = causeSelect('FB-07');
    await user.click(within(rowOf('FB-07')).getByRole('button', { name: 'Save cause of FB-07 on 12.03.2026' }));
    expect(await within(rowOf('FB-07')).findByText('Field is required.')).toBeInTheDocument();
    expect(api.saves).toHaveLength(0);

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Preform shortage' }));
    await user.click(within(rowOf('FB-07')).getByRole('button', { name: 'Save cause of FB-07 on 12.03.2026' }));
    await waitFor(() => expect(api.saves).toEqual([{ historyItem: { id: 502, causeId: 4, version: 0 } }]));
    expect(await screen.findByText('Cause of FB-07 on 12.03.2026 set to Preform shortage.')).toBeInTheDocument();
    await waitFor(() => expect(api.lists).toHaveLength(2));
    expect(within(rowOf('FB-07')).queryByLabelText('Downtime cause', { selector: 'input' })).not.toBeInTheDocument();
  });

  it("'Update cause' searches the causes on the server by the typed text: a cause beyond the first page is found and saved", async () => {
    const api = serveHistory('admin');
    serveClients();
    // 150 causes; the server answers one page (at most 20), by name, filtered by the typed text.
    const causes = Array.from({ length: 150 }, (_, index) => ({
      id: 1000 + index, causeName: `Cause ${String(index + 1).padStart(3, '0')}`, causeDescription: '', productCount: 0, version: 0,
    }));
    const bodies: { filter?: string; pagination: { rowsPerPage: number; sortBy: string } }[] = [];
    server.use(
      http.post('*/api/admin/downtime/causes/get', async ({ request }) => {
        const body = (await request.json()) as (typeof bodies)[number];
        bodies.push(body);
        const found = causes.filter((cause) => !body.filter || cause.causeName.toLowerCase().includes(body.filter.toLowerCase()));
        return HttpResponse.json({ rows: found.slice(0, body.pagination.rowsPerPage), count: found.length });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminDowntimeHistoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Update cause of FB-07 on 12.03.2026' }));
    await user.click(causeSelect('FB-07'));
    expect(await screen.findByRole('option', { name: 'Cause 001' })).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ pagination: { rowsPerPage: 20, sortBy: 'causeName' } });
    expect(screen.queryByRole('option', { name: 'Cause 137' })).not.toBeInTheDocument();
    await user.type(causeSelect('FB-07'), 'cause 137');
    await user.click(await screen.findByRole('option', { name: 'Cause 137' }, { timeout: 3000 }));
    expect(bodies.map((body) => body.filter)).toContain('cause 137');
    expect(causeSelect('FB-07')).toHaveValue('Cause 137');
    await user.click(within(rowOf('FB-07')).getByRole('button', { name: 'Save cause of FB-07 on 12.03.2026' }));
    await waitFor(() => expect(api.saves).toEqual([{ historyItem: { id: 502, causeId: 1136, version: 0 } }]));
  });

  it('a failed cause save says why and keeps the editor open with the choice', async () => {
    serveHistory('admin', { saveProblem: [409, 'This downtime was changed by someone else meanwhile. Reload it and apply your change again.'] });
    serveClients();
    const user = userEvent.setup();
    renderWithProviders(<AdminDowntimeHistoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Update cause of FB-04 on 10.03.2026' }));
    await user.click(causeSelect('FB-04'));
    await user.click(await screen.findByRole('option', { name: 'Preform shortage' }));
    await user.click(within(rowOf('FB-04')).getByRole('button', { name: 'Save cause of FB-04 on 10.03.2026' }));
    expect(await screen.findByText('This downtime was changed by someone else meanwhile. Reload it and apply your change again.')).toBeInTheDocument();
    expect(causeSelect('FB-04')).toHaveValue('Preform shortage');
  });

  it("'Export to Csv' asks for the table's clients, period and sort and saves the server's history-table-export.csv", async () => {
    const api = serveHistory('admin');
    serveClients();
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderWithProviders(<AdminDowntimeHistoryPage />);
    await screen.findByText('FB-07');
    await user.click(screen.getByRole('button', { name: 'Export to Csv' }));
    await waitFor(() => expect(saved).toEqual(['history-table-export.csv']));
    expect(api.exports).toEqual([{ clientIds: [], period: currentMonth(), sortBy: 'endDatetime', descending: true }]);
  });

  it("says 'Browser denied file download...' when the browser refuses the file, and the server's reason when the export fails", async () => {
    serveHistory('admin');
    serveClients();
    URL.createObjectURL = vi.fn(() => {
      throw new Error('denied');
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminDowntimeHistoryPage />);
    await screen.findByText('FB-07');
    await user.click(screen.getByRole('button', { name: 'Export to Csv' }));
    expect(await screen.findByText('Browser denied file download...')).toBeInTheDocument();

    server.use(
      http.post('*/api/admin/downtime/history/export', () =>
        HttpResponse.json(
          { title: 'Bad Request', status: 400, detail: 'More than 100000 downtimes: export a shorter period.' },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Export to Csv' }));
    expect(await screen.findByText('More than 100000 downtimes: export a shorter period.')).toBeInTheDocument();
  });

  it('says why a load failed and retries', async () => {
    serveHistory('admin');
    serveClients();
    let calls = 0;
    server.use(
      http.post('*/api/admin/downtime/history/get', () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ title: 'Internal Server Error', status: 500, detail: 'Database unavailable.' }, { status: 500 })
          : HttpResponse.json({ rows: [], count: 0 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AdminDowntimeHistoryPage />);
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No downtimes in this period. Pick another period above.')).toBeInTheDocument();
  });
});
