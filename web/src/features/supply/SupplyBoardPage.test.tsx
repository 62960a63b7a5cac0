import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../mocks/node';
import { renderWithProviders } from '../../test/render.test-utils';
import type { SupplyOrder, SupplyOrderStatus, SupplyPlanRow } from '@generated/model';
import { adminSupplySaveSupplyOrderBodyOrderSupplierLotNumberMax as LOT_NUMBER_MAX } from '@generated/zod/supply/supply.zod';
import SupplyBoardPage from './SupplyBoardPage';
import { ORDINARY_WEDNESDAY } from '../../test/clock.test-utils';
import { speaking } from '../../test/locale.test-utils';

let nextId = 100;
function supplyOrder(orderStatus: SupplyOrderStatus, overrides: Partial<SupplyOrder> = {}): SupplyOrder {
  const id = overrides.id ?? nextId++;
  return {
    id,
    orderStatus,
    orderedAmount: 250000,
    dueDate: '2026-03-16',
    preformId: 3,
    preformWarehouseId: 1,
    preformSupplyId: 7,
    stock: orderStatus === 'delivered',
    clientProductionOrderId: null,
    Preform: { id: 3, preformName: 'PET 28g', neck: 'PCO1810', material: 'PET', color: 'Clear', weight: 28, qtyPerBox: 1250 },
    PreformWarehouse: { id: 1, warehouseName: 'Riga North' },
    PreformSupply: { id: 7, manufacturerId: 1, Manufacturer: { id: 1, manufacturerName: 'Retal Baltic Films' } },
    ClientProductionOrder: null,
    version: 3,
    ...overrides,
  };
}

type GetBody = { orderStatus: SupplyOrderStatus; before?: string; beforeId?: number; after?: string; afterId?: number; limit?: number };

/**
 * The board's three columns as the API answers them: New and Awaiting delivery by (due date, id) ascending from
 * (after, afterId), Added to stock descending from (before, beforeId), at most `limit` (50 by default for
 * delivered). Returns the bodies it received.
 */
function serveBoard(columns: Partial<Record<SupplyOrderStatus, SupplyOrder[]>>) {
  const bodies: GetBody[] = [];
  const key = (dueDate: string, id: number) => `${dueDate}#${String(id).padStart(9, '0')}`;
  server.use(
    http.post('*/api/admin/supply/get', async ({ request }) => {
      const body = (await request.json()) as GetBody;
      bodies.push(body);
      const descending = body.orderStatus === 'delivered';
      const from = descending ? body.before && body.beforeId && key(body.before, body.beforeId) : body.after && body.afterId && key(body.after, body.afterId);
      const orders = [...(columns[body.orderStatus] ?? [])]
        .sort((a, b) => key(a.dueDate, a.id).localeCompare(key(b.dueDate, b.id)) * (descending ? -1 : 1))
        .filter((order) => !from || (descending ? key(order.dueDate, order.id) < from : key(order.dueDate, order.id) > from));
      return HttpResponse.json(orders.slice(0, body.limit ?? (descending ? 50 : undefined)));
    }),
  );
  return bodies;
}

const column = (title: string) => screen.getByRole('region', { name: title });

// The Suggested column asks for the plan: without a suggestion unless a test serves one (not the generated mock's random rows).
beforeEach(() => {
  servePlan([]);
});

