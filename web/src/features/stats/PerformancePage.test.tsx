import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStatsGetFillRate200, ClientStatsGetProducedQuantities200 } from '@generated/model';
import PerformancePage from './PerformancePage';
import { renderAsClient, serveStats, SPARKLING, SPRING } from './stats.test-utils';

const productFilter = () => screen.getByLabelText('Product', { selector: 'input' });

type ApexBody = { startOf: string; endOf: string; productId: number };

/** Produced per day: 24,000 on the 9th and 10th of the period's month, 0 on the other days asked for. */
const produced = (body: ApexBody, name = 'Produced'): ClientStatsGetProducedQuantities200 => ({
  series: [{ name, data: [{ x: body.startOf, y: 0 }, { x: body.endOf, y: 24_000 }] }],
  products: [SPRING, SPARKLING],
});

const FILL_RATE: ClientStatsGetFillRate200 = {
  series: [{ name: 'NS-0500 - Spring Water 0.5 L', clientProductId: 21, data: [1, 0, -2] }],
  categories: ['2026-11-09', '2026-11-10', '2026-11-11'],
  details: [
    { clientProductId: 21, date: '2026-11-09', plannedAmount: 24_000, produced: 24_100 },
    { clientProductId: 21, date: '2026-11-10', plannedAmount: 24_000, produced: 21_000 },
  ],
};

