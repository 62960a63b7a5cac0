import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import type { ClientProductionOrder, OrderableProduct, OrderItem } from '@generated/model';
import { renderOrders } from './renderOrders.test-utils';
import { addDays, isoDay, isWeekend, mondayOf } from '../../components/dates';
import { orderFixture, orderItemFixture } from '../../test/orders.fixtures';
import { AWKWARD_INSTANTS, pinClock } from '../../test/clock.test-utils';
import { enterText } from '../../test/render.test-utils';

/** The "today" of most tests: an ordinary Wednesday morning (local time), mid-week and mid-month. */
const WEDNESDAY = new Date(2026, 10, 18, 9, 0);
const listDate = (iso: string) => iso.split('-').reverse().join('.');

/** What the client may order; NS-0500 is the product in production now. */
const PRODUCTS: OrderableProduct[] = [
  { id: 21, articleNo: 'NS-0500', productName: 'Spring Water 0.5 L', wip: true },
  { id: 22, articleNo: 'NS-1500', productName: 'Sparkling Water 1.5 L', wip: false },
];

/** The days of the tests, counted from Monday of the week that holds `today`, and an order around them. */
function aroundWeekOf(today: Date) {
  const monday = mondayOf(isoDay(today));
  const day = (offset: number) => addDays(monday, offset);
  /** An item due this Monday unless said otherwise. */
  const item = (overrides: Partial<OrderItem>) => orderItemFixture({ dueDate: day(0), ...overrides });
  const order: ClientProductionOrder = orderFixture({
    producedPart: 0.3,
    producedArticles: 'NS-0500,NS-1500',
    workInProgress: 1,
    hasInvoice: true,
    ClientProductionOrderItems: [
      // NS-0500 is the product in production, due this week, 60 % produced
      item({}),
      item({
        id: 89,
        clientProductId: 22,
        ClientProduct: { id: 22, articleNo: 'NS-1500', productName: 'Sparkling Water 1.5 L' },
        dueDate: day(11),
        plannedAmount: 60000,
        producedAmount: 0,
        producedPart: 0,
        isBuyerConfirmed: true,
        isSellerConfirmed: true,
        refProductionOrderId: 40,
        refProductionOrder: { id: 40, orderNo: 'AC-77' },
        refProductionOrderItemId: 140,
        refProductionOrderItem: { id: 140, dueDate: day(8), isClosed: false, plannedAmount: 60000 },
        version: 2,
      }),
      item({ id: 90, dueDate: day(-21), plannedAmount: 5000, producedAmount: 5000, producedPart: 1, hasInvoice: true, version: 9 }),
    ],
    version: 4,
  });
  // Wednesday and Friday of next week: always selectable 'Deliver at' days.
  return { day, item, order, nextWednesday: day(9), nextFriday: day(11) };
}

const { day, item, order: ORDER, nextWednesday: NEXT_WEDNESDAY, nextFriday: NEXT_FRIDAY } = aroundWeekOf(WEDNESDAY);

/** Serves `orders/get` with ORDER (or `order`) and records `orders/save` bodies, answering `answer` when given. */
function serveOrder(order: ClientProductionOrder = ORDER, answer?: () => Response) {
  const gets: unknown[] = [];
  const saves: { Order: Record<string, unknown> & { ClientProductionOrderItems: Record<string, unknown>[] } }[] = [];
  server.use(
    http.post('*/api/client/orders/get', async ({ request }) => {
      gets.push(await request.json());
      return HttpResponse.json(order);
    }),
    http.post('*/api/client/orders/save', async ({ request }) => {
      saves.push((await request.json()) as (typeof saves)[number]);
      return answer ? answer() : HttpResponse.json({ ...order, version: order.version + 1 });
    }),
    http.post('*/api/client/orders/filter', () => HttpResponse.json({ rows: [], count: 0 })),
    http.get('*/api/client/orders/clientproducts', () => HttpResponse.json(PRODUCTS)),
  );
  return { gets, saves };
}

const problem = (status: number, detail: string, errors?: unknown[]) =>
  HttpResponse.json({ title: 'Refused', status, detail, errors }, { status, headers: { 'Content-Type': 'application/problem+json' } });
const input = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label, { selector: 'input' });
const itemRow = (article: string, date: string) => screen.getByRole('row', { name: new RegExp(`${article}.*${listDate(date)}`) });

async function openNewItem(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add item' }));
  return screen.findByRole('dialog', { name: 'Add new item to order' });
}

