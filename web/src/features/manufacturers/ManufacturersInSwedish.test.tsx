import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';
import ManufacturersPage from './ManufacturersPage';

/**
 * The manufacturers in Swedish: the list and its dialog in Swedish, numbers grouped as Swedish groups
 * them (a space). One test per file: it changes the language of the whole app.
 */
describe('/manufacturers in Swedish', { timeout: 30_000 }, () => {
  it('lists the manufacturers under Swedish headings with Swedish numbers, and edits one in a Swedish dialog', async () => {
    server.use(
      http.post('*/api/admin/manufacturers/get', () =>
        HttpResponse.json({
          rows: [{ id: 1, manufacturerName: 'Retal Baltic Films', defaultLeadTime: 14, boxQtyPerTruck: 1200, version: 1 }],
          count: 1,
        }),
      ),
    );
    await speakLocale('sv');
    const user = userEvent.setup();
    renderWithProviders(<ManufacturersPage />);

    expect(await screen.findByRole('heading', { name: 'Tillverkare' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Retal Baltic Films/ });
    expect(plainSpaces(row.textContent)).toContain('1 200');
    const headers = within(screen.getAllByRole('rowgroup')[0]!);
    for (const title of ['Namn', 'Ledtid (dagar)', 'Lådor per lastbil']) expect(headers.getByText(title)).toBeInTheDocument();

    await user.click(within(row).getByText('Retal Baltic Films'));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera tillverkare' });
    expect(within(dialog).getByRole('button', { name: 'Spara' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Namn/)).toHaveValue('Retal Baltic Films');
  });
});
