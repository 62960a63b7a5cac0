import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import type { DeliveryPerformance } from '@generated/model';
import { server } from '../../../../mocks/node';
import { AppContext } from '../../app/context';
import { faceFor } from '../../app/faces';
import { mockSession } from '../../app/mockSession';
import { renderWithProviders } from '../../test/render.test-utils';
import AdminDeliveryPage from './AdminDeliveryPage';
import DeliveryPage from './DeliveryPage';
import { renderAsClient, serveStats, SPRING } from './stats.test-utils';
import { onAPhone } from '../../test/phone.test-utils';
import { captureDownloads } from '../downtime/downtime.test-utils';
import { exportAs, serveExport } from '../../test/exports.test-utils';
import { plainSpaces, speakLocale } from '../../test/locale.test-utils';

type Period = { from: string; to: string };

const FIGURES: DeliveryPerformance = {
  months: [
    { month: '2026-01-01', items: 2, onTimeInFull: 1, otifRate: 0.5, fillRate: 0.75 },
    { month: '2026-02-01', items: 1, onTimeInFull: 0, otifRate: 0, fillRate: 0 },
  ],
  products: [
    { clientProductId: SPRING.id, articleNo: SPRING.articleNo, productName: SPRING.productName, month: '2026-01-01', forecast: 12_000, ordered: 2_000, produced: 2_000, accuracy: 2_000 / 12_000 },
  ],
  items: 3,
  onTimeInFull: 1,
  otifRate: 1 / 3,
  fillRate: 0.15,
  forecastAccuracy: 0.4762,
};

describe("client '/stats/delivery'", { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the last twelve whole months and shows each figure with what it is made of', async () => {
    const bodies = serveStats<{ period: Period }>('stats/delivery/get', () => FIGURES);
    renderAsClient(<DeliveryPage />);
    expect(await screen.findByText('33%')).toBeInTheDocument();
    expect(bodies).toEqual([{ period: { from: '2025-12-01', to: '2026-11-30' } }]);
    expect(screen.getByText('1 of 3 items due were produced in full by their due day')).toBeInTheDocument();
    expect(screen.getByText('15%')).toBeInTheDocument();
    expect(screen.getByText('12,000 bottles forecast against 2,000 ordered')).toBeInTheDocument();
    const products = screen.getByRole('region', { name: 'Forecast, ordered and produced per product' });
    const row = within(products).getByRole('row', { name: /Jan 2026/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Jan 2026', 'NS-0500 - Spring Water 0.5 L', '12,000', '2,000', '2,000', '17%']);
    expect(screen.getByRole('region', { name: 'Trend per month' })).toBeInTheDocument();
  });

  it('speaks Swedish to a Swedish client: its words, Swedish percentages, thousands and month names', async () => {
    serveStats('stats/delivery/get', () => FIGURES);
    await speakLocale('sv');
    renderAsClient(<DeliveryPage />);
    expect(await screen.findByRole('heading', { name: 'Leverans', level: 2 })).toBeInTheDocument();
    await screen.findByText('I tid och komplett');
    const figure = (label: string) => plainSpaces(screen.getByText(label).parentElement!.textContent);
    expect(figure('I tid och komplett')).toBe('I tid och komplett33 %1 av 3 förfallna rader producerades fullt ut senast på leveransdagen');
    expect(figure('Prognosträffsäkerhet')).toBe('Prognosträffsäkerhet48 %12 000 flaskor i prognos mot 2 000 beställda');
    const products = screen.getByRole('region', { name: 'Prognos, beställt och producerat per produkt' });
    const row = within(products).getByRole('row', { name: /2026/ });
    expect(within(row).getAllByRole('cell').map((cell) => plainSpaces(cell.textContent))).toEqual(['jan. 2026', 'NS-0500 - Spring Water 0.5 L', '12 000', '2 000', '2 000', '17 %']);
    expect(within(products).getByRole('columnheader', { name: 'Träffsäkerhet' })).toBeInTheDocument();
  });

  it('on a phone each product and month is a card with its figures labelled instead of a table row', async () => {
    serveStats('stats/delivery/get', () => FIGURES);
    onAPhone();
    renderAsClient(<DeliveryPage />);
    const products = await screen.findByRole('region', { name: 'Forecast, ordered and produced per product' });
    expect(within(products).queryByRole('table')).not.toBeInTheDocument();
    const card = within(within(products).getByRole('listitem'));
    expect(card.getByText('Jan 2026, NS-0500 - Spring Water 0.5 L')).toBeInTheDocument();
    for (const [label, value] of [
      ['Forecast', '12,000'],
      ['Ordered', '2,000'],
      ['Produced', '2,000'],
      ['Accuracy', '17%'],
    ]) {
      const field = card.getByText(label!).parentElement!;
      expect(within(field).getByText(value!)).toBeInTheDocument();
    }
  });

  it('a period without items or forecasts says so', async () => {
    serveStats('stats/delivery/get', () => ({ ...FIGURES, months: [], products: [], items: 0, onTimeInFull: 0, otifRate: null, fillRate: null, forecastAccuracy: null }));
    renderAsClient(<DeliveryPage />);
    expect(await screen.findByText('No order items and no forecasts in this period')).toBeInTheDocument();
  });

  it('a failed load says why and Retry loads again', async () => {
    let fail = true;
    serveStats('stats/delivery/get', () => (fail ? 500 : FIGURES));
    renderAsClient(<DeliveryPage />);
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('33%')).toBeInTheDocument();
  });
});