describe("client '/orders/new' and '/orders/{id}' order edit", { timeout: 30_000 }, () => {
  pinClock(WEDNESDAY);
  it("a new order shows 'Purchase order no', 'Closed', the item columns and 'Please add items'; 'Produced at' is for buyers only", async () => {
    serveOrder();
    renderOrders('/orders/new');
    expect(await screen.findByRole('heading', { name: 'New order' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Purchase order no/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Closed' })).not.toBeChecked();
    expect(screen.getByText('Please add items')).toBeInTheDocument();
    for (const title of ['Progress', 'Article no.', 'Title', 'Quantity', 'Deliver at']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('columnheader', { name: 'Produced at' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it("'Save order' without order number or items shows the part 5 messages and sends nothing", async () => {
    const { saves } = serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/new');
    await user.click(await screen.findByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('Provide order number.')).toBeInTheDocument();
    expect(screen.getByText('Provide at least one production order line.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Purchase order no/), '   ');
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('Provide order number.')).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it("the item dialog says 'Pick a day.', 'Pick one item.', 'Field is required.' and 'MOQ - 1000.' and hands nothing back while invalid", async () => {
    serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/new');
    const dialog = await openNewItem(user);
    expect(within(dialog).queryByText('Confirmed')).not.toBeInTheDocument(); // buyers only
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByText('Pick a day.')).toBeInTheDocument();
    expect(within(dialog).getByText('Pick one item.')).toBeInTheDocument();
    expect(within(dialog).getByText('Field is required.')).toBeInTheDocument();
    await user.type(input(dialog, /^Quantity/), '999');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByText('MOQ - 1000.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Please add items')).toBeInTheDocument();
  });

  it("'Deliver at' takes YYYY-MM-DD weekdays only: a typed Saturday is no day ('Pick a day.')", async () => {
    serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/new');
    const dialog = await openNewItem(user);
    await user.type(input(dialog, /^Deliver at/), day(12)); // next Saturday
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByText('Pick a day.')).toBeInTheDocument();
  });

  it("a typed Saturday is no day even when typing passes through a selectable one ('2027-03-1' on the way to '2027-03-13')", async () => {
    // The first Saturday from next week on whose month's 1st is a weekday from this Monday on: typed from the left, its
    // text reads as that 1st before its last digit.
    let offset = 12;
    const firstOf = (iso: string) => `${iso.slice(0, 8)}01`;
    while (!(day(offset).slice(8, 9) === '1' && !isWeekend(firstOf(day(offset))) && firstOf(day(offset)) >= day(0))) offset += 7;
    serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/new');
    const dialog = await openNewItem(user);
    await user.type(input(dialog, /^Deliver at/), day(offset));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(dialog).findByText('Pick a day.')).toBeInTheDocument();
  });

  it('a new order with one item sends orderNo, closed and the item (product, date, quantity), then returns to the list', async () => {
    const { saves } = serveOrder();
    const user = userEvent.setup();
    const router = renderOrders('/orders/new');
    await enterText(user, await screen.findByLabelText(/^Purchase order no/), '  PO-24-0200 ');
    const dialog = await openNewItem(user);
    await user.type(input(dialog, /^Deliver at/), NEXT_WEDNESDAY);
    expect(await within(dialog).findByRole('row', { name: /NS-1500/ })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('row', { name: /NS-1500/ }));
    expect(within(dialog).getByRole('radio', { name: 'NS-1500 Sparkling Water 1.5 L' })).toBeChecked();
    await user.type(input(dialog, /^Quantity/), '60000');
    expect(input(dialog, /^Quantity/)).toHaveValue('60,000');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(itemRow('NS-1500', NEXT_WEDNESDAY));
    expect(row.getByText('Sparkling Water 1.5 L')).toBeInTheDocument();
    expect(row.getByText('60,000')).toBeInTheDocument();
    expect(row.getByText('0%')).toBeInTheDocument();
    expect(saves).toEqual([]); // items are saved with the order

    await user.click(screen.getByRole('checkbox', { name: 'Closed' }));
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(saves).toEqual([
      {
        Order: {
          orderNo: 'PO-24-0200',
          closed: 1,
          ClientProductionOrderItems: [{ clientProductId: 22, dueDate: NEXT_WEDNESDAY, plannedAmount: 60000 }],
        },
      },
    ]);
    expect(await screen.findByText('Order PO-24-0117 saved.')).toBeInTheDocument();
  });

  it('an existing order is loaded by id, shows its items, and highlights the item of the product in production due this week and not fully produced', async () => {
    const { gets } = serveOrder();
    renderOrders('/orders/12');
    expect(await screen.findByRole('heading', { name: 'Order PO-24-0117' })).toBeInTheDocument();
    expect(gets).toEqual([{ id: 12 }]);
    expect(screen.getByLabelText(/^Purchase order no/)).toHaveValue('PO-24-0117');
    const inProduction = itemRow('NS-0500', day(0));
    await waitFor(() => expect(inProduction).toHaveAttribute('data-work-in-progress', 'true')); // once the products are known
    expect(inProduction.style.backgroundColor).toBe('var(--mantine-color-yellow-light)'); // the first row, striped: the colour still shows
    expect(within(inProduction).getByText('60%')).toBeInTheDocument();
    expect(within(inProduction).getByText('80,000')).toBeInTheDocument();
    expect(itemRow('NS-1500', NEXT_FRIDAY)).not.toHaveAttribute('data-work-in-progress'); // not the product in production
    expect(itemRow('NS-0500', day(-21))).not.toHaveAttribute('data-work-in-progress'); // fully produced
  });

  it('a closed item is not highlighted: the same rule as the list', async () => {
    serveOrder({ ...ORDER, ClientProductionOrderItems: [item({}), item({ id: 91, dueDate: day(1), isClosed: true })] });
    renderOrders('/orders/12');
    // Once the products are known the open item is highlighted; the closed one, otherwise alike, is not.
    await waitFor(() => expect(itemRow('NS-0500', day(0))).toHaveAttribute('data-work-in-progress', 'true'));
    expect(itemRow('NS-0500', day(1))).not.toHaveAttribute('data-work-in-progress');
  });

  it('ticking Closed takes the highlight off at once, as the list shows a closed order', async () => {
    serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/12');
    const inProduction = await waitFor(() => itemRow('NS-0500', day(0)));
    await waitFor(() => expect(inProduction).toHaveAttribute('data-work-in-progress', 'true'));
    await user.click(screen.getByRole('checkbox', { name: 'Closed' }));
    expect(itemRow('NS-0500', day(0))).not.toHaveAttribute('data-work-in-progress');
  });

  it("clicking an item edits it; 'Save order' sends the order's and items' ids and versions, the changed quantity, and keeps the other items", async () => {
    const { saves } = serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/12');
    await user.click(await screen.findByText('Sparkling Water 1.5 L'));
    const dialog = await screen.findByRole('dialog', { name: 'Add new item to order' });
    expect(input(dialog, /^Deliver at/)).toHaveValue(NEXT_FRIDAY);
    expect(within(dialog).getByRole('radio', { name: 'NS-1500 Sparkling Water 1.5 L' })).toBeChecked();
    const quantity = input(dialog, /^Quantity/);
    expect(quantity).toHaveValue('60,000');
    await user.clear(quantity);
    await user.type(quantity, '75000');
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    expect(await within(itemRow('NS-1500', NEXT_FRIDAY)).findByText('75,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.Order).toEqual({
      id: 12,
      version: 4,
      orderNo: 'PO-24-0117',
      closed: 0,
      ClientProductionOrderItems: [
        { id: 88, version: 6, clientProductId: 21, dueDate: day(0), plannedAmount: 80000 },
        { id: 89, version: 2, clientProductId: 22, dueDate: NEXT_FRIDAY, plannedAmount: 75000 },
        { id: 90, version: 9, clientProductId: 21, dueDate: day(-21), plannedAmount: 5000 },
      ],
    });
  });

  it("'Delete selected' is disabled with no selection or an invoiced item selected; it asks, then removes the items from what is saved", async () => {
    const { saves } = serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/12');
    await screen.findByText('Sparkling Water 1.5 L');
    const remove = screen.getByRole('button', { name: 'Delete selected' });
    expect(remove).toBeDisabled();
    await user.click(within(itemRow('NS-1500', NEXT_FRIDAY)).getByRole('checkbox'));
    expect(remove).toBeEnabled();
    await user.click(within(itemRow('NS-0500', day(-21))).getByRole('checkbox'));
    expect(remove).toBeDisabled();
    await user.click(within(itemRow('NS-0500', day(-21))).getByRole('checkbox'));
    await user.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Delete items' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Sparkling Water 1.5 L')).not.toBeInTheDocument());
    expect(saves).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.Order.ClientProductionOrderItems.map((line) => line.id)).toEqual([88, 90]);
  });

  it('Enter on a focused item edits it; Space on its checkbox only selects it', async () => {
    serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/12');
    await screen.findByText('Sparkling Water 1.5 L');
    const row = itemRow('NS-1500', NEXT_FRIDAY);
    within(row).getByRole('checkbox').focus();
    await user.keyboard(' ');
    expect(within(row).getByRole('checkbox')).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    row.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Add new item to order' })).toBeInTheDocument();
  });

  it('the whole item dialog is disabled when the item has an invoice', async () => {
    serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/12');
    await screen.findByText('Sparkling Water 1.5 L');
    await user.click(within(itemRow('NS-0500', day(-21))).getByText('5,000'));
    const dialog = await screen.findByRole('dialog', { name: 'Add new item to order' });
    expect(within(dialog).getByText('This item has an invoice: it cannot be changed.')).toBeInTheDocument();
    expect(input(dialog, /^Deliver at/)).toBeDisabled();
    expect(input(dialog, /^Quantity/)).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'NS-0500 Spring Water 0.5 L' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Proceed' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it("buyers see 'Produced at' (the seller's due date or 'Not planned') and confirm 'By buyer'; 'By seller' is read-only and a new date clears it", async () => {
    const { saves } = serveOrder();
    const user = userEvent.setup();
    renderOrders('/orders/12', 'buyer');
    expect(await screen.findByRole('columnheader', { name: 'Produced at' })).toBeInTheDocument();
    expect(within(itemRow('NS-1500', NEXT_FRIDAY)).getByText(listDate(day(8)))).toBeInTheDocument();
    expect(within(itemRow('NS-0500', day(0))).getByText('Not planned')).toBeInTheDocument();
    // 100 % produced without a production item of the seller: produced, not 'Not planned'.
    expect(within(itemRow('NS-0500', day(-21))).getByText('Produced')).toBeInTheDocument();

    await user.click(screen.getByText('Sparkling Water 1.5 L'));
    let dialog = await screen.findByRole('dialog', { name: 'Add new item to order' });
    expect(within(dialog).getByRole('checkbox', { name: 'By buyer' })).toBeChecked();
    const seller = within(dialog).getByRole('checkbox', { name: 'By seller' });
    expect(seller).toBeChecked();
    expect(seller).toBeDisabled();
    const date = input(dialog, /^Deliver at/);
    await user.clear(date);
    await user.type(date, NEXT_WEDNESDAY);
    expect(within(dialog).getByRole('checkbox', { name: 'By seller' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByText('80,000'));
    dialog = await screen.findByRole('dialog', { name: 'Add new item to order' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'By buyer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.Order.ClientProductionOrderItems[0]).toEqual({
      id: 88,
      version: 6,
      clientProductId: 21,
      dueDate: day(0),
      plannedAmount: 80000,
      isBuyerConfirmed: true,
    });
    expect(saves[0]!.Order.ClientProductionOrderItems[1]).toMatchObject({ id: 89, isBuyerConfirmed: true });
  });

  it('a stale save (409) says someone else changed the order, keeps the edits and stays on the page; Reload order starts over', async () => {
    const { gets } = serveOrder(ORDER, () =>
      problem(409, 'This order was changed by someone else meanwhile. Reload it and apply your change again.'),
    );
    const user = userEvent.setup();
    const router = renderOrders('/orders/12');
    const orderNo = await screen.findByLabelText(/^Purchase order no/);
    await user.clear(orderNo);
    await enterText(user, orderNo, 'PO-24-0117-B');
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('Someone else changed this order meanwhile. Reload it and apply your changes again.');
    expect(within(alert).getByRole('button', { name: 'Reload order' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Purchase order no/)).toHaveValue('PO-24-0117-B');
    expect(router.state.location.pathname).toBe('/orders/12');

    // Reload reads the order again and starts over from what is stored.
    await user.click(within(alert).getByRole('button', { name: 'Reload order' }));
    await waitFor(() => expect(screen.getByLabelText(/^Purchase order no/)).toHaveValue('PO-24-0117'));
    expect(gets).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a refused save (400) shows the server's field message on the field and keeps the edits", async () => {
    serveOrder(ORDER, () => problem(400, 'Invalid input', [{ field: 'Order.orderNo', code: 'required', message: 'required' }]));
    const user = userEvent.setup();
    renderOrders('/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Save order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid input');
    expect(screen.getByText('Provide order number.')).toBeInTheDocument();
  });

  it('leaving with unsaved changes asks first: Stay keeps them, Discard changes leaves', async () => {
    serveOrder();
    const user = userEvent.setup();
    const router = renderOrders('/orders/12');
    const orderNo = await screen.findByLabelText(/^Purchase order no/);
    await user.type(orderNo, '-X');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    let ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/orders/12');
    expect(screen.getByLabelText(/^Purchase order no/)).toHaveValue('PO-24-0117-X');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  it('Cancel without changes goes back to the list without asking', async () => {
    serveOrder();
    const user = userEvent.setup();
    const router = renderOrders('/orders/12');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
  });

  it('an order that cannot be loaded says why and offers Retry', async () => {
    server.use(http.post('*/api/client/orders/get', () => problem(404, 'Order not found.')));
    renderOrders('/orders/999');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Order not found.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('client order editor on a phone', { timeout: 30_000 }, () => {
  pinClock(WEDNESDAY);
  it("shows each item as a card (Progress, Article no., Title, Quantity, 'Produced at' for buyers, 'Deliver at') that opens the item", async () => {
    serveOrder();
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query === '' })) as typeof window.matchMedia;
    onTestFinished(() => {
      window.matchMedia = wide;
    });
    const user = userEvent.setup();
    renderOrders('/orders/12', 'buyer');
    const card = (await screen.findByText('Sparkling Water 1.5 L')).closest('li')!;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('NS-1500')).toBeInTheDocument();
    expect(within(card).getByLabelText('Progress 0%')).toBeInTheDocument();
    expect(within(card).getByText('60,000')).toBeInTheDocument();
    expect(within(card).getByText('Produced at')).toBeInTheDocument();
    expect(within(card).getByText(listDate(day(8)))).toBeInTheDocument();
    expect(within(card).getByText(listDate(NEXT_FRIDAY))).toBeInTheDocument();
    const inProduction = screen.getByText('80,000').closest('li')!;
    await waitFor(() => expect(inProduction).toHaveAttribute('data-work-in-progress', 'true'));
    await user.click(within(card).getByText('60,000'));
    expect(await screen.findByRole('dialog', { name: 'Add new item to order' })).toBeInTheDocument();
  });
});

// The rules that read "today" (part 5's first order day, no weekend; part 2.4's week in production) hold on any day.
describe.each(AWKWARD_INSTANTS)("'Deliver at' and the week in production, $name", ({ at }) => {
  pinClock(at);
  const today = new Date(at);
  const { day, item, order } = aroundWeekOf(today);
  const thisSaturday = day(5);
  const lastMonday = day(-7); // the first day an item may be due: a week before the start of this week
  const fridayBefore = day(-10);
  const thisFriday = day(4);

  it('the picker refuses a Saturday and a day before the first order day, and takes next Wednesday', { timeout: 30_000 }, async () => {
    const { saves } = serveOrder(order);
    const user = userEvent.setup();
    renderOrders('/orders/new');
    await enterText(user, await screen.findByLabelText(/^Purchase order no/), 'PO-ANY-DAY');
    for (const refused of [thisSaturday, fridayBefore]) {
      const dialog = await openNewItem(user);
      await user.type(input(dialog, /^Deliver at/), refused);
      await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
      expect(await within(dialog).findByText('Pick a day.')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    for (const taken of [lastMonday, day(9)]) {
      const dialog = await openNewItem(user);
      await user.type(input(dialog, /^Deliver at/), taken);
      await user.click(await within(dialog).findByRole('row', { name: /NS-1500/ }));
      await user.type(input(dialog, /^Quantity/), '5000');
      await user.click(within(dialog).getByRole('button', { name: 'Proceed' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.Order.ClientProductionOrderItems.map((saved) => saved.dueDate)).toEqual([lastMonday, day(9)]);
  });

  it("an item of the product in production due this week is highlighted, also on its weekend; one due the Monday after is not", { timeout: 30_000 }, async () => {
    serveOrder({ ...order, ClientProductionOrderItems: [item({ dueDate: thisFriday }), item({ id: 91, dueDate: day(7) })] });
    renderOrders('/orders/12');
    await waitFor(() => expect(itemRow('NS-0500', thisFriday)).toHaveAttribute('data-work-in-progress', 'true'));
    expect(itemRow('NS-0500', day(7))).not.toHaveAttribute('data-work-in-progress');
  });
});
