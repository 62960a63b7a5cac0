import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { SupplyPlanRow } from '@generated/model';
import SupplyPlanPage from './SupplyPlanPage';

function renderPlan(path = '/supply/plan') {
  const rootRoute = createRootRoute({ component: Outlet });
  const router = createRouter({
    routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/supply/plan', component: SupplyPlanPage })]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function planRow(overrides: Partial<SupplyPlanRow> = {}): SupplyPlanRow {
  return {
    preformId: 3,
    preformWarehouseId: 1,
    Preform: { id: 3, preformName: 'PET 28g', neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28, qtyPerBox: 2000 },
    PreformWarehouse: { id: 1, warehouseName: 'Riga North' },
    onHand: 20000,
    incoming: 0,
    qualifiedDemand: 10000,
    spikes: [{ day: '2026-12-03', preforms: 9000 }],
    netFlowPosition: 10000,
    zone: 'red',
    buffer: { adu: 1500, leadTimeDays: 14, red: 15750, yellow: 21000, green: 10500, topOfRed: 15750, topOfYellow: 36750, topOfGreen: 47250 },
    suggestion: { amount: 38000, boxes: 19, trucks: null, dueDate: '2026-12-14', shortfall: 37250, preformSupplyId: 7, manufacturerName: 'Retal Baltic Films', fingerprint: 'red:38000:2026-12-14' },
    weeks: [
      { week: '2026-11-23', start: 20000, supply: 0, requirement: 11000, end: 9000 },
      { week: '2026-11-30', start: 9000, supply: 38000, requirement: 3060, end: 43940 },
      { week: '2026-12-07', start: 43940, supply: 0, requirement: 0, end: 43940 },
      { week: '2026-12-14', start: 43940, supply: 20000, requirement: 3060, end: 60880 },
    ],
    ...overrides,
  };
}

const greenRow = planRow({
  preformId: 4,
  Preform: { id: 4, preformName: 'PET 40g', neck: '38-400', material: 'RPET', color: 'White', weight: 40, qtyPerBox: 1000 },
  PreformWarehouse: { id: 2, warehouseName: 'Riga South' },
  preformWarehouseId: 2,
  zone: 'green',
  netFlowPosition: 40000,
  onHand: 40000,
  qualifiedDemand: 0,
  spikes: [],
  suggestion: null,
});

type PlanBody = { preformId?: number; preformWarehouseId?: number; zones?: string[]; countForecasts?: boolean; pagination?: { page: number; rowsPerPage: number } };

/** The plan filtered as the API filters it (pair, warehouse, zones); returns the bodies it received. */
function servePlan(rows: SupplyPlanRow[]) {
  const bodies: PlanBody[] = [];
  server.use(
    http.post('*/api/admin/supply/plan/get', async ({ request }) => {
      const body = (await request.json()) as PlanBody;
      bodies.push(body);
      const found = rows.filter(
        (row) =>
          (!body.preformId || row.preformId === body.preformId) &&
          (!body.preformWarehouseId || row.preformWarehouseId === body.preformWarehouseId) &&
          (!body.zones || body.zones.includes(row.zone)),
      );
      return HttpResponse.json({ rows: found, count: found.length });
    }),
    http.post('*/api/admin/warehouses/get', () =>
      HttpResponse.json({ rows: [{ id: 1, warehouseName: 'Riga North', version: 0 }, { id: 2, warehouseName: 'Riga South', version: 0 }], count: 2 }),
    ),
    http.post('*/api/admin/supply/plan/lines/get', () =>
      HttpResponse.json({
        items: [{ orderItemId: 77, orderNo: 'PO-24-0117', company: 'Nordic Springs AB', articleNo: 'NS-0500-CL', dueDate: '2026-11-26', bottlesLeft: 6000, preforms: 6200, week: '2026-11-23' }],
        forecasts: [{ planId: 5, company: 'Fjord Water AS', articleNo: 'FW-1000', periodFrom: '2026-11-30', periodTo: '2026-12-13', plannedAmount: 10000, orderedAmount: 4000, preforms: 6120 }],
      }),
    ),
  );
  return bodies;
}

const table = () => screen.getAllByRole('table')[0]!;
/** The plan's table once the router has rendered the page. */
const firstTable = async () => (await screen.findAllByRole('table'))[0]!;

describe("admin '/supply/plan' supply plan", { timeout: 30_000 }, () => {
  it('lists each pair with its zone in words, the net flow numbers, the tops of the zones and the suggestion', async () => {
    const bodies = servePlan([planRow(), greenRow]);
    renderPlan();
    const red = (await within(await firstTable()).findByText('PET 28g - PET - Clear')).closest('tr')!;
    const cells = within(red).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['PET 28g - PET - Clear', 'Riga North', 'Red zone', '20,000', '0', '10,000', '10,000', '15,750', '36,750', '47,250', '38,000 due 14.12.2026']);
    const green = within(table()).getByText('PET 40g - RPET - White').closest('tr')!;
    expect(within(green).getByText('Green zone')).toBeInTheDocument();
    expect(within(green).getByText('—')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ countForecasts: true, pagination: { page: 1, rowsPerPage: 20 } });
    expect(screen.getByText('Choose a row to see its 13 weeks and what its requirements are made of.')).toBeInTheDocument();
  });

  it('says when no pair is in the filters', async () => {
    servePlan([]);
    renderPlan();
    expect(await screen.findByText('No preform has stock, open supply or requirements in these filters.')).toBeInTheDocument();
  });

  it('filters by zone, warehouse and whether forecasts count', async () => {
    const bodies = servePlan([planRow(), greenRow]);
    const user = userEvent.setup();
    renderPlan();
    await within(await firstTable()).findByText('PET 40g - RPET - White');
    await user.click(screen.getByRole('combobox', { name: 'Zones' }));
    await user.click(await screen.findByRole('option', { name: 'Red' }));
    await waitFor(() => expect(within(table()).queryByText('PET 40g - RPET - White')).not.toBeInTheDocument());
    expect(bodies.at(-1)).toEqual({ zones: ['red'], countForecasts: true, pagination: { page: 1, rowsPerPage: 20 } });
    await user.click(screen.getByRole('combobox', { name: 'Warehouse' }));
    await user.click(await screen.findByRole('option', { name: 'Riga South' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ zones: ['red'], preformWarehouseId: 2, countForecasts: true, pagination: { page: 1, rowsPerPage: 20 } }));
    await user.click(screen.getByRole('switch', { name: 'Count forecasts' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ zones: ['red'], preformWarehouseId: 2, countForecasts: false, pagination: { page: 1, rowsPerPage: 20 } }));
  });

  it('a chosen row shows its buffer, the 13 weeks as a chart and a table with the zone at each end, and the lines its requirements are made of', async () => {
    servePlan([planRow(), greenRow]);
    const user = userEvent.setup();
    const router = renderPlan();
    await user.click(await within(await firstTable()).findByText('PET 28g - PET - Clear'));
    const detail = within(await screen.findByRole('region', { name: 'PET 28g - PET - Clear at Riga North' }));
    expect(router.state.location.search).toEqual({ preformId: 3, preformWarehouseId: 1 });
    expect(detail.getByText('net flow 10,000: 26,750 below top of yellow 36,750; ordering up to top of green 47,250')).toBeInTheDocument();
    expect(detail.getByText(/spikes: 9,000 on 03\.12\.2026/)).toBeInTheDocument();
    expect(detail.getByText('Suggested: 38,000 pcs (19 boxes)')).toBeInTheDocument();
    expect(detail.getByText('Due 14.12.2026 from Retal Baltic Films')).toBeInTheDocument();
    expect(detail.getByRole('heading', { name: 'Projected stock, 13 weeks' })).toBeInTheDocument();
    const weeks = within(detail.getByRole('table', { name: 'Projection by week' })).getAllByRole('row').slice(1);
    expect(weeks.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['23.11.2026', '20,000', '0', '11,000', '9,000', 'Red zone'],
      ['30.11.2026', '9,000', '38,000', '3,060', '43,940', 'Green zone'],
      ['07.12.2026', '43,940', '0', '0', '43,940', 'Green zone'],
      ['14.12.2026', '43,940', '20,000', '3,060', '60,880', 'Over green zone'],
    ]);
    const items = within(await detail.findByRole('table', { name: 'Open order items' }));
    expect(items.getByRole('row', { name: /PO-24-0117 Nordic Springs AB NS-0500-CL 26\.11\.2026 6,000 6,200 23\.11\.2026/ })).toBeInTheDocument();
    const forecasts = within(detail.getByRole('table', { name: 'Forecasts not yet covered by orders' }));
    expect(forecasts.getByRole('row', { name: /Fjord Water AS FW-1000 30\.11\.2026 – 13\.12\.2026 10,000 4,000 6,120/ })).toBeInTheDocument();
  });

  it("opens the pair of the board's 'Plan' link, and 'Accept' there makes the order", async () => {
    servePlan([planRow(), greenRow]);
    const accepted: unknown[] = [];
    server.use(
      http.post('*/api/admin/supply/suggestion/accept', async ({ request }) => {
        accepted.push(await request.json());
        return HttpResponse.json({
          id: 42, orderStatus: 'pending', orderedAmount: 38000, dueDate: '2026-12-14', preformId: 3, preformWarehouseId: 1, preformSupplyId: 7, stock: false, clientProductionOrderId: null,
          Preform: planRow().Preform, PreformWarehouse: planRow().PreformWarehouse, PreformSupply: { id: 7, manufacturerId: 1, Manufacturer: { id: 1, manufacturerName: 'Retal Baltic Films' } }, ClientProductionOrder: null, version: 0,
        });
      }),
    );
    const user = userEvent.setup();
    renderPlan('/supply/plan?preformId=3&preformWarehouseId=1');
    const detail = within(await screen.findByRole('region', { name: 'PET 28g - PET - Clear at Riga North' }));
    await user.click(detail.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(accepted).toEqual([{ preformId: 3, preformWarehouseId: 1, fingerprint: 'red:38000:2026-12-14' }]));
    expect(await screen.findByText('Supply order of 38,000 preforms added to New.')).toBeInTheDocument();
  });
});

