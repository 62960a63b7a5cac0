import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { enterText, renderWithProviders } from '../../test/render.test-utils';
import { orderItemFixture } from '../../test/orders.fixtures';
import type { PlannerForecast, PlannerOrderItem } from '@generated/model';
import { weekdayIndex } from '../../components/dates';
import { monthWeeks } from './plannerCalendar';
import PlannerPage from './PlannerPage';
import { onAPhone } from '../../test/phone.test-utils';

/** A buyer's item on the seller's planner: Baltic Brew's order BB-2026-014, NS-0500, due Wednesday 18.03.2026. */
function plannerItem(overrides: Partial<PlannerOrderItem> = {}): PlannerOrderItem {
  return {
    ...orderItemFixture({ id: 102, dueDate: '2026-03-18', plannedAmount: 40000, producedAmount: 0, producedPart: 0, version: 2 }),
    ClientProductionOrder: { id: 31, orderNo: 'BB-2026-014', clientId: 'c4a9e2b7', company: 'Baltic Brew SIA', purchaseDate: '2026-03-25' },
    ...overrides,
  };
}

const forecast: PlannerForecast = {
  id: 8,
  periodFrom: '2026-03-02',
  periodTo: '2026-03-29',
  clientId: 'c4a9e2b7',
  company: 'Baltic Brew SIA',
  items: [{ clientProductId: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L', plannedAmount: 150000 }],
};

type Range = { startTimestamp: string; endTimestamp: string };
type SaveBody = { item: Record<string, unknown> };

/** The planner as the API answers it; returns the ranges asked for. */
function servePlanner(orders: PlannerOrderItem[], forecasts: PlannerForecast[] = []) {
  const ranges: Range[] = [];
  server.use(
    http.post('*/api/client/orders/planner/get', async ({ request }) => {
      ranges.push((await request.json()) as Range);
      return HttpResponse.json({ orders, forecasts });
    }),
  );
  return ranges;
}

/** Answers saves with `answer` (the saved item by default); returns the bodies sent. */
function serveSave(answer: (body: SaveBody) => Response = (body) => HttpResponse.json(plannerItem({ ...(body.item as Partial<PlannerOrderItem>), version: 3 }))) {
  const bodies: SaveBody[] = [];
  server.use(
    http.post('*/api/client/orders/planner/item/save', async ({ request }) => {
      const body = (await request.json()) as SaveBody;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

const day = (label: string) => screen.getByRole('gridcell', { name: label });
/** An order card (an article named by the item), and its drag handle (the card's text, a button for the keyboard). */
const card = (name: RegExp = /BB-2026-014/) => screen.findByRole('article', { name });
const handle = (name: RegExp = /BB-2026-014/) => screen.findByRole('button', { name });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 11, 9, 0)); // Wednesday 11.03.2026
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the seller's Planner (client '/agenda')", { timeout: 30_000 }, () => {
  it('shows the current month, Monday first with all seven weekdays, and asks for the days it shows', async () => {
    const ranges = servePlanner([]);
    renderWithProviders(<PlannerPage />);
    expect(screen.getByRole('heading', { name: 'Planner' })).toBeInTheDocument();
    expect(screen.getByText('March 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    // 1 March 2026 is a Sunday: the view starts on Monday 23 February and ends on Sunday 5 April
    expect(screen.getAllByRole('gridcell')).toHaveLength(42);
    expect(screen.getAllByRole('gridcell')[0]).toHaveAccessibleName('23.02.2026');
    expect(day('11.03.2026').querySelector('[aria-current="date"]')).not.toBeNull();
    expect(await screen.findByText('Nothing planned in March 2026. Prev and Next show other months.')).toBeInTheDocument();
    expect(ranges[0]).toEqual({ startTimestamp: '2026-02-23T00:00:00.000Z', endTimestamp: '2026-04-06T00:00:00.000Z' });
  });

  it('on a phone the days stack, each naming its weekday, and the cards sit on their day', async () => {
    servePlanner([plannerItem({ isBuyerConfirmed: true })]);
    onAPhone();
    renderWithProviders(<PlannerPage />);
    const shown = await card();
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
    expect(screen.getAllByRole('gridcell')).toHaveLength(42);
    expect(within(day('18.03.2026')).getByText('Wednesday')).toBeInTheDocument();
    expect(within(day('23.02.2026')).getByText('Monday')).toBeInTheDocument();
    expect(day('18.03.2026')).toContainElement(shown);
  });

  it('Prev, Next and Today change the month and what is asked for', async () => {
    const ranges = servePlanner([]);
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('April 2026')).toBeInTheDocument();
    await waitFor(() => expect(ranges.at(-1)).toEqual({ startTimestamp: '2026-03-30T00:00:00.000Z', endTimestamp: '2026-05-04T00:00:00.000Z' }));
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('February 2026')).toBeInTheDocument();
    // February 2026 starts on a Sunday too: 23 days of January's last week and of March's first
    await waitFor(() => expect(ranges.at(-1)).toEqual({ startTimestamp: '2026-01-26T00:00:00.000Z', endTimestamp: '2026-03-02T00:00:00.000Z' }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByText('March 2026')).toBeInTheDocument();
  });

  it('order cards show company, article number, order number, planned/produced quantities on their day', async () => {
    servePlanner([plannerItem({ plannedAmount: 40000, producedAmount: 12500, isBuyerConfirmed: true })]);
    renderWithProviders(<PlannerPage />);
    const shown = within(await card());
    expect(shown.getByText('Baltic Brew SIA')).toBeInTheDocument();
    expect(shown.getByText('NS-0500')).toBeInTheDocument();
    expect(shown.getByText('BB-2026-014')).toBeInTheDocument();
    expect(shown.getByText('40,000 / 12,500')).toBeInTheDocument();
    expect(within(day('18.03.2026')).getByRole('button', { name: /BB-2026-014/ })).toBeInTheDocument();
  });

  it('card buttons: confirm when only the buyer confirmed, add when both confirmed and no production order, edit when one exists', async () => {
    servePlanner([
      plannerItem({ id: 1, dueDate: '2026-03-16', ClientProduct: { id: 21, articleNo: 'AR-1', productName: 'One' }, isBuyerConfirmed: true }),
      plannerItem({ id: 2, dueDate: '2026-03-17', ClientProduct: { id: 21, articleNo: 'AR-2', productName: 'Two' }, isBuyerConfirmed: true, isSellerConfirmed: true }),
      plannerItem({
        id: 3,
        dueDate: '2026-03-18',
        ClientProduct: { id: 21, articleNo: 'AR-3', productName: 'Three' },
        isBuyerConfirmed: true,
        isSellerConfirmed: true,
        refProductionOrderId: 40,
        refProductionOrder: { id: 40, orderNo: 'AC-PO-2026-07' },
        refProductionOrderItemId: 41,
        refProductionOrderItem: { id: 41, dueDate: '2026-03-17', isClosed: false, plannedAmount: 45000 },
      }),
      plannerItem({ id: 4, dueDate: '2026-03-19', ClientProduct: { id: 21, articleNo: 'AR-4', productName: 'Four' } }),
    ]);
    renderWithProviders(<PlannerPage />);
    const buttons = async (article: string) =>
      within(await card(new RegExp(article)))
        .queryAllByRole('button')
        .filter((button) => button.getAttribute('aria-roledescription') === null) // the drag handle is no card button
        .map((button) => button.getAttribute('aria-label'));
    // Part 2.4's buttons, then the item's history (issue 17) on every card.
    expect(await buttons('AR-1')).toEqual(['Confirm order', 'History']);
    expect(await buttons('AR-2')).toEqual(['Add production order', 'History']);
    expect(await buttons('AR-3')).toEqual(['Edit production order', 'History']);
    expect(await buttons('AR-4')).toEqual(['History']);
    expect(within(await card(/AR-3/)).getByText('AC-PO-2026-07')).toBeInTheDocument();
  });

  it("a card's History lists the item's changes with who and when, and why a seller confirmation was cleared", async () => {
    servePlanner([plannerItem({ id: 7, isBuyerConfirmed: true })]);
    const asked: unknown[] = [];
    server.use(
      http.post('*/api/client/orders/item/history/get', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json([
          { change: 'created', at: '2026-03-02T08:15:00Z', actorName: 'Bob Buyer', plannedAmount: 40000, previousPlannedAmount: null, dueDate: '2026-03-18',
            previousDueDate: null, isBuyerConfirmed: true, previousBuyerConfirmed: null, isSellerConfirmed: false, previousSellerConfirmed: null,
            producedAmount: 0, previousProducedAmount: null, isClosed: false, previousClosed: null, reason: null },
          { change: 'changed', at: '2026-03-04T10:00:00Z', actorName: 'Bob Buyer', plannedAmount: 40000, previousPlannedAmount: 40000, dueDate: '2026-03-18',
            previousDueDate: '2026-03-17', isBuyerConfirmed: true, previousBuyerConfirmed: true, isSellerConfirmed: false, previousSellerConfirmed: true,
            producedAmount: 0, previousProducedAmount: 0, isClosed: false, previousClosed: false, reason: 'The due date changed.' },
        ]);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(within(await card()).getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of NS-0500, BB-2026-014' });
    expect(await within(dialog).findByText('Deliver at 17.03.2026 → 18.03.2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Seller confirmation cleared: The due date changed.')).toBeInTheDocument();
    expect(within(dialog).getAllByText(/Bob Buyer/)).toHaveLength(2);
    expect(asked).toEqual([{ id: 7 }]);
  });

  it("opens on this week: once loaded, today's week is scrolled to the top, and again on 'Today'", async () => {
    servePlanner([]);
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    onTestFinished(() => scrolled.mockRestore());
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    // Wednesday 11.03.2026 is in the third week March shows (23.02 is its first Monday).
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(scrolled.mock.contexts[0]).toHaveAttribute('data-week', '2026-03-09');
    expect(within(scrolled.mock.contexts[0] as HTMLElement).getByRole('gridcell', { name: '11.03.2026' })).toBeInTheDocument();
    expect(scrolled.mock.calls[0]).toEqual([{ block: 'start' }]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('April 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(2));
    expect(scrolled.mock.contexts[1]).toHaveAttribute('data-week', '2026-03-09');
  });

  it('a forecast bar shows the buyer\'s whole name, not cut off, and names it for screen readers', async () => {
    const long = { ...forecast, company: 'Baltic Beverages Distribution SIA' };
    servePlanner([], [long]);
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(screen.getByRole('combobox', { name: 'Show on calendar' }));
    await user.click(await screen.findByRole('option', { name: 'Forecasts' }));
    const bar = await screen.findByLabelText(/^Forecast of Baltic Beverages Distribution SIA for 02\.03\.2026 ~ 29\.03\.2026/);
    const name = within(bar).getByText('Forecast · Baltic Beverages Distribution SIA');
    expect(name).not.toHaveAttribute('data-truncate');
    expect(name.style.overflowWrap).toBe('anywhere');
  });

  it("'Show on calendar' shows Orders by default; Forecasts adds bars on the middle day of the plan period", async () => {
    servePlanner([plannerItem()], [forecast]);
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await card();
    expect(screen.getByRole('combobox', { name: 'Show on calendar' }).closest('.mantine-MultiSelect-root')).toHaveTextContent('Orders');
    expect(screen.queryByLabelText(/^Forecast of Baltic Brew SIA/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Show on calendar' }));
    await user.click(await screen.findByRole('option', { name: 'Forecasts' }));
    // 2 to 29 March: the middle day is Sunday 15 March
    expect(within(day('15.03.2026')).getByLabelText('Forecast of Baltic Brew SIA for 02.03.2026 ~ 29.03.2026: NS-0500 150,000')).toBeInTheDocument();
  });

  it("confirm asks 'Are you sure you want to confirm the order?'; Cancel sends nothing, Confirm saves with seller confirmation on", async () => {
    const ranges = servePlanner([plannerItem({ isBuyerConfirmed: true })]);
    const bodies = serveSave();
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(within(await card()).getByRole('button', { name: 'Confirm order' }));
    let ask = await screen.findByRole('dialog', { name: 'Confirm order' });
    expect(within(ask).getByText('Are you sure you want to confirm the order?')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);

    await user.click(within(await card()).getByRole('button', { name: 'Confirm order' }));
    ask = await screen.findByRole('dialog', { name: 'Confirm order' });
    const loads = ranges.length;
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(bodies).toEqual([{ item: { id: 102, isSellerConfirmed: true, version: 2 } }]));
    expect(await screen.findByText('BB-2026-014, NS-0500: confirmed by the seller.')).toBeInTheDocument();
    await waitFor(() => expect(ranges.length).toBeGreaterThan(loads));
  });

  it('a confirm refused because the buyer withdrew meanwhile (409) says why and reloads', async () => {
    const ranges = servePlanner([plannerItem({ isBuyerConfirmed: true })]);
    serveSave(() => HttpResponse.json({ title: 'Conflict', status: 409, detail: 'This order item was changed meanwhile.' }, { status: 409 }));
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(within(await card()).getByRole('button', { name: 'Confirm order' }));
    const loads = ranges.length;
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm order' })).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This order item was changed meanwhile. The planner was reloaded.')).toBeInTheDocument();
    await waitFor(() => expect(ranges.length).toBeGreaterThan(loads));
  });

  it('a failed load says why and offers Retry', async () => {
    let failures = 1;
    server.use(
      http.post('*/api/client/orders/planner/get', () =>
        failures-- > 0
          ? HttpResponse.json({ title: 'Internal Server Error', status: 500, detail: 'Database unavailable.' }, { status: 500 })
          : HttpResponse.json({ orders: [plannerItem()], forecasts: [] }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card()).toBeInTheDocument();
  });
});

const BOTH_CONFIRMED = { isBuyerConfirmed: true, isSellerConfirmed: true };
const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);
/** The 'Machine' Select's input (its listbox carries the same label). */
const machineInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Machine', { selector: 'input' });

describe("'Add new production order' (part 5 'Planner new production order')", { timeout: 30_000 }, () => {
  async function openAdd(item = plannerItem(BOTH_CONFIRMED)) {
    servePlanner([item]);
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(within(await card()).getByRole('button', { name: 'Add production order' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Add new production order' }) };
  }

  it("has 'Production order no', 'Deliver at' and Quantity; the order number is required and the quantity at least 1000", async () => {
    const bodies = serveSave();
    const { user, dialog } = await openAdd();
    expect(field(dialog, /^Deliver at/)).toHaveValue('18.03.2026');
    expect(field(dialog, /^Quantity/)).toHaveValue('40,000');
    await user.clear(field(dialog, /^Quantity/));
    await user.type(field(dialog, /^Quantity/), '999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Provide order number.')).toBeInTheDocument();
    expect(within(dialog).getByText('MOQ - 1000.')).toBeInTheDocument();
    await user.clear(field(dialog, /^Deliver at/));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Pick a day.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('saves the production order number, day and quantity with the version read, then closes and says so', async () => {
    const bodies = serveSave((body) =>
      HttpResponse.json(
        plannerItem({
          ...BOTH_CONFIRMED,
          refProductionOrderItemId: 41,
          refProductionOrder: { id: 40, orderNo: 'AC-PO-2026-09' },
          refProductionOrderItem: { id: 41, isClosed: false, ...(body.item.refProductionOrderItem as { dueDate: string; plannedAmount: number }) },
        }),
      ),
    );
    const { user, dialog } = await openAdd();
    await enterText(user, field(dialog, /^Production order no/), '  AC-PO-2026-09 ');
    await user.clear(field(dialog, /^Deliver at/));
    await user.type(field(dialog, /^Deliver at/), '16.03.2026');
    await user.clear(field(dialog, /^Quantity/));
    await user.type(field(dialog, /^Quantity/), '42000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          item: { id: 102, version: 2, refProductionOrder: { orderNo: 'AC-PO-2026-09' }, refProductionOrderItem: { dueDate: '2026-03-16', plannedAmount: 42000 } },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add new production order' })).not.toBeInTheDocument());
    expect(await screen.findByText('AC-PO-2026-09: NS-0500, 42,000 at 16.03.2026.')).toBeInTheDocument();
  });

  it('the quantity is at least the already produced amount when that is greater than 1000', async () => {
    const bodies = serveSave();
    const { user, dialog } = await openAdd(plannerItem({ ...BOTH_CONFIRMED, producedAmount: 48000, plannedAmount: 50000 }));
    await enterText(user, field(dialog, /^Production order no/), 'AC-PO-1');
    await user.clear(field(dialog, /^Quantity/));
    await user.type(field(dialog, /^Quantity/), '30000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least the 48,000 bottles already produced.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('the quantity may be the already produced amount when that is above 0, below 1000 too (not the larger of the two)', async () => {
    const bodies = serveSave();
    const { user, dialog } = await openAdd(plannerItem({ ...BOTH_CONFIRMED, producedAmount: 600, plannedAmount: 5000 }));
    expect(within(dialog).getByText('At least 600 (already produced)')).toBeInTheDocument();
    await enterText(user, field(dialog, /^Production order no/), 'AC-PO-1');
    await user.clear(field(dialog, /^Quantity/));
    await user.type(field(dialog, /^Quantity/), '599');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least the 600 bottles already produced.')).toBeInTheDocument();
    await user.clear(field(dialog, /^Quantity/));
    await user.type(field(dialog, /^Quantity/), '600');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies[0]?.item).toMatchObject({ refProductionOrderItem: { plannedAmount: 600 } }));
  });

  it("a product made on several machines offers 'Machine' (its machines) and sends the one picked", async () => {
    const bodies = serveSave();
    const { user, dialog } = await openAdd(plannerItem({ ...BOTH_CONFIRMED, productMachineNames: ['FB-101', 'FB-102'] }));
    await enterText(user, field(dialog, /^Production order no/), 'AC-PO-2026-10');
    await user.click(machineInput(dialog));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['FB-101', 'FB-102']);
    await user.click(screen.getByRole('option', { name: 'FB-102' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies[0]?.item).toMatchObject({ refProductionOrderItem: { dueDate: '2026-03-18', plannedAmount: 40000, machineName: 'FB-102' } }));
  });

  it("a product's only machine needs no choice: no 'Machine', and the save names none", async () => {
    const bodies = serveSave();
    const { user, dialog } = await openAdd(plannerItem({ ...BOTH_CONFIRMED, productMachineNames: ['FB-101'] }));
    expect(within(dialog).queryByLabelText(/^Machine/)).not.toBeInTheDocument();
    await enterText(user, field(dialog, /^Production order no/), 'AC-PO-2026-11');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.item.refProductionOrderItem).not.toHaveProperty('machineName');
  });

  it("editing shows the item's machine; clearing it sends null (no machine)", async () => {
    servePlanner([
      plannerItem({
        ...BOTH_CONFIRMED,
        productMachineNames: ['FB-101', 'FB-102'],
        refProductionOrderId: 40,
        refProductionOrder: { id: 40, orderNo: 'AC-PO-2026-07' },
        refProductionOrderItemId: 41,
        refProductionOrderItem: { id: 41, dueDate: '2026-03-17', isClosed: false, plannedAmount: 45000, machineName: 'FB-101' },
      }),
    ]);
    const bodies = serveSave();
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(within(await card()).getByRole('button', { name: 'Edit production order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit production order' });
    expect(machineInput(dialog)).toHaveValue('FB-101');
    await user.click(within(dialog).getByRole('button', { name: 'Clear machine' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies[0]?.item).toMatchObject({ refProductionOrderItem: { plannedAmount: 45000, machineName: null } }));
  });

  it("editing reads the already produced amount of the seller's production order item, as the API does", async () => {
    servePlanner([
      plannerItem({
        ...BOTH_CONFIRMED,
        producedAmount: 0,
        refProductionOrderId: 40,
        refProductionOrder: { id: 40, orderNo: 'AC-PO-2026-07' },
        refProductionOrderItemId: 41,
        refProductionOrderItem: { id: 41, dueDate: '2026-03-17', isClosed: false, plannedAmount: 45000, producedAmount: 12000 },
      }),
    ]);
    const bodies = serveSave();
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(within(await card()).getByRole('button', { name: 'Edit production order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit production order' });
    await user.clear(field(dialog, /^Quantity/));
    await user.type(field(dialog, /^Quantity/), '11999');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least the 12,000 bottles already produced.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("the API's quantity refusal (a planner that is not up to date) shows under Quantity in the catalogue's words", async () => {
    serveSave(() =>
      HttpResponse.json(
        {
          title: 'Bad Request',
          status: 400,
          detail: 'The quantity is below what is already produced.',
          errors: [{ field: 'item.refProductionOrderItem.plannedAmount', code: 'producedMinimum', message: 'server words', limit: 41000 }],
        },
        { status: 400 },
      ),
    );
    const { user, dialog } = await openAdd();
    await enterText(user, field(dialog, /^Production order no/), 'AC-PO-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At least the 41,000 bottles already produced.')).toBeInTheDocument();
    expect(field(dialog, /^Quantity/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("a day after the purchase date refused by the API stays open and shows why under 'Deliver at'", async () => {
    serveSave(() =>
      HttpResponse.json(
        {
          title: 'Bad Request',
          status: 400,
          detail: 'The production order item must be due on or before the purchase date (2026-03-25).',
          errors: [{ field: 'item.refProductionOrderItem.dueDate', code: 'max', message: 'The production order item must be due on or before the purchase date (2026-03-25).' }],
        },
        { status: 400 },
      ),
    );
    const { user, dialog } = await openAdd();
    await enterText(user, field(dialog, /^Production order no/), 'AC-PO-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('The production order item must be due on or before the purchase date (2026-03-25).')).not.toHaveLength(0);
    expect(field(dialog, /^Deliver at/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add new production order' })).toBeInTheDocument();
  });

  it('a server failure keeps the dialog open and says why; a 409 closes it, says so and reloads', async () => {
    let answer = 500;
    serveSave(() =>
      answer === 500
        ? HttpResponse.json({ title: 'Internal Server Error', status: 500, detail: 'Database unavailable.' }, { status: 500 })
        : HttpResponse.json({ title: 'Conflict', status: 409, detail: 'A production order item can be created only from an item confirmed by both the buyer and the seller.' }, { status: 409 }),
    );
    const { user, dialog } = await openAdd();
    await enterText(user, field(dialog, /^Production order no/), 'AC-PO-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Database unavailable.');
    answer = 409;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A production order item can be created only from an item confirmed by both the buyer and the seller. The planner was reloaded.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add new production order' })).not.toBeInTheDocument());
  });

  it('edit opens with the referenced production order, its day and quantity', async () => {
    servePlanner([
      plannerItem({
        ...BOTH_CONFIRMED,
        refProductionOrderId: 40,
        refProductionOrder: { id: 40, orderNo: 'AC-PO-2026-07' },
        refProductionOrderItemId: 41,
        refProductionOrderItem: { id: 41, dueDate: '2026-03-17', isClosed: false, plannedAmount: 45000 },
      }),
    ]);
    const bodies = serveSave();
    const user = userEvent.setup();
    renderWithProviders(<PlannerPage />);
    await user.click(within(await card()).getByRole('button', { name: 'Edit production order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit production order' });
    expect(field(dialog, /^Production order no/)).toHaveValue('AC-PO-2026-07');
    expect(field(dialog, /^Deliver at/)).toHaveValue('17.03.2026');
    expect(field(dialog, /^Quantity/)).toHaveValue('45,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies[0]?.item).toMatchObject({ refProductionOrder: { orderNo: 'AC-PO-2026-07' }, refProductionOrderItem: { dueDate: '2026-03-17', plannedAmount: 45000 } }),
    );
  });
});

/** jsdom has no layout: the month's cells as a grid of boxes (150 x 130), each card a box inside its day. */
function layOutCalendar() {
  const original = Element.prototype.getBoundingClientRect;
  const weeks = monthWeeks('2026-03-01');
  const box = (left: number, top: number, width: number, height: number) =>
    ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
  const cellBox = (dayId: string) => {
    const row = weeks.findIndex((week) => week.includes(dayId));
    return { left: weekdayIndex(dayId) * 150, top: 40 + row * 130 };
  };
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const dayId = this.getAttribute('data-day');
    if (dayId) {
      const { left, top } = cellBox(dayId);
      return box(left, top, 140, 120);
    }
    const itemId = this.getAttribute('data-planner-item');
    if (itemId) {
      const source = this.closest('[data-day]') ? this : document.querySelector(`[data-day] [data-planner-item="${itemId}"]`);
      const { left, top } = cellBox(source?.closest('[data-day]')?.getAttribute('data-day') ?? '2026-03-18');
      return box(left + 5, top + 25, 130, 60);
    }
    return original.call(this);
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

/** What a keyboard user presses: Space picks the focused card up, the arrows move it a day or a week, Space drops it. */
async function moveWithKeys(card: HTMLElement, arrows: string) {
  card.focus();
  await userEvent.setup().keyboard(`[Space]${arrows}[Space]`);
}

describe('drag and drop to another day (keyboard: Space, arrows, Space)', { timeout: 30_000 }, () => {
  let restore: () => void;
  beforeEach(() => {
    restore = layOutCalendar();
  });
  afterEach(() => restore());

  it("a drop on a later weekday saves the item with that day and the version read (the API clears the buyer confirmation)", async () => {
    const ranges = servePlanner([plannerItem({ isBuyerConfirmed: true })]);
    const bodies = serveSave();
    renderWithProviders(<PlannerPage />);
    const shown = await handle();
    expect(shown).toHaveAccessibleDescription(/press Space or Enter to pick it up/);
    const loads = ranges.length;
    await moveWithKeys(shown, '{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(bodies).toEqual([{ item: { id: 102, dueDate: '2026-03-20', version: 2 } }]));
    expect(await screen.findByText('Moved to 20.03.2026')).toBeInTheDocument();
    await waitFor(() => expect(ranges.length).toBeGreaterThan(loads));
  });

  it("an earlier day is refused visibly and nothing is saved; so is a weekend", async () => {
    servePlanner([plannerItem()]);
    const bodies = serveSave();
    renderWithProviders(<PlannerPage />);
    const shown = await handle();
    const user = userEvent.setup();
    shown.focus();
    await user.keyboard('[Space]');
    // while dragging, the days before the item's date and the weekends are marked refused
    expect(day('17.03.2026')).toHaveAttribute('data-refused', 'true');
    expect(day('21.03.2026')).toHaveAttribute('data-refused', 'true');
    expect(day('19.03.2026')).not.toHaveAttribute('data-refused');
    await user.keyboard('{ArrowUp}[Space]');
    expect(await screen.findByText('An item can be moved only to a day on or after its date (18.03.2026).')).toBeInTheDocument();
    await moveWithKeys(await handle(), '{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(await screen.findByText('Order items are due on weekdays: Saturday and Sunday are unavailable.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(within(day('18.03.2026')).getByRole('button', { name: /BB-2026-014/ })).toBeInTheDocument();
  });

  it('a failed drop puts the card back and says why; a 409 reloads', async () => {
    const ranges = servePlanner([plannerItem()]);
    serveSave(() => HttpResponse.json({ title: 'Conflict', status: 409, detail: 'This order item was changed meanwhile.' }, { status: 409 }));
    renderWithProviders(<PlannerPage />);
    const loads = ranges.length;
    await moveWithKeys(await handle(), '{ArrowDown}');
    expect(await screen.findByText('This order item was changed meanwhile. The planner was reloaded.')).toBeInTheDocument();
    await waitFor(() => expect(ranges.length).toBeGreaterThan(loads));
    expect(within(day('18.03.2026')).getByRole('button', { name: /BB-2026-014/ })).toBeInTheDocument();
  });

  it('an invoiced item is locked: it cannot be picked up', async () => {
    servePlanner([plannerItem({ hasInvoice: true })]);
    const bodies = serveSave();
    renderWithProviders(<PlannerPage />);
    const shown = await handle();
    expect(shown).toHaveAttribute('aria-disabled', 'true');
    await moveWithKeys(shown, '{ArrowRight}');
    expect(bodies).toEqual([]);
  });
});