describe("admin '/' supply board", { timeout: 30_000 }, () => {
  it("shows the three columns, and only 'New' has the Order button", async () => {
    serveBoard({});
    renderWithProviders(<SupplyBoardPage />);
    expect(screen.getByRole('heading', { name: 'Today overview' })).toBeInTheDocument();
    for (const title of ['New', 'Awaiting delivery', 'Added to stock']) {
      expect(await within(column(title)).findByText('No supply orders')).toBeInTheDocument();
    }
    expect(within(column('New')).getByRole('button', { name: 'Order' })).toBeInTheDocument();
    expect(within(column('Awaiting delivery')).queryByRole('button', { name: 'Order' })).not.toBeInTheDocument();
    expect(within(column('Added to stock')).queryByRole('button', { name: 'Order' })).not.toBeInTheDocument();
  });

  it('a card shows due date, order number, warehouse, preform name-material-color, amount and boxes (ETA while awaiting delivery)', async () => {
    serveBoard({
      pending: [supplyOrder('pending', { orderedAmount: 1_000_001, ClientProductionOrder: { id: 12, orderNo: 'PO-24-0117' }, clientProductionOrderId: 12 })],
      ordered: [supplyOrder('ordered', { dueDate: '2026-04-02', PreformWarehouse: { id: 2, warehouseName: 'Riga South' } })],
    });
    renderWithProviders(<SupplyBoardPage />);
    const pending = within(await within(column('New')).findByRole('button', { name: /^PET 28g/ }));
    expect(pending.getByText('Due 16.03.2026')).toBeInTheDocument();
    expect(pending.getByText('PO-24-0117')).toBeInTheDocument();
    expect(pending.getByText('Riga North')).toBeInTheDocument();
    expect(pending.getByText('PET 28g - PET - Clear')).toBeInTheDocument();
    expect(pending.getByText('1,000,001 pcs')).toBeInTheDocument();
    expect(pending.getByText('801 boxes')).toBeInTheDocument(); // 1,000,001 / 1,250 rounded up
    const ordered = within(within(column('Awaiting delivery')).getByRole('button', { name: /^PET 28g/ }));
    expect(ordered.getByText('ETA 02.04.2026')).toBeInTheDocument();
    expect(ordered.getByText('Riga South')).toBeInTheDocument();
  });

  it('cards in delivered cannot be dragged out and have no menu; cards in New have Edit and Remove', async () => {
    serveBoard({ pending: [supplyOrder('pending')], delivered: [supplyOrder('delivered', { orderedAmount: 5000 })] });
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    const delivered = await within(column('Added to stock')).findByRole('button', { name: /^PET 28g - PET - Clear, 5,000 preforms/ });
    expect(delivered).toHaveAttribute('aria-disabled', 'true');
    expect(within(within(column('Added to stock')).getByRole('article', { name: /^PET 28g - PET - Clear, 5,000 preforms/ })).queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();
    const pending = within(column('New')).getByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ });
    expect(pending).toHaveAttribute('aria-disabled', 'false');
    // the menu sits beside the drag handle, in the same card, not inside the handle (no button within a button)
    expect(within(pending).queryByRole('button', { name: /Actions/ })).not.toBeInTheDocument();
    await user.click(within(within(column('New')).getByRole('article', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).getByRole('button', { name: /Actions/ }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toBeInTheDocument();
    // Escape closes the menu and gives the focus back to the card's actions button (the menu loads on first use).
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument());
    expect(document.activeElement).toHaveAccessibleName(/^Actions for PET 28g - PET - Clear, 250,000 preforms/);
  });

  it("Remove asks 'Are you sure you want to delete this item?' and deletes only on Delete", async () => {
    const order = supplyOrder('pending', { id: 41 });
    serveBoard({ pending: [order] });
    const deleted: unknown[] = [];
    server.use(http.post('*/api/admin/supply/delete', async ({ request }) => { deleted.push(await request.json()); return HttpResponse.json({ ok: true }); }));
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    await user.click(await screen.findByRole('button', { name: /Actions/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Actions/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([{ orderId: 41 }]));
  });

  it("'Load older' pages the delivered column after the last card shown (before, beforeId, limit)", async () => {
    const delivered = Array.from({ length: 12 }, (_, index) =>
      supplyOrder('delivered', { dueDate: `2026-01-${String(index + 10).padStart(2, '0')}`, orderedAmount: 1000 * (index + 1) }),
    );
    const bodies = serveBoard({ delivered });
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    const doneColumn = within(column('Added to stock'));
    await doneColumn.findByRole('button', { name: /^PET 28g - PET - Clear, 12,000 preforms/ });
    expect(doneColumn.getAllByRole('button', { name: /^PET 28g/ })).toHaveLength(10);
    expect(doneColumn.queryByRole('button', { name: /^PET 28g - PET - Clear, 1,000 preforms/ })).not.toBeInTheDocument();
    await user.click(doneColumn.getByRole('button', { name: 'Load older' }));
    await doneColumn.findByRole('button', { name: /^PET 28g - PET - Clear, 1,000 preforms/ });
    expect(doneColumn.getAllByRole('button', { name: /^PET 28g/ })).toHaveLength(12);
    const older = bodies.filter((body) => body.orderStatus === 'delivered');
    expect(older[0]).toEqual({ orderStatus: 'delivered', limit: 10 });
    const oldestShown = delivered[2]!; // newest first: the 10th card is the 3rd oldest
    expect(older[1]).toEqual({ orderStatus: 'delivered', limit: 10, before: oldestShown.dueDate, beforeId: oldestShown.id });
    expect(doneColumn.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument();
  });

  it("New shows the 50 earliest due cards, '50+' in its badge, and 'Load more' continues after the last one (after, afterId)", async () => {
    const pending = Array.from({ length: 53 }, (_, index) =>
      supplyOrder('pending', { dueDate: `2026-${String(1 + Math.floor(index / 28)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`, orderedAmount: 1000 * (index + 1) }),
    );
    const bodies = serveBoard({ pending });
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    const newColumn = within(column('New'));
    await newColumn.findByRole('button', { name: /^PET 28g - PET - Clear, 1,000 preforms/ });
    expect(newColumn.getAllByRole('button', { name: /^PET 28g/ })).toHaveLength(50);
    expect(newColumn.getByLabelText('50 supply orders shown, more to load')).toHaveTextContent('50+');
    expect(newColumn.queryByRole('button', { name: /^PET 28g - PET - Clear, 51,000 preforms/ })).not.toBeInTheDocument();
    await user.click(newColumn.getByRole('button', { name: 'Load more' }));
    await newColumn.findByRole('button', { name: /^PET 28g - PET - Clear, 53,000 preforms/ });
    expect(newColumn.getAllByRole('button', { name: /^PET 28g/ })).toHaveLength(53);
    expect(newColumn.getByLabelText('53 supply orders')).toHaveTextContent('53');
    const requested = bodies.filter((body) => body.orderStatus === 'pending');
    expect(requested[0]).toEqual({ orderStatus: 'pending', limit: 50 });
    const lastShown = pending[49]!;
    expect(requested[1]).toEqual({ orderStatus: 'pending', limit: 50, after: lastShown.dueDate, afterId: lastShown.id });
    expect(newColumn.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says why a column could not load and retries', async () => {
    let failures = 1;
    server.use(
      http.post('*/api/admin/supply/get', async ({ request }) => {
        const body = (await request.json()) as GetBody;
        if (body.orderStatus === 'ordered' && failures-- > 0) {
          return HttpResponse.json({ title: 'Internal Server Error', status: 500, detail: 'Database unavailable.' }, { status: 500 });
        }
        return HttpResponse.json([]);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    const awaiting = within(column('Awaiting delivery'));
    expect(await awaiting.findByText('Database unavailable.')).toBeInTheDocument();
    await user.click(awaiting.getByRole('button', { name: 'Retry' }));
    expect(await awaiting.findByText('No supply orders')).toBeInTheDocument();
  });
});

/** jsdom has no layout: give the three columns side-by-side boxes and the cards a box inside theirs. */
function layOutBoard() {
  const original = Element.prototype.getBoundingClientRect;
  const box = (left: number, top: number, width: number, height: number) =>
    ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const status = this.getAttribute('data-column');
    const index = ['pending', 'ordered', 'delivered'].indexOf(status ?? '');
    if (index >= 0) return box(index * 400, 0, 380, 800);
    if (this.hasAttribute('data-supply-order')) {
      // the drag overlay starts where its card is
      const source = this.closest('[data-column]') ? this : document.querySelector(`[data-column] [data-supply-order="${this.getAttribute('data-supply-order')}"]`);
      const columnIndex = ['pending', 'ordered', 'delivered'].indexOf(source?.closest('[data-column]')?.getAttribute('data-column') ?? '');
      return box(Math.max(0, columnIndex) * 400 + 10, 60, 360, 110);
    }
    return original.call(this);
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

/** dnd-kit's keyboard sensor: Space picks up, arrows move a column, Space drops (its listeners attach on a timer). */
async function keyboardDrag(target: HTMLElement, moves: ('ArrowRight' | 'ArrowLeft')[]) {
  target.focus();
  fireEvent.keyDown(target, { key: ' ', code: 'Space' });
  await act(() => vi.advanceTimersByTimeAsync(10));
  for (const move of moves) {
    fireEvent.keyDown(document, { key: move, code: move });
    await act(() => vi.advanceTimersByTimeAsync(10));
  }
  fireEvent.keyDown(document, { key: ' ', code: 'Space' });
  await act(() => vi.advanceTimersByTimeAsync(10));
}

describe('dragging cards between columns (keyboard: Space, arrows, Space)', { timeout: 30_000 }, () => {
  let restore: () => void;
  beforeEach(() => {
    restore = layOutBoard();
    // The drag runs on fake timers; they start on an ordinary day rather than on the machine's clock.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(ORDINARY_WEDNESDAY) });
  });
  afterEach(() => {
    vi.useRealTimers();
    restore();
  });

  it('a drop on Awaiting delivery saves the order with status ordered and stock false; on Added to stock with stock true', async () => {
    const columns: Partial<Record<SupplyOrderStatus, SupplyOrder[]>> = { pending: [supplyOrder('pending', { id: 41, version: 4 })] };
    serveBoard(columns);
    const saved: { Order: SupplyOrder }[] = [];
    server.use(
      http.post('*/api/admin/supply/save', async ({ request }) => {
        const body = (await request.json()) as { Order: SupplyOrder };
        saved.push(body);
        const next = supplyOrder(body.Order.orderStatus, { ...body.Order, version: body.Order.version + 1 } as Partial<SupplyOrder>);
        for (const status of ['pending', 'ordered', 'delivered'] as const) columns[status] = (columns[status] ?? []).filter((order) => order.id !== 41);
        columns[next.orderStatus] = [next];
        return HttpResponse.json(next);
      }),
    );
    renderWithProviders(<SupplyBoardPage />);
    const first = await within(column('New')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ });
    await keyboardDrag(first, ['ArrowRight']);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.Order).toMatchObject({ id: 41, version: 4, orderStatus: 'ordered', stock: false, orderedAmount: 250000, preformId: 3, preformWarehouseId: 1, preformSupplyId: 7 });
    const moved = await within(column('Awaiting delivery')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ });
    await waitFor(() => expect(moved).toHaveAttribute('aria-disabled', 'false'));

    await keyboardDrag(moved, ['ArrowRight']);
    // a drop on Added to stock asks first (issue 17): nothing is sent before 'Add to stock'
    const confirm = await screen.findByRole('dialog', { name: 'Add to stock' });
    expect(saved).toHaveLength(1);
    fireEvent.change(within(confirm).getByRole('textbox', { name: 'Supplier lot number' }), { target: { value: '  L-2026-114 ' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Add to stock' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.Order).toMatchObject({ id: 41, version: 5, orderStatus: 'delivered', stock: true, supplierLotNumber: 'L-2026-114' });
    const delivered = await within(column('Added to stock')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ });
    expect(delivered).toHaveAttribute('aria-disabled', 'true');

    // and it cannot be picked up again
    await keyboardDrag(delivered, ['ArrowLeft']);
    expect(saved).toHaveLength(2);
    expect(within(column('Added to stock')).getByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).toBeInTheDocument();
  });

  it('moves the card at once, and back with the reason when the save is refused (409: changed by someone else, reloaded)', async () => {
    serveBoard({ pending: [supplyOrder('pending', { id: 41 })] });
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/admin/supply/save', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ title: 'Conflict', status: 409, detail: 'Stale version.' }, { status: 409, headers: { 'Content-Type': 'application/problem+json' } });
      }),
    );
    renderWithProviders(<SupplyBoardPage />);
    const first = await within(column('New')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ });
    await keyboardDrag(first, ['ArrowRight', 'ArrowRight']);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Add to stock' })).getByRole('button', { name: 'Add to stock' }));
    // optimistic: already in Added to stock while the save runs
    expect(await within(column('Added to stock')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).toBeInTheDocument();
    release();
    expect(await screen.findByText('This supply order was changed by someone else meanwhile, reloaded.')).toBeInTheDocument();
    expect(await within(column('New')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).toBeInTheDocument();
    expect(within(column('Added to stock')).queryByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).not.toBeInTheDocument();
  });

  it("a card dropped on a column where it is due after every card loaded says where it went ('Load more' shows it)", async () => {
    const early = Array.from({ length: 50 }, (_, index) => supplyOrder('ordered', { dueDate: `2026-01-${String(1 + (index % 28)).padStart(2, '0')}`, orderedAmount: 2000 }));
    const late = supplyOrder('pending', { id: 41, dueDate: '2026-12-31', orderedAmount: 7000 });
    const columns: Partial<Record<SupplyOrderStatus, SupplyOrder[]>> = { pending: [late], ordered: early };
    serveBoard(columns);
    server.use(
      http.post('*/api/admin/supply/save', () => {
        const moved = supplyOrder('ordered', { ...late, orderStatus: 'ordered', version: late.version + 1 });
        columns.pending = [];
        columns.ordered = [...early, moved];
        return HttpResponse.json(moved);
      }),
    );
    renderWithProviders(<SupplyBoardPage />);
    const card = await within(column('New')).findByRole('button', { name: /^PET 28g - PET - Clear, 7,000 preforms/ });
    await keyboardDrag(card, ['ArrowRight']);
    expect(await screen.findByText('Moved to Awaiting delivery')).toBeInTheDocument();
    expect(screen.getByText(/It is further down the column: 'Load more' shows it\./)).toBeInTheDocument();
    const awaiting = within(column('Awaiting delivery'));
    await waitFor(() => expect(awaiting.queryByRole('button', { name: /^PET 28g - PET - Clear, 7,000 preforms/ })).not.toBeInTheDocument());
    fireEvent.click(awaiting.getByRole('button', { name: 'Load more' }));
    expect(await awaiting.findByRole('button', { name: /^PET 28g - PET - Clear, 7,000 preforms/ })).toBeInTheDocument();
  });

  it("a drop on Added to stock asks first: Cancel sends nothing and the card stays; without a lot number none is sent", async () => {
    const columns: Partial<Record<SupplyOrderStatus, SupplyOrder[]>> = { ordered: [supplyOrder('ordered', { id: 41, version: 4 })] };
    serveBoard(columns);
    const saved: { Order: Record<string, unknown> }[] = [];
    server.use(
      http.post('*/api/admin/supply/save', async ({ request }) => {
        const body = (await request.json()) as { Order: SupplyOrder };
        saved.push(body as unknown as { Order: Record<string, unknown> });
        const next = supplyOrder('delivered', { ...body.Order, version: 5 } as Partial<SupplyOrder>);
        columns.ordered = [];
        columns.delivered = [next];
        return HttpResponse.json(next);
      }),
    );
    renderWithProviders(<SupplyBoardPage />);
    const card = await within(column('Awaiting delivery')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ });
    await keyboardDrag(card, ['ArrowRight']);
    let confirm = await screen.findByRole('dialog', { name: 'Add to stock' });
    expect(within(confirm).getByText(/^PET 28g - PET - Clear, 250,000 preforms for Riga North/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add to stock' })).not.toBeInTheDocument());
    expect(saved).toEqual([]);
    expect(within(column('Awaiting delivery')).getByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).toBeInTheDocument();

    await keyboardDrag(within(column('Awaiting delivery')).getByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ }), ['ArrowRight']);
    confirm = await screen.findByRole('dialog', { name: 'Add to stock' });
    fireEvent.change(within(confirm).getByRole('textbox', { name: 'Supplier lot number' }), { target: { value: '   ' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Add to stock' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.Order).toMatchObject({ id: 41, orderStatus: 'delivered', stock: true });
    expect(saved[0]!.Order).not.toHaveProperty('supplierLotNumber');
    expect(await within(column('Added to stock')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).toBeInTheDocument();
  });

  it('a lot number longer than the contract allows is refused in the dialog and nothing is sent', async () => {
    serveBoard({ ordered: [supplyOrder('ordered', { id: 41 })] });
    const saved: unknown[] = [];
    server.use(http.post('*/api/admin/supply/save', async ({ request }) => { saved.push(await request.json()); return HttpResponse.json(supplyOrder('delivered', { id: 41 })); }));
    renderWithProviders(<SupplyBoardPage />);
    await keyboardDrag(await within(column('Awaiting delivery')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ }), ['ArrowRight']);
    const confirm = await screen.findByRole('dialog', { name: 'Add to stock' });
    fireEvent.change(within(confirm).getByRole('textbox', { name: 'Supplier lot number' }), { target: { value: 'L'.repeat(LOT_NUMBER_MAX + 1) } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Add to stock' }));
    expect(await within(confirm).findByText(`At most ${LOT_NUMBER_MAX} characters.`)).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Add to stock' })).toBeInTheDocument();
  });

  it("the certificate file chosen on 'Add to stock' is sent with the lot's id once the delivery's save has made the lot", async () => {
    const columns: Partial<Record<SupplyOrderStatus, SupplyOrder[]>> = { ordered: [supplyOrder('ordered', { id: 41, version: 4 })] };
    serveBoard(columns);
    const calls: string[] = [];
    const certificates: FormData[] = [];
    server.use(
      http.post('*/api/admin/supply/save', async ({ request }) => {
        const body = (await request.json()) as { Order: SupplyOrder };
        calls.push('save');
        const next = supplyOrder('delivered', { ...body.Order, version: 5, Lot: { id: 77, supplierLotNumber: null } } as Partial<SupplyOrder>);
        columns.ordered = [];
        columns.delivered = [next];
        return HttpResponse.json(next);
      }),
      http.post('*/api/admin/sustainability/lot/certificate/save', async ({ request }) => {
        calls.push('certificate');
        certificates.push(await request.formData());
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<SupplyBoardPage />);
    await keyboardDrag(await within(column('Awaiting delivery')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ }), ['ArrowRight']);
    const confirm = await screen.findByRole('dialog', { name: 'Add to stock' });
    expect(within(confirm).getByText('A PDF or an image, at most 10 MiB.')).toBeInTheDocument();
    const file = confirm.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(file, { target: { files: [new File(['%PDF-1.7 ECP-2026-0117'], 'ECP-2026-0117.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Add to stock' }));
    await waitFor(() => expect(calls).toEqual(['save', 'certificate']));
    expect(certificates[0]!.get('lotId')).toBe('77');
    // (jsdom's File reaches the mock server as a plain blob: its content says it is the chosen file)
    expect(await (certificates[0]!.get('file') as Blob).text()).toBe('%PDF-1.7 ECP-2026-0117');
    expect(await within(column('Added to stock')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).toBeInTheDocument();
  });

  it("a certificate file the API refuses leaves the delivery in stock and says the problem's detail", async () => {
    const columns: Partial<Record<SupplyOrderStatus, SupplyOrder[]>> = { ordered: [supplyOrder('ordered', { id: 41, version: 4 })] };
    serveBoard(columns);
    const detail = 'A certificate is a PDF document or an image (JPEG, PNG, GIF, WebP, HEIC).';
    server.use(
      http.post('*/api/admin/supply/save', async ({ request }) => {
        const body = (await request.json()) as { Order: SupplyOrder };
        const next = supplyOrder('delivered', { ...body.Order, version: 5, Lot: { id: 77, supplierLotNumber: null } } as Partial<SupplyOrder>);
        columns.ordered = [];
        columns.delivered = [next];
        return HttpResponse.json(next);
      }),
      http.post('*/api/admin/sustainability/lot/certificate/save', () =>
        HttpResponse.json({ title: 'Bad Request', status: 400, detail, errors: [{ field: 'file', code: 'type', message: detail }] }, { status: 400, headers: { 'Content-Type': 'application/problem+json' } }),
      ),
    );
    renderWithProviders(<SupplyBoardPage />);
    await keyboardDrag(await within(column('Awaiting delivery')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ }), ['ArrowRight']);
    const confirm = await screen.findByRole('dialog', { name: 'Add to stock' });
    fireEvent.change(confirm.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File(['not a pdf'], 'renamed.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Add to stock' }));
    expect(await screen.findByText(`The delivery is in stock. Attach the file on the lot's page: ${detail}`)).toBeInTheDocument();
    expect(screen.getByText('Certificate file not stored')).toBeInTheDocument();
    expect(await within(column('Added to stock')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ })).toBeInTheDocument();
  });

  it("a certificate file of another type or larger than the contract allows is refused in 'Add to stock' and nothing is sent", async () => {
    serveBoard({ ordered: [supplyOrder('ordered', { id: 41 })] });
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/admin/supply/save', async ({ request }) => { sent.push(await request.json()); return HttpResponse.json(supplyOrder('delivered', { id: 41 })); }),
      http.post('*/api/admin/sustainability/lot/certificate/save', async ({ request }) => { sent.push(await request.formData()); return HttpResponse.json({}); }),
    );
    renderWithProviders(<SupplyBoardPage />);
    await keyboardDrag(await within(column('Awaiting delivery')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ }), ['ArrowRight']);
    const confirm = await screen.findByRole('dialog', { name: 'Add to stock' });
    const file = confirm.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(file, { target: { files: [new File(['a,b'], 'certificate.csv', { type: 'text/csv' })] } });
    expect(await within(confirm).findByText('A certificate is a PDF document or an image.')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Add to stock' }));
    const large = new File(['jpeg'], 'certificate.jpg', { type: 'image/jpeg' });
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(file, { target: { files: [large] } });
    expect(await within(confirm).findByText('The file is larger than 10 MiB.')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Add to stock' }));
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(sent).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Add to stock' })).toBeInTheDocument();
  });

  it('announces pick-up, moves and the drop for screen readers', async () => {
    serveBoard({ pending: [supplyOrder('pending', { id: 41 })] });
    server.use(http.post('*/api/admin/supply/save', () => HttpResponse.json(supplyOrder('ordered', { id: 41 }))));
    renderWithProviders(<SupplyBoardPage />);
    const first = await within(column('New')).findByRole('button', { name: /^PET 28g - PET - Clear, 250,000 preforms/ });
    expect(first).toHaveAccessibleDescription(/press Space or Enter to pick it up/);
    await keyboardDrag(first, ['ArrowRight']);
    await waitFor(() => expect(screen.getByRole('status', { hidden: true })).toHaveTextContent(/dropped in Awaiting delivery/));
  });
});

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
    weeks: [{ week: '2026-11-30', start: 20000, supply: 0, requirement: 11000, end: 9000 }],
    ...overrides,
  };
}

/** The supply plan as the API answers it (`rows` as given, whatever the body); returns the bodies it received. */
function servePlan(rows: SupplyPlanRow[] | (() => SupplyPlanRow[])) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/admin/supply/plan/get', async ({ request }) => {
      bodies.push(await request.json());
      const answer = typeof rows === 'function' ? rows() : rows;
      return HttpResponse.json({ rows: answer, count: answer.length });
    }),
  );
  return bodies;
}

describe("the board's Suggested column", { timeout: 30_000 }, () => {
  const suggested = () => column('Suggested');

  it('comes before New and lists each red or yellow suggestion: preform, warehouse, amount, boxes and trucks, due date, supplier, zone in words and the reason', async () => {
    serveBoard({});
    const bodies = servePlan([
      planRow(),
      planRow({
        preformId: 4,
        Preform: { id: 4, preformName: 'PET 40g', neck: '38-400', material: 'RPET', color: 'White', weight: 40, qtyPerBox: 1000 },
        PreformWarehouse: { id: 2, warehouseName: 'Riga South' },
        zone: 'yellow',
        netFlowPosition: 30000,
        suggestion: { amount: 240000, boxes: 240, trucks: 2, dueDate: '2026-12-21', shortfall: 17250, preformSupplyId: 8, manufacturerName: 'Alpla', fingerprint: 'yellow:240000:2026-12-21' },
      }),
      planRow({ preformId: 5, zone: 'yellow', suggestion: null }), // dismissed or without a supplier: no card
    ]);
    renderWithProviders(<SupplyBoardPage />);
    const titles = screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(titles.slice(0, 2)).toEqual(['Suggested', 'New']);
    const red = within(await within(suggested()).findByRole('article', { name: 'Suggested: PET 28g - PET - Clear at Riga North, 38,000 preforms due 14.12.2026' }));
    expect(red.getByText('Due 14.12.2026')).toBeInTheDocument();
    expect(red.getByText('PET 28g - PET - Clear')).toBeInTheDocument();
    expect(red.getByText('Riga North')).toBeInTheDocument();
    expect(red.getByText('38,000 pcs')).toBeInTheDocument();
    expect(red.getByText('19 boxes')).toBeInTheDocument();
    expect(red.getByText('Supplier: Retal Baltic Films')).toBeInTheDocument();
    expect(red.getByText('Red zone')).toBeInTheDocument();
    expect(red.getByText('net flow 10,000: 26,750 below top of yellow 36,750; ordering up to top of green 47,250')).toBeInTheDocument();
    expect(red.getByRole('link', { name: 'Plan of PET 28g - PET - Clear at Riga North' })).toHaveAttribute('href', '#/supply/plan?preformId=3&preformWarehouseId=1');
    const yellow = within(within(suggested()).getByRole('article', { name: /^Suggested: PET 40g - RPET - White at Riga South/ }));
    expect(yellow.getByText('240 boxes, 2 trucks')).toBeInTheDocument();
    expect(yellow.getByText('Yellow zone')).toBeInTheDocument();
    expect(yellow.getByText('Supplier: Alpla')).toBeInTheDocument();
    expect(within(suggested()).getAllByRole('article')).toHaveLength(2);
    expect(within(suggested()).getByLabelText('2 suggestions')).toBeInTheDocument();
    // not supply orders: nothing to drag
    expect(within(suggested()).queryByRole('button', { name: /^PET 28g/ })).not.toBeInTheDocument();
    expect(suggested().querySelector('[aria-roledescription]')).toBeNull();
    expect(bodies[0]).toEqual({ zones: ['red', 'yellow'], pagination: { page: 1, rowsPerPage: 100 } });
  });

  it("says when there is nothing to suggest", async () => {
    serveBoard({});
    servePlan([planRow({ zone: 'yellow', suggestion: null })]);
    renderWithProviders(<SupplyBoardPage />);
    expect(await within(suggested()).findByText('No suggestions: every preform is above its yellow zone.')).toBeInTheDocument();
  });

  it("'Accept' sends the suggestion's fingerprint, and New shows the pending order after the reload", async () => {
    const pending: SupplyOrder[] = [];
    serveBoard({ pending });
    let rows = [planRow()];
    servePlan(() => rows);
    const accepted: unknown[] = [];
    server.use(
      http.post('*/api/admin/supply/suggestion/accept', async ({ request }) => {
        accepted.push(await request.json());
        const order = supplyOrder('pending', { id: 42, orderedAmount: 38000, dueDate: '2026-12-14' });
        pending.push(order);
        rows = [];
        return HttpResponse.json(order);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    await user.click(await within(suggested()).findByRole('button', { name: /^Accept Suggested: PET 28g/ }));
    expect(await within(column('New')).findByRole('button', { name: /^PET 28g - PET - Clear, 38,000 preforms for Riga North, due 14.12.2026/ })).toBeInTheDocument();
    expect(accepted).toEqual([{ preformId: 3, preformWarehouseId: 1, fingerprint: 'red:38000:2026-12-14' }]);
    expect(await within(suggested()).findByText('No suggestions: every preform is above its yellow zone.')).toBeInTheDocument();
  });

  it("a 409 on 'Accept' says the plan changed and reloads it (the new numbers show)", async () => {
    serveBoard({});
    let rows = [planRow()];
    const bodies = servePlan(() => rows);
    server.use(
      http.post('*/api/admin/supply/suggestion/accept', () => {
        rows = [planRow({ suggestion: { ...planRow().suggestion!, amount: 40000, boxes: 20, fingerprint: 'red:40000:2026-12-14' } })];
        return HttpResponse.json({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'The plan changed since you read it.' }, { status: 409, headers: { 'content-type': 'application/problem+json' } });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    await user.click(await within(suggested()).findByRole('button', { name: /^Accept Suggested: PET 28g/ }));
    expect(await screen.findByText('The numbers changed since the plan was read; the plan was reloaded. Check the suggestion and decide again.')).toBeInTheDocument();
    expect(await within(suggested()).findByRole('article', { name: /40,000 preforms due 14.12.2026/ })).toBeInTheDocument();
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    expect(within(column('New')).queryByRole('button', { name: /^PET 28g/ })).not.toBeInTheDocument();
  });

  it("'Dismiss' asks nothing and hides the suggestion", async () => {
    serveBoard({});
    let rows = [planRow()];
    servePlan(() => rows);
    const dismissed: unknown[] = [];
    server.use(
      http.post('*/api/admin/supply/suggestion/dismiss', async ({ request }) => {
        dismissed.push(await request.json());
        rows = [planRow({ suggestion: null })];
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    await user.click(await within(suggested()).findByRole('button', { name: /^Dismiss Suggested: PET 28g/ }));
    expect(within(suggested()).queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(dismissed).toEqual([{ preformId: 3, preformWarehouseId: 1, fingerprint: 'red:38000:2026-12-14' }]));
    expect(await within(suggested()).findByText('No suggestions: every preform is above its yellow zone.')).toBeInTheDocument();
  });

  it("a 'Dismiss' the API refuses shows the suggestion again and says why", async () => {
    serveBoard({});
    servePlan([planRow()]);
    server.use(
      http.post('*/api/admin/supply/suggestion/dismiss', () =>
        HttpResponse.json({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'Preform not found.' }, { status: 404, headers: { 'content-type': 'application/problem+json' } }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<SupplyBoardPage />);
    await user.click(await within(suggested()).findByRole('button', { name: /^Dismiss Suggested: PET 28g/ }));
    expect(await screen.findByText('Preform not found.')).toBeInTheDocument();
    expect(await within(suggested()).findByRole('article', { name: /^Suggested: PET 28g/ })).toBeInTheDocument();
  });
});

describe('the board in Swedish', { timeout: 30_000 }, () => {
  speaking('sv');

  it("speaks Swedish from the supply catalogue, with Swedish numbers and dates on the cards", async () => {
    serveBoard({ pending: [supplyOrder('pending', { orderedAmount: 1_000_001 })], ordered: [supplyOrder('ordered', { dueDate: '2026-04-02' })] });
    renderWithProviders(<SupplyBoardPage />);
    expect(screen.getByRole('heading', { name: 'Dagens översikt' })).toBeInTheDocument();
    expect(within(column('Nya')).getByRole('button', { name: 'Beställ' })).toBeInTheDocument();
    // Swedish groups thousands with a no-break space and writes a day as ISO 8601.
    const pending = within(await within(column('Nya')).findByRole('button', { name: /^PET 28g - PET - Clear, 1\s000\s001 preformer till Riga North, senast 2026-03-16$/ }));
    expect(pending.getByText('Senast 2026-03-16')).toBeInTheDocument();
    expect(pending.getByText(/^1\s000\s001 st$/)).toBeInTheDocument();
    expect(pending.getByText('801 kartonger')).toBeInTheDocument();
    expect(within(column('Väntar på leverans')).getByText('Beräknad ankomst 2026-04-02')).toBeInTheDocument();
    expect(within(column('Inlagt i lager')).getByText('Inga inköpsorder')).toBeInTheDocument();
  });
});
