import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';
import { footprintRow } from './sustainability.fixtures';
import SustainabilityPage from './SustainabilityPage';

/**
 * The client's recycled content and carbon in Swedish: headings, columns and thresholds in Swedish, masses and shares
 * as Swedish writes numbers (a space between thousands, a decimal comma). One test per file: it changes the language
 * of the whole app.
 */
describe('the recycled content and carbon in Swedish', { timeout: 30_000 }, () => {
  it('shows the year under Swedish headings with Swedish numbers', async () => {
    server.use(
      http.post('*/api/client/sustainability/year/get', async ({ request }) => {
        const { year } = (await request.json()) as { year: number };
        return HttpResponse.json({
          clientId: 'c1',
          company: 'Nordic Springs AB',
          year,
          months: [footprintRow(`${year}-03`, `${year}-03`)],
          products: [footprintRow('NS-0500', 'NS-0500 - Spring Water 0.5 L')],
          total: footprintRow(String(year), String(year)),
        });
      }),
    );
    await speakLocale('sv');
    renderWithProviders(<SustainabilityPage />);

    expect(await screen.findByRole('heading', { name: 'Återvunnet innehåll och koldioxid' })).toBeInTheDocument();
    const year = await screen.findByRole('table', { name: /^År \d{4}$/ });
    for (const title of ['Preformmassa', 'Återvunnen andel', 'Okänt ursprung']) expect(within(year).getByRole('columnheader', { name: title })).toBeInTheDocument();
    const total = within(year).getAllByRole('row')[1]!;
    expect(plainSpaces(total.textContent)).toContain('1 234,5 kg');
    expect(plainSpaces(total.textContent)).toContain('28,00 %');
    expect(within(total).getByText('når 25 %')).toBeInTheDocument();
    expect(within(total).getByText('under 30 %')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Per månad' })).toBeInTheDocument();
  });
});
