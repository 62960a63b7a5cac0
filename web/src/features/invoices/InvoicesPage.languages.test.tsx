import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';
import type { Invoice } from '@generated/model';
import { InvoicesScreen } from './InvoicesPage';

const INVOICE: Invoice = {
  id: 64,
  clientId: 'nordic-springs',
  company: 'Nordic Springs AB',
  deliveryDate: '2026-03-13',
  invoiceNumber: 'INV-2026-0342',
  orderNo: 'PO-24-0117',
  invoiceTotal: 48920.5,
  invoiceCurrency: 'SEK',
  exchangeRate: 11.28,
  isConfirmed: true,
  isSent: false,
};

describe('the invoices in Swedish', { timeout: 30_000 }, () => {
  it("reads the screen's texts from the catalogue, writes amounts and days as Swedish does, and downloads in Swedish", async () => {
    server.use(http.post('*/api/client/invoices/get', () => HttpResponse.json({ rows: [INVOICE], count: 1 })));
    const languages: (string | null)[] = [];
    server.use(
      http.post('*/api/client/invoice/download', ({ request }) => {
        languages.push(new URL(request.url).searchParams.get('language'));
        return HttpResponse.json({ title: 'Error', status: 404, detail: 'Fakturan finns inte.' }, { status: 404, headers: { 'Content-Type': 'application/problem+json' } });
      }),
    );
    await speakLocale('sv');
    renderWithProviders(<InvoicesScreen role="client" />);

    expect(await screen.findByRole('heading', { name: 'Fakturor' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /INV-2026-0342/ });
    expect(Array.from(document.querySelectorAll('thead th'), (header) => header.textContent)).toEqual([
      'Fakturadatum',
      'Fakturanummer',
      'Ordernummer',
      'Belopp',
      'Valuta',
      'Växelkurs',
      'Bekräftad',
      'Skickad',
    ]);
    expect(within(row).getAllByRole('cell').map((cell) => plainSpaces(cell.textContent))).toEqual([
      '2026-03-13',
      'INV-2026-0342',
      'PO-24-0117',
      '48 920,50',
      'SEK',
      '11,28',
      'Ja',
      'Nej',
    ]);

    const user = userEvent.setup();
    await user.click(screen.getByText('INV-2026-0342'));
    await user.click(screen.getByRole('button', { name: 'Ladda ned faktura' }));
    expect(await screen.findByText('Fakturan laddades inte ned')).toBeInTheDocument();
    await waitFor(() => expect(languages).toEqual(['sv']));
  });
});
