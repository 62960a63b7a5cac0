import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { PlanLoad, PlanLoadResult } from '@generated/model';
import { renderForecastsAt } from './forecastRoutes.test-utils';
import { AWKWARD_INSTANTS, pinClock } from '../../test/clock.test-utils';

/** An ordinary Wednesday (local time), mid-month. */
const WEDNESDAY = '2026-11-18T09:00:00';

const PRODUCTS = [
  { id: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L' },
  { id: 22, articleNo: 'NS-1500', productName: 'Sparkling Water 1.5 L' },
  { id: 23, articleNo: 'NS-0330', productName: 'Kids Water 0.33 L' },
];
const PLAN: PlanLoad = {
  plan: { id: 8, periodFrom: '2026-03-02', periodTo: '2026-03-29', updatedAt: '2026-02-20T10:45:00Z', clientId: 'nordic-springs', version: 3 },
  products: PRODUCTS,
  planItems: [
    { clientProductId: 21, plannedAmount: 150000 },
    { clientProductId: 23, plannedAmount: 40000 },
  ],
};
const NEW: PlanLoad = { plan: null, products: PRODUCTS, planItems: [] };

type SaveAnswer = { status: number; body: unknown };
const SAVED = { status: 200, body: { ...PLAN.plan, version: 4 } };

/** Serves the editor's load (by id) and plan/save with the given answers in turn; returns the save bodies. */
function serve(loads: Record<string, PlanLoadResult | PlanLoadResult[]>, answers: SaveAnswer[] = [SAVED]) {
  const saved: { Plan: Record<string, unknown> }[] = [];
  const loadCount: Record<string, number> = {};
  server.use(
    http.get('*/api/client/plan/get/:id', ({ params }) => {
      const id = String(params.id);
      const answer = loads[id];
      if (!answer) return HttpResponse.json({ title: 'Not Found', status: 404, detail: 'Forecast not found.' }, { status: 404 });
      loadCount[id] = (loadCount[id] ?? 0) + 1;
      return HttpResponse.json(Array.isArray(answer) ? answer[Math.min(loadCount[id] - 1, answer.length - 1)] : answer);
    }),
    http.post('*/api/client/plan/save', async ({ request }) => {
      saved.push((await request.json()) as (typeof saved)[number]);
      const answer = answers[Math.min(saved.length - 1, answers.length - 1)]!;
      return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
    }),
    http.post('*/api/client/plans/get', () => HttpResponse.json({ rows: [], count: 0 })),
  );
  return { saved };
}

const quantityButton = (articleNo: string) => screen.getByRole('button', { name: new RegExp(`^Edit planned quantity of ${articleNo}:`) });
const rowOf = (articleNo: string) => within(screen.getByRole('row', { name: new RegExp(articleNo) }));

/** Opens the editor at `path` and waits for its products. */
async function openEditor(path: string) {
  const user = userEvent.setup();
  const router = renderForecastsAt(path);
  await screen.findByText('Spring Water 0.5 L');
  return { user, router };
}

/** Opens a row's planned quantity, types over it and presses Enter (confirm). */
async function typeQuantity(user: ReturnType<typeof userEvent.setup>, articleNo: string, text: string) {
  await user.click(quantityButton(articleNo));
  await user.keyboard(`{Control>}a{/Control}${text}{Enter}`);
}

describe("client /planning/{id} 'Forecast edit'", { timeout: 30_000 }, () => {
  pinClock(WEDNESDAY);
  it('shows the planned period as two chips and lists every product, 0 for products without a plan item', async () => {
    serve({ '8': PLAN });
    renderForecastsAt('/planning/8');
    expect(await screen.findByText('Spring Water 0.5 L')).toBeInTheDocument();
    const chips = within(screen.getByRole('group', { name: 'Planned period' }));
    expect(chips.getByText('From 02.03.2026')).toBeInTheDocument();
    expect(chips.getByText('To 29.03.2026')).toBeInTheDocument();
    expect(rowOf('NS-0500').getByText('150,000')).toBeInTheDocument();
    expect(rowOf('NS-1500').getByText('Sparkling Water 1.5 L')).toBeInTheDocument();
    expect(rowOf('NS-1500').getByText('0')).toBeInTheDocument();
    expect(rowOf('NS-0330').getByText('40,000')).toBeInTheDocument();
    const headers = within(screen.getAllByRole('rowgroup')[0]!);
    for (const title of ['Article no.', 'Title', 'Planned quantity']) expect(headers.getByText(title)).toBeInTheDocument();
  });

  it('edits a planned quantity inline (Enter confirms, Escape cancels) and Save plan sends id, version, period and every quantity', async () => {
    const api = serve({ '8': PLAN });
    const { user, router } = await openEditor('/planning/8');

    await user.click(quantityButton('NS-1500'));
    const input = screen.getByRole('textbox', { name: 'Planned quantity of NS-1500' });
    expect(input).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}75000{Enter}');
    expect(rowOf('NS-1500').getByText('75,000')).toBeInTheDocument();
    expect(quantityButton('NS-1500')).toHaveFocus();

    await user.keyboard('{Enter}'); // the focused number opens again
    await user.keyboard('{Control>}a{/Control}99{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Planned quantity of NS-1500' })).not.toBeInTheDocument();
    expect(rowOf('NS-1500').getByText('75,000')).toBeInTheDocument();

    await user.click(quantityButton('NS-0500'));
    await user.clear(screen.getByRole('textbox', { name: 'Planned quantity of NS-0500' }));
    await user.type(screen.getByRole('textbox', { name: 'Planned quantity of NS-0500' }), '0');
    await user.click(screen.getByRole('button', { name: 'Confirm quantity' }));

    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.saved).toHaveLength(1));
    expect(api.saved[0]).toEqual({
      Plan: {
        id: 8,
        version: 3,
        periodFrom: '2026-03-02',
        periodTo: '2026-03-29',
        ClientProductionPlanItems: [
          { clientProductId: 21, plannedAmount: 0 },
          { clientProductId: 22, plannedAmount: 75000 },
          { clientProductId: 23, plannedAmount: 40000 },
        ],
      },
    });
    expect(await screen.findByText('Forecast saved.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning'));
  });

  it('opening another row confirms the open edit and moves the focus to the new input', async () => {
    serve({ '8': PLAN });
    const { user } = await openEditor('/planning/8');
    await user.click(quantityButton('NS-1500'));
    await user.keyboard('{Control>}a{/Control}2500');
    await user.click(quantityButton('NS-0500'));
    expect(rowOf('NS-1500').getByText('2,500')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Planned quantity of NS-0500' })).toHaveFocus();
  });

  it("a planned quantity beyond the contract's range is not taken: the message says the range, and Save plan sends nothing", async () => {
    const api = serve({ '8': PLAN });
    const { user } = await openEditor('/planning/8');
    await user.click(quantityButton('NS-0500'));
    const input = screen.getByRole('textbox', { name: 'Planned quantity of NS-0500' });
    await user.keyboard('{Control>}a{/Control}123456789{Enter}');
    expect(await screen.findByText('Field has to be between 0 and 100,000,000.')).toBeInTheDocument();
    expect(input).toBeInTheDocument();
    await user.clear(input);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Field is required.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(screen.getByText('Field is required.')).toBeInTheDocument();
    expect(api.saved).toEqual([]);
  });

  it("when the load response carries an error the table shows 'There has been an error: ' and the error", async () => {
    serve({ '8': { error: 'The forecast could not be read.' } });
    renderForecastsAt('/planning/8');
    expect(await screen.findByText('There has been an error: The forecast could not be read.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save plan' })).toBeDisabled();
  });

  it("a forecast that cannot be loaded says 'There has been an error: ' and the reason, and Retry loads it again", async () => {
    let fail = true;
    serve({ '8': PLAN });
    server.use(
      http.get('*/api/client/plan/get/:id', () =>
        fail
          ? HttpResponse.json(
              { title: 'Not Found', status: 404, detail: 'No forecast 8 of your company.' },
              { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
            )
          : HttpResponse.json(PLAN),
      ),
    );
    const user = userEvent.setup();
    renderForecastsAt('/planning/8');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^There has been an error: No forecast 8 of your company\.Retry$/);
    expect(screen.queryByText('Could not load')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Spring Water 0.5 L')).toBeInTheDocument();
  });

  it('a stale version (409) keeps the edits and says someone else changed the forecast; Reload forecast loads the current one', async () => {
    const fresh: PlanLoad = { ...PLAN, plan: { ...PLAN.plan!, version: 5 }, planItems: [{ clientProductId: 21, plannedAmount: 180000 }] };
    const api = serve({ '8': [PLAN, fresh] }, [
      { status: 409, body: { title: 'Conflict', status: 409, detail: 'This forecast was changed by someone else meanwhile. Reload it and apply your change again.' } },
    ]);
    const { user, router } = await openEditor('/planning/8');
    await typeQuantity(user, 'NS-1500', '5000');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this forecast meanwhile. Reload it and apply your changes again.');
    expect(rowOf('NS-1500').getByText('5,000')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/planning/8');
    expect(api.saved).toHaveLength(1);

    await user.click(within(alert).getByRole('button', { name: 'Reload forecast' }));
    expect(await screen.findByText('180,000')).toBeInTheDocument();
    expect(rowOf('NS-1500').getByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a refused save keeps the edits and says why (the period message of the API under the chips)', async () => {
    serve({ '8': PLAN }, [
      {
        status: 400,
        body: {
          title: 'Bad Request', status: 400, detail: 'The period must not end before it starts (periodFrom <= periodTo).',
          errors: [{ field: 'Plan.periodTo', code: 'periodOrder', message: 'The period must not end before it starts (periodFrom <= periodTo).' }],
        },
      },
    ]);
    const { user } = await openEditor('/planning/8');
    await typeQuantity(user, 'NS-0330', '1');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The period must not end before it starts (periodFrom <= periodTo).');
    expect(screen.getByText('The period must not end before it starts.')).toBeInTheDocument();
    expect(rowOf('NS-0330').getByText('1')).toBeInTheDocument();
  });

  it('Cancel goes back to the list, asking first when there are unsaved changes', async () => {
    serve({ '8': PLAN });
    const { user, router } = await openEditor('/planning/8');
    await typeQuantity(user, 'NS-0500', '1000');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/planning/8');
    expect(rowOf('NS-0500').getByText('1,000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning'));
  });

  it('Cancel without changes goes straight back to the list', async () => {
    serve({ '8': PLAN });
    const { user, router } = await openEditor('/planning/8');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("another company's or a removed forecast (404) says so instead of an empty editor", async () => {
    serve({});
    renderForecastsAt('/planning/77');
    expect(await screen.findByText('There has been an error: Forecast not found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save plan' })).toBeDisabled();
  });
});

describe('Forecast edit on a phone', { timeout: 30_000 }, () => {
  pinClock(WEDNESDAY);
  it('the article number and the title share a column, so the table fits the screen', async () => {
    serve({ '8': PLAN });
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query === '' })) as typeof window.matchMedia;
    onTestFinished(() => {
      window.matchMedia = wide;
    });
    renderForecastsAt('/planning/8');
    await screen.findByText('Spring Water 0.5 L');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Article no. / Title', 'Planned quantity']);
    expect(rowOf('NS-0500').getByText('Spring Water 0.5 L')).toBeInTheDocument();
  });
});

