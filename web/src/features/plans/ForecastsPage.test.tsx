import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { ClientProductionPlan } from '@generated/model';
import { renderForecastsAt } from './forecastRoutes.test-utils';
import { onAPhone } from '../../test/phone.test-utils';
import { speaking } from '../../test/locale.test-utils';

const plan = (id: number, periodFrom: string, periodTo: string, updatedAt: Date): ClientProductionPlan => ({
  id, periodFrom, periodTo, updatedAt: updatedAt.toISOString(), clientId: 'nordic-springs', version: 1,
});
// Local times, so the expected 'DD.MM.YYYY HH:mm' holds in any time zone.
const MARCH = plan(8, '2026-03-02', '2026-03-29', new Date(2026, 1, 20, 10, 45));
const FEBRUARY = plan(7, '2026-02-01', '2026-02-28', new Date(2026, 0, 5, 8, 5));

function serve(rows: ClientProductionPlan[] = [MARCH, FEBRUARY]) {
  const requests: unknown[] = [];
  const deleted: unknown[] = [];
  server.use(
    http.post('*/api/client/plans/get', async ({ request }) => {
      requests.push(await request.json());
      return HttpResponse.json({ rows, count: rows.length });
    }),
    http.post('*/api/client/plans/delete', async ({ request }) => {
      deleted.push(await request.json());
      rows = rows.filter((row) => !(deleted.at(-1) as { planIds: number[] }).planIds.includes(row.id));
      return HttpResponse.json({ ok: true });
    }),
    http.get('*/api/client/plan/get/:id', () => HttpResponse.json({ plan: null, products: [], planItems: [] })),
  );
  return { requests, deleted };
}

const select = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) })).getByRole('checkbox');

describe("client /planning 'Forecasts'", { timeout: 30_000 }, () => {
  it('lists Period (from ~ to) and Updated at (DD.MM.YYYY HH:mm), 20 per page sorted by periodFrom descending', async () => {
    const api = serve();
    renderForecastsAt('/planning');
    const row = within(await screen.findByRole('row', { name: /02\.03\.2026 ~ 29\.03\.2026/ }));
    expect(row.getByText('20.02.2026 10:45')).toBeInTheDocument();
    expect(screen.getByText('01.02.2026 ~ 28.02.2026')).toBeInTheDocument();
    const headers = within(screen.getAllByRole('rowgroup')[0]!);
    expect(headers.getByText('Period')).toBeInTheDocument();
    expect(headers.getByText('Updated at')).toBeInTheDocument();
    expect(api.requests[0]).toEqual({ pagination: { page: 1, rowsPerPage: 20, sortBy: 'periodFrom', descending: true } });
  });

  it('offers the page sizes 20, 50 and 100 and asks for the chosen one', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderForecastsAt('/planning');
    await screen.findByText('01.02.2026 ~ 28.02.2026');
    await user.click(screen.getByRole('button', { name: '20' }));
    const sizes = await screen.findAllByRole('menuitem');
    expect(sizes.map((item) => item.textContent)).toEqual(['20', '50', '100']);
    await user.click(screen.getByRole('menuitem', { name: '50' }));
    await waitFor(() => expect(api.requests.at(-1)).toEqual({ pagination: { page: 1, rowsPerPage: 50, sortBy: 'periodFrom', descending: true } }));
  });

  it('Delete is disabled without a selection, asks first, then deletes the selected forecasts, says so and reloads', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderForecastsAt('/planning');
    await screen.findByText('01.02.2026 ~ 28.02.2026');
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.click(select('02.03.2026'));
    await user.click(select('01.02.2026'));
    expect(remove).toBeEnabled();
    await user.click(remove);
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure you want to delete these 2 items?')).toBeInTheDocument();
    expect(api.deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleted).toEqual([{ planIds: [8, 7] }]));
    expect(await screen.findByText('2 forecasts deleted.')).toBeInTheDocument();
    expect(await screen.findByText(/No forecasts yet/)).toBeInTheDocument();
    expect(api.requests).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  it('Cancel in the confirmation deletes nothing', async () => {
    const api = serve();
    const user = userEvent.setup();
    renderForecastsAt('/planning');
    await screen.findByText('01.02.2026 ~ 28.02.2026');
    await user.click(select('02.03.2026'));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.deleted).toEqual([]);
  });

  it('New goes to /planning/new; a row click and Enter on a row go to /planning/{id}', async () => {
    serve();
    const user = userEvent.setup();
    const router = renderForecastsAt('/planning');
    expect(await screen.findByRole('link', { name: 'Forecast 02.03.2026 ~ 29.03.2026' })).toHaveAttribute('href', '/planning/8');
    await user.click(await screen.findByText('02.03.2026 ~ 29.03.2026'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/8'));

    await router.navigate({ to: '/planning' });
    await user.click(await screen.findByRole('button', { name: 'New' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/new'));

    await router.navigate({ to: '/planning' });
    const row = (await screen.findByText('01.02.2026 ~ 28.02.2026')).closest('tr')!;
    row.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/7'));
  });

  it('without forecasts the table says how to start', async () => {
    serve([]);
    renderForecastsAt('/planning');
    expect(await screen.findByText('No forecasts yet. Use New to plan the quantities of a period.')).toBeInTheDocument();
  });

  it('a failed load says why and retries on request', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/client/plans/get', () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ title: 'Internal Server Error', status: 500, detail: 'The database is not reachable.' }, { status: 500 })
          : HttpResponse.json({ rows: [MARCH], count: 1 });
      }),
    );
    const user = userEvent.setup();
    renderForecastsAt('/planning');
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('02.03.2026 ~ 29.03.2026')).toBeInTheDocument();
  });
});

describe("client /planning on a phone", { timeout: 30_000 }, () => {
  it('shows each forecast as a card with its period and Updated at; the checkbox selects it, the card opens it', async () => {
    serve();
    onAPhone();
    const user = userEvent.setup();
    const router = renderForecastsAt('/planning');
    const card = within((await screen.findByText('02.03.2026 ~ 29.03.2026')).closest('li')!);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card.getByText('Updated at')).toBeInTheDocument();
    expect(card.getByText('20.02.2026 10:45')).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await user.click(card.getByRole('checkbox', { name: 'Select forecast 02.03.2026 ~ 29.03.2026' }));
    expect(remove).toBeEnabled();
    await user.click(screen.getByText('01.02.2026 ~ 28.02.2026'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning/7'));
  });
});

describe("'Forecasts' in Swedish", { timeout: 30_000 }, () => {
  speaking('sv');

  it('speaks Swedish from the plans catalogue, with Swedish days and times', async () => {
    serve();
    renderForecastsAt('/planning');
    expect(await screen.findByRole('heading', { name: 'Prognoser' })).toBeInTheDocument();
    // Swedish writes a day as ISO 8601.
    const row = within(await screen.findByRole('row', { name: /2026-03-02 ~ 2026-03-29/ }));
    expect(row.getByText(/^2026-02-20\s10[:.]45$/)).toBeInTheDocument();
    const headers = within(screen.getAllByRole('rowgroup')[0]!);
    expect(headers.getByText('Period')).toBeInTheDocument();
    expect(headers.getByText('Uppdaterad')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ny' })).toBeInTheDocument();
  });
});