describe("admin '/delivery'", { timeout: 30_000 }, () => {
  it('ranks clients and suppliers worst first, and a client opens its months and products', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/admin/stats/delivery/get', async ({ request }) => {
        const body = (await request.json()) as { clientId?: string };
        bodies.push(body);
        return HttpResponse.json({
          clients: [
            { clientId: 'a', company: 'Nordic Springs AB', items: 3, onTimeInFull: 1, otifRate: 1 / 3, fillRate: 0.15, forecastAccuracy: 0.48 },
            { clientId: 'b', company: 'Baltic Beverages', items: 1, onTimeInFull: 1, otifRate: 1, fillRate: 1, forecastAccuracy: null },
          ],
          suppliers: [{ manufacturerId: 2, manufacturerName: 'Slow Preforms', delivered: 4, onTime: 1, onTimeRate: 0.25 }],
          ...(body.clientId ? { client: FIGURES } : {}),
        });
      }),
    );
    const session = mockSession('admin');
    renderWithProviders(
      <AppContext.Provider value={{ session, face: faceFor(session.user), contactEmail: 'support@example.com' }}>
        <AdminDeliveryPage />
      </AppContext.Provider>,
    );
    const clients = await screen.findByRole('region', { name: 'Clients' });
    const rows = within(clients).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['Nordic Springs AB', 'Baltic Beverages']);
    expect(within(rows[0]).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Nordic Springs AB', '3', '33% (1)', '15%', '48%']);
    expect(within(rows[1]).getAllByRole('cell')[4].textContent).toBe('–');
    const suppliers = screen.getByRole('region', { name: 'Suppliers' });
    expect(within(suppliers).getByRole('row', { name: /Slow Preforms/ })).toHaveTextContent('25%');
    await userEvent.click(within(clients).getByRole('button', { name: 'Nordic Springs AB' }));
    const detail = await screen.findByRole('region', { name: 'Delivery of Nordic Springs AB' });
    expect(await within(detail).findByText('1 of 3 items due were produced in full by their due day')).toBeInTheDocument();
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ clientId: 'a' }));
  });
});

describe("client '/stats/delivery' Export", { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  it('exports the figures of the period shown', async () => {
    serveStats('stats/delivery/get', () => FIGURES);
    const bodies = serveExport('client/stats/delivery/export', 'delivery-2025-12-01-2026-11-30.xlsx');
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderAsClient(<DeliveryPage />);
    await screen.findByText('33%');
    await exportAs(user, 'Excel');
    await waitFor(() => expect(saved).toEqual(['delivery-2025-12-01-2026-11-30.xlsx']));
    expect(bodies).toEqual([{ format: 'xlsx', period: { from: '2025-12-01', to: '2026-11-30' } }]);
  });
});

describe("admin '/delivery' Export", { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  it('exports the ranking of the period shown', async () => {
    server.use(
      http.post('*/api/admin/stats/delivery/get', () =>
        HttpResponse.json({
          clients: [{ clientId: 'a', company: 'Nordic Springs AB', items: 3, onTimeInFull: 1, otifRate: 1 / 3, fillRate: 0.15, forecastAccuracy: 0.48 }],
          suppliers: [],
        }),
      ),
    );
    const bodies = serveExport('admin/stats/delivery/export', 'delivery-ranking-2025-12-01-2026-11-30.csv');
    const saved = captureDownloads();
    const user = userEvent.setup();
    const session = mockSession('admin');
    renderWithProviders(
      <AppContext.Provider value={{ session, face: faceFor(session.user), contactEmail: 'support@example.com' }}>
        <AdminDeliveryPage />
      </AppContext.Provider>,
    );
    await screen.findByRole('button', { name: 'Nordic Springs AB' });
    await exportAs(user, 'CSV');
    await waitFor(() => expect(saved).toEqual(['delivery-ranking-2025-12-01-2026-11-30.csv']));
    expect(bodies).toEqual([{ format: 'csv', period: { from: '2025-12-01', to: '2026-11-30' } }]);
  });
});
