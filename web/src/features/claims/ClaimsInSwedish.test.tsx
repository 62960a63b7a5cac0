import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';
import { claimFixture, renderClaims } from './renderClaims.test-utils';

const CLAIM = claimFixture({ status: 'under investigation' });

/**
 * A Swedish client's claims: the list and the claim in Swedish, the status in Swedish while the API keeps
 * its values, days as Swedish writes them (2026-03-11) and quantities grouped with a space; the report downloads in
 * Swedish. One test per file: it changes the language of the whole app.
 */
describe('the claims in Swedish', { timeout: 30_000 }, () => {
  it('lists and opens a claim in Swedish, with Swedish days and numbers, and prints the report in Swedish', async () => {
    const downloads: string[] = [];
    server.use(
      http.post('*/api/client/claims/filter', () => HttpResponse.json({ rows: [CLAIM], count: 1 })),
      http.post('*/api/client/claims/get', () => HttpResponse.json(CLAIM)),
      http.post('*/api/client/claims/download', ({ request }) => {
        downloads.push(new URL(request.url).searchParams.get('language') ?? '');
        return new HttpResponse(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    URL.createObjectURL = () => 'blob:report';
    URL.revokeObjectURL = () => undefined;
    await speakLocale('sv');
    const user = userEvent.setup();
    renderClaims('/claims');

    expect(await screen.findByRole('heading', { name: 'Avvikelserapporter' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Reklamation 17/ });
    expect(within(row).getByText('Under utredning')).toBeInTheDocument();
    expect(within(row).getByText('2026-03-11')).toBeInTheDocument();
    const headers = within(screen.getAllByRole('rowgroup')[0]!);
    for (const title of ['Nr', 'Status', 'Ordernummer', 'Artikel', 'Leveransdag']) expect(headers.getByText(title)).toBeInTheDocument();

    await user.click(within(row).getByText('PO-24-0117'));
    expect(await screen.findByRole('heading', { name: 'Reklamation 17' })).toBeInTheDocument();
    expect(plainSpaces((screen.getByLabelText(/^Avvisad kvantitet:/, { selector: 'input' }) as HTMLInputElement).value)).toBe('2 400');
    expect(screen.getByLabelText(/^Status/, { selector: 'input' })).toHaveValue('Under utredning');
    expect(screen.getByText('Ifylls av GP')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skriv ut' }));
    await waitFor(() => expect(downloads).toEqual(['sv']));
  });
});