// The period picker opens on the month of today in the user's calendar, whatever day that is.
describe.each([{ name: 'on an ordinary Wednesday', at: WEDNESDAY }, ...AWKWARD_INSTANTS])("a new forecast's period, $name", { timeout: 30_000 }, ({ at }) => {
  pinClock(at);

  it("a new forecast needs its period: 'Pick a day.' until both days are picked, then it is sent without id", async () => {
    const api = serve({ new: NEW }, [{ status: 200, body: { ...PLAN.plan, id: 9, version: 0 } }]);
    const { user, router } = await openEditor('/planning/new');
    expect(screen.getByRole('heading', { name: 'New forecast' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Planned period' })).getByText('From —')).toBeInTheDocument();
    for (const articleNo of ['NS-0500', 'NS-1500', 'NS-0330']) expect(quantityButton(articleNo)).toHaveAccessibleName(`Edit planned quantity of ${articleNo}: 0`);

    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    onTestFinished(() => info.mockRestore());
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Pick a day.')).toBeInTheDocument();
    expect(api.saved).toEqual([]);
    expect(info).toHaveBeenCalledWith('Invalid!'); // part 5: an invalid submit sends nothing and only logs

    const first = dayjs(at).startOf('month');
    const last = dayjs(at).endOf('month');
    await user.click(screen.getByRole('button', { name: 'Pick period' }));
    await user.click(await screen.findByRole('button', { name: first.format('D MMMM YYYY') }));
    await user.click(screen.getByRole('button', { name: last.format('D MMMM YYYY') }));
    await waitFor(() => expect(screen.queryByText('Pick a day.')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Change period' })).toBeInTheDocument();
    const chips = within(screen.getByRole('group', { name: 'Planned period' }));
    expect(chips.getByText(`From ${first.format('DD.MM.YYYY')}`)).toBeInTheDocument();
    expect(chips.getByText(`To ${last.format('DD.MM.YYYY')}`)).toBeInTheDocument();

    await typeQuantity(user, 'NS-0330', '20000');
    await user.click(screen.getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(api.saved).toHaveLength(1));
    expect(api.saved[0]!.Plan).toEqual({
      periodFrom: first.format('YYYY-MM-DD'),
      periodTo: last.format('YYYY-MM-DD'),
      ClientProductionPlanItems: [
        { clientProductId: 21, plannedAmount: 0 },
        { clientProductId: 22, plannedAmount: 0 },
        { clientProductId: 23, plannedAmount: 20000 },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning'));
  });
});