describe("client '/stats/dashboard' performance dashboard", { timeout: 30_000 }, () => {
  beforeEach(() => {
    // A fixed "today" (only the clock is faked; timers stay real for MSW and Mantine).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it("greets 'Welcome, ' and the user's name, and opens on 'Produced Quantities' for all products over 1M", async () => {
    const bodies = serveStats<ApexBody>('apex/get', (body) => produced(body));
    renderAsClient(<PerformancePage />);
    expect(screen.getByRole('heading', { name: 'Welcome, Mock User' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Produced Quantities' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Order Fill Rate' })).toHaveAttribute('aria-selected', 'false');
    expect(await screen.findByText('01.11.2026 – 30.11.2026: 24,000 bottles produced')).toBeInTheDocument();
    expect(bodies).toEqual([{ startOf: '2026-11-01', endOf: '2026-11-30', productId: 0 }]);
    expect(productFilter()).toHaveValue('All products');
    expect(screen.getByRole('radio', { name: '1M' })).toBeChecked();
  });

  it('the period toggles 6M and YTD ask for six months back to the end of this month, and the start of the year to today', async () => {
    const bodies = serveStats<ApexBody>('apex/get', (body) => produced(body));
    renderAsClient(<PerformancePage />);
    await screen.findByText(/bottles produced/);
    await userEvent.click(screen.getByRole('radio', { name: '6M' }));
    expect(await screen.findByText('01.05.2026 – 30.11.2026: 24,000 bottles produced')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'YTD' }));
    expect(await screen.findByText('01.01.2026 – 22.11.2026: 24,000 bottles produced')).toBeInTheDocument();
    expect(bodies.map((body) => [body.startOf, body.endOf])).toEqual([
      ['2026-11-01', '2026-11-30'],
      ['2026-05-01', '2026-11-30'],
      ['2026-01-01', '2026-11-22'],
    ]);
  });

  it("the product filter lists 'article - name' after all products (0) and asks for the picked product's id", async () => {
    const bodies = serveStats<ApexBody>('apex/get', (body) => produced(body, body.productId ? 'NS-1500 - Sparkling Water 1.5 L' : 'Produced'));
    renderAsClient(<PerformancePage />);
    await screen.findByText(/bottles produced/);
    await userEvent.click(productFilter());
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['All products', 'NS-0500 - Spring Water 0.5 L', 'NS-1500 - Sparkling Water 1.5 L']);
    await userEvent.click(screen.getByRole('option', { name: 'NS-1500 - Sparkling Water 1.5 L' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ startOf: '2026-11-01', endOf: '2026-11-30', productId: 22 }));
    expect(productFilter()).toHaveValue('NS-1500 - Sparkling Water 1.5 L');
  });

  it('a period without production says so, with a hint', async () => {
    serveStats<ApexBody>('apex/get', (body) => ({ series: [{ name: 'Produced', data: [{ x: body.startOf, y: 0 }] }], products: [SPRING] }));
    renderAsClient(<PerformancePage />);
    expect(await screen.findByText('No bottles produced in this period')).toBeInTheDocument();
    expect(screen.getByText('Pick a longer period or another product.')).toBeInTheDocument();
  });

  it('a failed load says why and Retry loads again', async () => {
    let fail = true;
    const bodies = serveStats<ApexBody>('apex/get', (body) => (fail ? 500 : produced(body)));
    renderAsClient(<PerformancePage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The database is not reachable.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/24,000 bottles produced/)).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
  });

  describe("tab 'Order Fill Rate'", () => {
    it('asks for the current month (YYYY-MM) and shows the legend none, Bad, Medium, Good', async () => {
      serveStats<ApexBody>('apex/get', (body) => produced(body));
      const bodies = serveStats<{ month: string }>('charts/fillRateDate/get', () => FILL_RATE);
      renderAsClient(<PerformancePage />);
      await userEvent.click(screen.getByRole('tab', { name: 'Order Fill Rate' }));
      expect(await screen.findByRole('img', { name: /09\.11\.2026/ })).toBeInTheDocument();
      expect(bodies).toEqual([{ month: '2026-11' }]);
      expect(screen.getByLabelText('Month')).toHaveTextContent('2026-11');
      const legend = screen.getByRole('list', { name: 'Fill rate legend' });
      expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['none', 'Bad', 'Medium', 'Good']);
    });

    it('a cell per product and day in its bucket colour; its tooltip shows Planned and Produced', async () => {
      serveStats<ApexBody>('apex/get', (body) => produced(body));
      serveStats<{ month: string }>('charts/fillRateDate/get', () => FILL_RATE);
      renderAsClient(<PerformancePage />);
      await userEvent.click(screen.getByRole('tab', { name: 'Order Fill Rate' }));
      const good = await screen.findByRole('img', { name: 'NS-0500 - Spring Water 0.5 L, 09.11.2026: Good. Planned 24,000, Produced 24,100' });
      const medium = screen.getByRole('img', { name: 'NS-0500 - Spring Water 0.5 L, 10.11.2026: Medium. Planned 24,000, Produced 21,000' });
      const none = screen.getByRole('img', { name: 'NS-0500 - Spring Water 0.5 L, 11.11.2026: none. Nothing planned' });
      expect(good).toHaveStyle({ fill: 'var(--mantine-color-green-6)' });
      expect(medium).toHaveStyle({ fill: 'var(--mantine-color-yellow-5)' });
      expect(none).toHaveStyle({ fill: 'var(--mantine-color-gray-3)' });
      fireEvent.pointerEnter(medium);
      expect(await screen.findByText('Planned 24,000, Produced 21,000')).toBeInTheDocument();
      expect(screen.getByText('NS-0500 - Spring Water 0.5 L, 10.11.2026: Medium')).toBeInTheDocument();
    });

    it('picking another month asks for it', async () => {
      serveStats<ApexBody>('apex/get', (body) => produced(body));
      const bodies = serveStats<{ month: string }>('charts/fillRateDate/get', () => FILL_RATE);
      renderAsClient(<PerformancePage />);
      await userEvent.click(screen.getByRole('tab', { name: 'Order Fill Rate' }));
      await screen.findAllByRole('img');
      await userEvent.click(screen.getByLabelText('Month'));
      await userEvent.click(await screen.findByRole('button', { name: /Sep/ }));
      await waitFor(() => expect(bodies.at(-1)).toEqual({ month: '2026-09' }));
    });

    it('without products it says so, with a hint', async () => {
      serveStats<ApexBody>('apex/get', (body) => produced(body));
      serveStats<{ month: string }>('charts/fillRateDate/get', () => ({ series: [], categories: ['2026-11-01'], details: [] }));
      renderAsClient(<PerformancePage />);
      await userEvent.click(screen.getByRole('tab', { name: 'Order Fill Rate' }));
      expect(await screen.findByText('No products to show')).toBeInTheDocument();
      expect(screen.getByText('The fill rate appears once you have products with orders.')).toBeInTheDocument();
    });
  });
});
