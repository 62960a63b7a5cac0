import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render.test-utils';
import OperatorDowntimeHistoryPage from './OperatorDowntimeHistoryPage';
import { currentMonth } from './downtimeFormat';
import { captureDownloads, headers, serveHistory, stop } from './downtime.test-utils';
import { ORDINARY_WEDNESDAY, pinClock } from '../../test/clock.test-utils';

const rowOf = (text: string) => screen.getByRole('row', { name: new RegExp(text) });

afterEach(() => vi.restoreAllMocks());

describe("operator '/downtime/history'", { timeout: 30_000 }, () => {
  // Any ordinary day: the history opens on the current month, whichever day that is.
  pinClock(ORDINARY_WEDNESDAY);
  it("asks for the current month, endDatetime descending, 10 a page, and shows Machine Name, Inactivity cause, ActualDate, Duration, 'Start datetime', 'End datetime'", async () => {
    const api = serveHistory('operator');
    renderWithProviders(<OperatorDowntimeHistoryPage />);
    expect(await screen.findByText('FB-07')).toBeInTheDocument();
    expect(api.lists[0]).toEqual({ pagination: { page: 1, rowsPerPage: 10, sortBy: 'endDatetime', descending: true }, period: currentMonth() });
    expect(headers()).toEqual(['Machine Name', 'Inactivity cause', 'ActualDate', 'Duration', 'Start datetime', 'End datetime']);
    expect(within(rowOf('FB-04')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'FB-04', 'Mould change', '10.03.2026', '1 h 35 min', '10.03.2026 06:20', '10.03.2026 07:55',
    ]);
  });

  it('offers page sizes 10/20/50/100 and sorts on the server by the clicked column', async () => {
    const rows = Array.from({ length: 12 }, (_, index) => stop(600 + index, { machineName: `FB-${index + 10}` }));
    const api = serveHistory('operator', { rows });
    const user = userEvent.setup();
    renderWithProviders(<OperatorDowntimeHistoryPage />);
    await screen.findByText('FB-10');
    await user.click(screen.getByRole('button', { name: '10' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['10', '20', '50', '100']);
    await user.click(screen.getByRole('menuitem', { name: '20' }));
    await waitFor(() => expect(api.lists.at(-1)?.pagination).toMatchObject({ page: 1, rowsPerPage: 20 }));
    await user.click(screen.getByText('Machine Name'));
    await waitFor(() => expect(api.lists.at(-1)?.pagination).toEqual({ page: 1, rowsPerPage: 20, sortBy: 'machineName', descending: true }));
    await user.click(screen.getByText('Machine Name'));
    await waitFor(() => expect(api.lists.at(-1)?.pagination).toEqual({ page: 1, rowsPerPage: 20, sortBy: 'machineName', descending: false }));
  });

  it('the inactivity cause is set through a select with save, from every cause by name', async () => {
    const api = serveHistory('operator');
    const user = userEvent.setup();
    renderWithProviders(<OperatorDowntimeHistoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Update cause of FB-04 on 10.03.2026' }));
    const select = within(rowOf('FB-04')).getByLabelText('Inactivity cause', { selector: 'input' });
    expect(select).toHaveValue('Mould change');
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Mould change', 'Preform shortage']);
    await user.click(screen.getByRole('option', { name: 'Preform shortage' }));
    await user.click(within(rowOf('FB-04')).getByRole('button', { name: 'Save cause of FB-04 on 10.03.2026' }));
    await waitFor(() => expect(api.saves).toEqual([{ historyItem: { id: 501, causeId: 4, version: 1 } }]));
    await waitFor(() => expect(api.lists).toHaveLength(2));
  });

  it('Cancel (or Escape) leaves the cause as it was and sends nothing', async () => {
    const api = serveHistory('operator');
    const user = userEvent.setup();
    renderWithProviders(<OperatorDowntimeHistoryPage />);
    await user.click(await screen.findByRole('button', { name: 'Update cause of FB-04 on 10.03.2026' }));
    await user.click(within(rowOf('FB-04')).getByRole('button', { name: 'Cancel' }));
    expect(within(rowOf('FB-04')).getByText('Mould change')).toBeInTheDocument();
    await user.click(within(rowOf('FB-04')).getByRole('button', { name: 'Update cause of FB-04 on 10.03.2026' }));
    await user.keyboard('{Escape}{Escape}');
    await waitFor(() => expect(within(rowOf('FB-04')).queryByLabelText('Inactivity cause', { selector: 'input' })).not.toBeInTheDocument());
    expect(api.saves).toHaveLength(0);
  });

  it("exports the period's CSV in the table's sort as history-table-export.csv", async () => {
    const api = serveHistory('operator');
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderWithProviders(<OperatorDowntimeHistoryPage />);
    await screen.findByText('FB-07');
    await user.click(screen.getByRole('button', { name: 'Export to Csv' }));
    await waitFor(() => expect(saved).toEqual(['history-table-export.csv']));
    expect(api.exports).toEqual([{ period: currentMonth(), sortBy: 'endDatetime', descending: true }]);
  });
});