describe('the supply plan settings dialog', { timeout: 30_000 }, () => {
  function serveSettings(save: (body: unknown) => Response) {
    const saved: unknown[] = [];
    server.use(
      http.post('*/api/admin/supply/plan/settings/get', () => HttpResponse.json({ leadTimeFactor: 0.5, variabilityFactor: 0.5, minimumOrder: 1000, version: 3 })),
      http.post('*/api/admin/supply/plan/settings/save', async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return save(body);
      }),
    );
    return saved;
  }

  it('shows the stored factors, refuses values outside the contract with the catalogue texts, and saves with the version read', async () => {
    servePlan([]);
    const saved = serveSettings((body) => HttpResponse.json({ ...(body as { settings: object }).settings, version: 4 }));
    const user = userEvent.setup();
    renderPlan();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Supply plan settings' }));
    const leadTime = await dialog.findByRole('textbox', { name: 'Lead-time factor' });
    expect(leadTime).toHaveValue('0.5');
    expect(dialog.getByRole('textbox', { name: 'Minimum order (preforms)' })).toHaveValue('1,000');
    await user.clear(leadTime);
    await user.type(leadTime, '2');
    await user.clear(dialog.getByRole('textbox', { name: 'Minimum order (preforms)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Minimum order (preforms)' }), '500');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Field has to be between 0.1 and 1.')).toBeInTheDocument();
    expect(dialog.getByText('Field has to be between 1,000 and 10,000,000.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.clear(leadTime);
    await user.type(leadTime, '0.7');
    await user.clear(dialog.getByRole('textbox', { name: 'Minimum order (preforms)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Minimum order (preforms)' }), '5000');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ settings: { leadTimeFactor: 0.7, variabilityFactor: 0.5, minimumOrder: 5000, version: 3 } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a 409 keeps the input, says why and offers to reload the stored settings', async () => {
    servePlan([]);
    serveSettings(() =>
      HttpResponse.json(
        { type: 'about:blank', title: 'Conflict', status: 409, detail: 'The plan settings were changed by someone else meanwhile. Reload them and apply your change again.' },
        { status: 409, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    const user = userEvent.setup();
    renderPlan();
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Supply plan settings' }));
    const variability = await dialog.findByRole('textbox', { name: 'Variability factor' });
    await user.clear(variability);
    await user.type(variability, '0.8');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    const alert = within(await dialog.findByRole('alert'));
    expect(alert.getByText('The plan settings were changed by someone else meanwhile. Reload them and apply your change again.')).toBeInTheDocument();
    expect(variability).toHaveValue('0.8');
    await user.click(alert.getByRole('button', { name: 'Reload settings' }));
    await waitFor(() => expect(variability).toHaveValue('0.5'));
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
