import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { adminSustainabilitySaveLotCompositionBodyCompositionCertificateNoMax as CERTIFICATE_NO_MAX } from '@generated/zod/sustainability/sustainability.zod';
import { renderWithProviders } from '../../test/render.test-utils';
import { footprintRow, lineFootprint, lotComposition } from './sustainability.fixtures';
import SustainabilityPage from './SustainabilityPage';
import LineFootprintSection from './LineFootprintSection';
import LotCompositionDialog from './LotCompositionDialog';

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe("the client's recycled content and carbon", { timeout: 30_000 }, () => {
  it('shows the year, its months and products with masses, shares, carbon and the 25 % and 30 % thresholds', async () => {
    server.use(
      http.post('*/api/client/sustainability/year/get', async ({ request }) => {
        const { year } = (await request.json()) as { year: number };
        return HttpResponse.json({
          clientId: 'c1',
          company: 'Nordic Springs AB',
          year,
          months: [footprintRow(`${year}-03`, `${year}-03`)],
          products: [footprintRow('NS-0500', 'NS-0500 - Spring Water 0.5 L', { recycledSharePercent: 31.25, meets30: true })],
          total: footprintRow(String(year), String(year)),
        });
      }),
    );
    renderWithProviders(<SustainabilityPage />);
    expect(screen.getByRole('heading', { name: 'Recycled content and carbon' })).toBeInTheDocument();
    const year = await screen.findByRole('table', { name: /^The year \d{4}$/ });
    const total = within(year).getAllByRole('row')[1]!;
    expect(total).toHaveTextContent('1,234.5 kg');
    expect(total).toHaveTextContent('345.66 kg');
    expect(total).toHaveTextContent('28.00 %');
    expect(total).toHaveTextContent('12.50 %');
    expect(total).toHaveTextContent('2,716.2');
    expect(within(total).getByText('reaches 25 %')).toBeInTheDocument();
    expect(within(total).getByText('below 30 %')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'By month' })).getByRole('row', { name: /^\d{4}-03 / })).toBeInTheDocument();
    const product = within(screen.getByRole('table', { name: 'By product' })).getByRole('row', { name: /^NS-0500 - Spring Water 0.5 L/ });
    expect(product).toHaveTextContent('31.25 %');
    expect(within(product).getByText('reaches 30 %')).toBeInTheDocument();
  });
});

describe("a delivered line's recycled content and carbon", { timeout: 30_000 }, () => {
  it('states the unlotted mass as of unknown origin beside the recycled share, and downloads a lot’s certificate file', async () => {
    const certificateBodies: unknown[] = [];
    server.use(
      http.post('*/api/client/sustainability/item/get', () => HttpResponse.json(lineFootprint)),
      http.post('*/api/client/sustainability/item/certificate', async ({ request }) => {
        certificateBodies.push(await request.json());
        return new HttpResponse(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<LineFootprintSection itemId={90} />);
    const figures = await screen.findByRole('table', { name: 'Recycled content and carbon of the line' });
    expect(within(figures).getByRole('row', { name: /^Preform mass/ })).toHaveTextContent('28 kg (1,000 preforms)');
    expect(within(figures).getByRole('row', { name: /^Recycled content/ })).toHaveTextContent('8.96 kg · 32.00 % (post-consumer 32.00 %)');
    expect(within(figures).getByRole('row', { name: /^Unknown origin/ })).toHaveTextContent('5.6 kg · 20.00 %');
    expect(within(figures).getByRole('row', { name: /^Carbon, cradle to gate/ })).toHaveTextContent('41.44 kg CO2e (of the known mass)');
    const lot = screen.getByRole('listitem');
    expect(lot).toHaveTextContent('RB-2603-114 · 40 % post-consumer, 0 % pre-consumer · EuCertPlast ECP-2026-0117 · Certificate file');

    await user.click(within(lot).getByRole('button', { name: 'Certificate file' }));
    await waitFor(() => expect(saved).toEqual(['ECP-2026-0117.pdf']));
    expect(certificateBodies).toEqual([{ id: 90, lotId: 7 }]);
  });
});

describe("the admin's correction of a lot's recycled content and evidence", { timeout: 30_000 }, () => {
  it('refuses what the contract refuses before sending: a certificate number over its length, a certificate file of another type or too large', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/admin/sustainability/lot/save', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(lotComposition);
      }),
      http.post('*/api/admin/sustainability/lot/certificate/save', async ({ request }) => {
        sent.push(await request.formData());
        return HttpResponse.json(lotComposition);
      }),
    );
    const onClose = vi.fn();
    renderWithProviders(<LotCompositionDialog composition={lotComposition} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Recycled content and evidence' });
    expect(within(dialog).getByText('Lot 7: PET 28g PCO1810 Clear (PET, 28 g) from Retal Baltic Films.')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });

    const number = within(dialog).getByRole('textbox', { name: 'Certificate number' });
    fireEvent.change(number, { target: { value: 'E'.repeat(CERTIFICATE_NO_MAX + 1) } });
    fireEvent.click(save);
    expect(await within(dialog).findByText(`At most ${CERTIFICATE_NO_MAX} characters.`)).toBeInTheDocument();
    fireEvent.change(number, { target: { value: 'ECP-2026-0118' } });

    const file = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(file, { target: { files: [new File(['notes'], 'certificate.txt', { type: 'text/plain' })] } });
    expect(await within(dialog).findByText('A certificate is a PDF document or an image.')).toBeInTheDocument();
    fireEvent.click(save);
    const large = new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(file, { target: { files: [large] } });
    expect(await within(dialog).findByText('The file is larger than 10 MiB.')).toBeInTheDocument();
    fireEvent.click(save);
    expect(sent).toEqual([]);

    // A PDF within the limit: the composition is saved, then the file is sent with the lot's id.
    fireEvent.change(file, { target: { files: [new File(['%PDF-1.7 ECP-2026-0118'], 'ECP-2026-0118.pdf', { type: 'application/pdf' })] } });
    expect(within(dialog).queryByText('The file is larger than 10 MiB.')).not.toBeInTheDocument();
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ lotId: 7, composition: { certificateNo: 'ECP-2026-0118' }, version: 3 });
    const form = sent[1] as FormData;
    expect(form.get('lotId')).toBe('7');
    // (jsdom's File reaches the mock server as a plain blob: its content says it is the chosen file)
    expect(await (form.get('file') as Blob).text()).toBe('%PDF-1.7 ECP-2026-0118');
  });
});
