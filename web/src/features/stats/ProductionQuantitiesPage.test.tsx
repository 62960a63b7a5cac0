import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuantityRow } from '@generated/model';
import ProductionQuantitiesPage from './ProductionQuantitiesPage';
import { renderAsClient, serveStats, SPARKLING, SPRING } from './stats.test-utils';

type Period = { from: string; to: string };
type DetailedBody = { productId: number; period: Period };

const TOTALS: QuantityRow[] = [
  { ...SPRING, producedAmount: 312_000, dueDate: null },
  { ...SPARKLING, producedAmount: 96_000, dueDate: null },
];
const days = (product: typeof SPRING, amounts: [string, number][]): QuantityRow[] =>
  amounts.map(([dueDate, producedAmount]) => ({ ...product, producedAmount, dueDate }));

const productPicker = () => screen.getByLabelText('Product', { selector: 'input' });

describe("client '/stats/production-quantity' production quantities report", { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 10, 0));
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the start of the current month to the end of the current year, shown MM.DD.YYYY', async () => {
    const bodies = serveStats<{ period: Period }>('stats/orders/quantities', () => TOTALS);
    renderAsClient(<ProductionQuantitiesPage />);
    expect(screen.getByRole('heading', { name: 'Production quantities' })).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveTextContent('11.01.2026 – 12.31.2026');
    await waitFor(() => expect(productPicker()).toBeEnabled());
    expect(bodies).toEqual([{ period: { from: '2026-11-01', to: '2026-12-31' } }]);
  });

  it('the date-range picker starts its weeks on Monday, and a picked range is asked for', async () => {
    const bodies = serveStats<{ period: Period }>('stats/orders/quantities', () => TOTALS);
    renderAsClient(<ProductionQuantitiesPage />);
    await userEvent.click(screen.getByLabelText('Period'));
    const weekdays = await screen.findAllByRole('columnheader');
    expect(weekdays.map((header) => header.textContent).slice(0, 7)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    await userEvent.click(screen.getByRole('button', { name: '3 November 2026' }));
    await userEvent.click(screen.getByRole('button', { name: '20 November 2026' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ period: { from: '2026-11-03', to: '2026-11-20' } }));
  });

  it("picking a product (as clicking its bar does) shows its sparkline with the period total from 'quantitiesdetailed'", async () => {
    serveStats<{ period: Period }>('stats/orders/quantities', () => TOTALS);
    const bodies = serveStats<DetailedBody>('stats/orders/quantitiesdetailed', () =>
      days(SPARKLING, [
        ['2026-11-09', 24_000],
        ['2026-11-10', 21_000],
        ['2026-11-12', 51_000],
      ]),
    );
    renderAsClient(<ProductionQuantitiesPage />);
    await waitFor(() => expect(productPicker()).toBeEnabled());
    expect(productPicker()).toHaveAttribute('placeholder', 'Click a bar or pick a product');
    expect(screen.queryByText('Period total')).not.toBeInTheDocument();
    await userEvent.click(productPicker());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['NS-0500 - Spring Water 0.5 L', 'NS-1500 - Sparkling Water 1.5 L']);
    await userEvent.click(screen.getByRole('option', { name: 'NS-1500 - Sparkling Water 1.5 L' }));
    const detail = await screen.findByRole('region', { name: 'NS-1500 - Sparkling Water 1.5 L' });
    expect(await within(detail).findByText('96,000')).toBeInTheDocument();
    expect(within(detail).getByText('Period total')).toBeInTheDocument();
    expect(within(detail).getByLabelText('Produced per day, 11.09.2026 to 11.12.2026')).toBeInTheDocument(); // the report writes MM.DD.YYYY, as its picker (part 2.4)
    expect(bodies).toEqual([{ productId: 22, period: { from: '2026-11-01', to: '2026-12-31' } }]);
  });

  it('a product without production days in the period says so', async () => {
    serveStats<{ period: Period }>('stats/orders/quantities', () => TOTALS);
    serveStats<DetailedBody>('stats/orders/quantitiesdetailed', () => []);
    renderAsClient(<ProductionQuantitiesPage />);
    await waitFor(() => expect(productPicker()).toBeEnabled());
    await userEvent.click(productPicker());
    await userEvent.click(screen.getByRole('option', { name: 'NS-0500 - Spring Water 0.5 L' }));
    const detail = await screen.findByRole('region', { name: 'NS-0500 - Spring Water 0.5 L' });
    expect(await within(detail).findByText('No production days in this period')).toBeInTheDocument();
  });

  it('a period without production says so, with a hint, and there is no product to pick', async () => {
    serveStats<{ period: Period }>('stats/orders/quantities', () => []);
    renderAsClient(<ProductionQuantitiesPage />);
    expect(await screen.findByText('No production in this period')).toBeInTheDocument();
    expect(screen.getByText('Pick a longer period.')).toBeInTheDocument();
    expect(productPicker()).toBeDisabled();
  });

  it('a failed load says why and Retry loads again', async () => {
    let fail = true;
    const bodies = serveStats<{ period: Period }>('stats/orders/quantities', () => (fail ? 500 : TOTALS));
    renderAsClient(<ProductionQuantitiesPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The database is not reachable.')).toBeInTheDocument();
    expect(screen.queryByText('No production in this period')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(productPicker()).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(2);
  });

  it("a failed product detail says why inside the product's card, and Retry loads it", async () => {
    let fail = true;
    serveStats<{ period: Period }>('stats/orders/quantities', () => TOTALS);
    serveStats<DetailedBody>('stats/orders/quantitiesdetailed', () => (fail ? 500 : days(SPRING, [['2026-11-09', 7_000]])));
    renderAsClient(<ProductionQuantitiesPage />);
    await waitFor(() => expect(productPicker()).toBeEnabled());
    await userEvent.click(productPicker());
    await userEvent.click(screen.getByRole('option', { name: 'NS-0500 - Spring Water 0.5 L' }));
    const detail = await screen.findByRole('region', { name: 'NS-0500 - Spring Water 0.5 L' });
    const alert = await within(detail).findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(detail).findByText('7,000')).toBeInTheDocument();
  });
});
