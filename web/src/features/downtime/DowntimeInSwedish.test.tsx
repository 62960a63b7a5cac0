import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.test-utils';
import { speaking } from '../../test/locale.test-utils';
import OperatorDowntimeHistoryPage from './OperatorDowntimeHistoryPage';
import { headers, serveHistory } from './downtime.test-utils';
import { ORDINARY_WEDNESDAY, pinClock } from '../../test/clock.test-utils';

describe('the downtime history in Swedish', { timeout: 30_000 }, () => {
  pinClock(ORDINARY_WEDNESDAY);
  speaking('sv');

  it('names its columns in Swedish and writes days, times and durations as Swedish does', async () => {
    serveHistory('operator');
    renderWithProviders(<OperatorDowntimeHistoryPage />);
    expect(await screen.findByText('FB-07')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stopphistorik' })).toBeInTheDocument();
    expect(headers()).toEqual(['Maskinnamn', 'Orsak till stillestånd', 'Faktiskt datum', 'Varaktighet', 'Starttid', 'Sluttid']);
    expect(within(screen.getByRole('row', { name: /FB-04/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'FB-04', 'Mould change', '2026-03-10', '1 tim 35 min', '2026-03-10 06:20', '2026-03-10 07:55',
    ]);
    expect(screen.getByRole('button', { name: 'Exportera till CSV' })).toBeInTheDocument();
  });
});
