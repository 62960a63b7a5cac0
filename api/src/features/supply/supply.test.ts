import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { ledgerSnapshot, makePreform, makeProductionOrder, makeWarehouse, stockOf } from './supply.fixtures.js';

let database: TestDatabase;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  admin = await as.admin();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

interface Card {
  id: number;
  orderStatus: string;
  orderedAmount: number;
  dueDate: string;
  preformId: number;
  preformWarehouseId: number;
  preformSupplyId: number;
  stock: boolean;
  clientProductionOrderId: number | null;
  version: number;
}

/** A preform with a supplier and a warehouse, ready for a supply order. */
async function setting() {
  const preform = await makePreform(database.db, { qtyPerBox: 1250 });
  const warehouseId = await makeWarehouse(database.db);
  const order = { orderedAmount: 250_000, dueDate: '2026-12-16', preformId: preform.id, preformWarehouseId: warehouseId, preformSupplyId: preform.supplyIds[0] };
  return { preform, warehouseId, order };
}

async function create(order: object): Promise<Card> {
  const response = await post(app, '/api/admin/supply/save', { Order: order }, admin);
  expect(response.status).toBe(200);
  return response.body;
}

/** Saves the card as the board does on a drop: the whole order with its new status. */
const drop = (card: Card, orderStatus: string, token = admin) =>
  post(app, '/api/admin/supply/save', { Order: { ...withoutJoins(card), orderStatus, stock: orderStatus === 'delivered' } }, token);

const withoutJoins = (card: Card) => ({
  id: card.id,
  orderStatus: card.orderStatus,
  orderedAmount: card.orderedAmount,
  dueDate: card.dueDate,
  preformId: card.preformId,
  preformWarehouseId: card.preformWarehouseId,
  preformSupplyId: card.preformSupplyId,
  clientProductionOrderId: card.clientProductionOrderId,
  version: card.version,
});

describe('supply board role gate', () => {
  it.each(['/api/admin/supply/get', '/api/admin/supply/save', '/api/admin/supply/delete'])('%s answers 403 for every role but admin', async (url) => {
    for (const token of [await as.operator(), await as.accountant(), await as.client(), await as.buyer(), await as.seller(), await as.guest()]) {
      expect((await post(app, url, { orderStatus: 'pending' }, token)).status).toBe(403);
    }
  });
});

describe('POST /api/admin/supply/save: creating', () => {
  it('creates a card in New (pending) with preform, warehouse, supplier and linked production order', async () => {
    const { preform, warehouseId, order } = await setting();
    const productionOrderId = await makeProductionOrder(database.db, { orderNo: 'PO-24-0117' });
    const card = await create({ ...order, clientProductionOrderId: productionOrderId });
    expect(card).toMatchObject({
      orderStatus: 'pending',
      stock: false,
      orderedAmount: 250_000,
      dueDate: '2026-12-16',
      Preform: { id: preform.id, qtyPerBox: 1250 },
      PreformWarehouse: { id: warehouseId },
      PreformSupply: { id: preform.supplyIds[0], manufacturerId: preform.manufacturers[0] },
      ClientProductionOrder: { id: productionOrderId, orderNo: 'PO-24-0117' },
      version: 0,
    });
    const entry = await database.db.selectFrom('audit_log').selectAll().where('record_type', '=', 'supply_order').where('record_id', '=', String(card.id)).executeTakeFirst();
    expect(entry).toMatchObject({ subject: 'admin-1', operation: 'saveSupplyOrder' });
  });

  it.each([
    ['orderedAmount 999 (between 1,000 and 10,000,000)', { orderedAmount: 999 }, 'Order.orderedAmount', 'minimum'],
    ['orderedAmount 10,000,001', { orderedAmount: 10_000_001 }, 'Order.orderedAmount', 'maximum'],
    ['orderedAmount "5000" (a number is required)', { orderedAmount: '5000' }, 'Order.orderedAmount', 'type'],
    ['dueDate missing (Pick a day.)', { dueDate: undefined }, 'Order.dueDate', 'required'],
    ['preformId missing (Field is required.)', { preformId: undefined }, 'Order.preformId', 'required'],
  ])('refuses %s with a 400 problem naming the field, and writes nothing', async (_name, change, field, code) => {
    const { order } = await setting();
    const before = await database.db.selectFrom('supply_orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const response = await post(app, '/api/admin/supply/save', { Order: { ...order, ...change } }, admin);
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code })]));
    const after = await database.db.selectFrom('supply_orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it('refuses a supplier that is not one of the chosen preform\'s suppliers, naming preformSupplyId', async () => {
    const { order } = await setting();
    const other = await makePreform(database.db);
    const response = await post(app, '/api/admin/supply/save', { Order: { ...order, preformSupplyId: other.supplyIds[0] } }, admin);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'Order.preformSupplyId', code: 'notSupplierOfPreform' })]);
  });

  it('refuses a warehouse, preform or production order that does not exist, naming the field', async () => {
    const { order } = await setting();
    for (const [change, field] of [
      [{ preformWarehouseId: 999_999 }, 'Order.preformWarehouseId'],
      [{ preformId: 999_999 }, 'Order.preformId'],
      [{ clientProductionOrderId: 999_999 }, 'Order.clientProductionOrderId'],
    ] as const) {
      const response = await post(app, '/api/admin/supply/save', { Order: { ...order, ...change } }, admin);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe(field);
    }
  });

  it('creates only in New: a new order with another status is refused', async () => {
    const { order } = await setting();
    const response = await post(app, '/api/admin/supply/save', { Order: { ...order, orderStatus: 'delivered' } }, admin);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ field: 'Order.orderStatus', code: 'pendingOnCreate' });
  });
});

describe('POST /api/admin/supply/save: editing and moving cards', () => {
  it('edits a pending order with the version read, and refuses a stale version with 409 (changed by someone else meanwhile)', async () => {
    const { order } = await setting();
    const card = await create(order);
    const edited = await post(app, '/api/admin/supply/save', { Order: { ...withoutJoins(card), orderedAmount: 300_000 } }, admin);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ orderedAmount: 300_000, version: 1 });
    const stale = await post(app, '/api/admin/supply/save', { Order: { ...withoutJoins(card), orderedAmount: 400_000 } }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain('changed by someone else meanwhile');
    const stored = await database.db.selectFrom('supply_orders').select('ordered_amount').where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(stored.ordered_amount).toBe(300_000);
  });

  it('a stale version on a move answers 409 too, and moves nothing', async () => {
    const { order } = await setting();
    const card = await create(order);
    expect((await post(app, '/api/admin/supply/save', { Order: { ...withoutJoins(card), orderedAmount: 260_000 } }, admin)).status).toBe(200);
    const stale = await drop(card, 'ordered');
    expect(stale.status).toBe(409);
    const stored = await database.db.selectFrom('supply_orders').select('order_status').where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(stored.order_status).toBe('pending');
  });

  it('a drop on another column saves the status; an ordered card can go back to New', async () => {
    const { order } = await setting();
    const card = await create(order);
    const ordered = await drop(card, 'ordered');
    expect(ordered.status).toBe(200);
    expect(ordered.body).toMatchObject({ orderStatus: 'ordered', stock: false, version: 1 });
    const back = await drop(ordered.body, 'pending');
    expect(back.body).toMatchObject({ orderStatus: 'pending', version: 2 });
  });

  it('edits only while pending: changing the amount of an ordered order answers 409', async () => {
    const { order } = await setting();
    const ordered = (await drop(await create(order), 'ordered')).body;
    const response = await post(app, '/api/admin/supply/save', { Order: { ...withoutJoins(ordered), orderedAmount: 1_000 } }, admin);
    expect(response.status).toBe(409);
    expect(response.body.detail).toContain('Only pending');
  });

  it('moving to delivered adds the ordered amount to that warehouse\'s stock, with a ledger row naming the order', async () => {
    const { preform, warehouseId, order } = await setting();
    const ordered = (await drop(await create(order), 'ordered')).body;
    const delivered = await drop(ordered, 'delivered');
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ orderStatus: 'delivered', stock: true });
    const { movements, balance } = await stockOf(database.db, preform.id, warehouseId);
    expect(balance).toBe(250_000);
    expect(movements).toEqual([
      expect.objectContaining({ reason: 'supply_delivery', quantity: 250_000, balance_after: 250_000, source_type: 'supply_order', source_id: ordered.id, subject: 'admin-1' }),
    ]);
    const stockRows = await post(app, '/api/admin/preformstock/get', { preformWarehouseId: warehouseId }, admin);
    expect(stockRows.body.rows).toEqual([expect.objectContaining({ preformId: preform.id, currentStock: 250_000 })]);
  });

  it('a repeated delivered save of an already-delivered order is an idempotent 200 with the current state and no stock effect', async () => {
    const { preform, warehouseId, order } = await setting();
    const card = await create(order);
    const first = await drop(card, 'delivered');
    expect(first.status).toBe(200);
    const again = await drop(card, 'delivered'); // the stale version of a double drop
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await stockOf(database.db, preform.id, warehouseId)).movements).toHaveLength(1);
  });

  it('cards in delivered cannot be dragged out: 409, and ledger and balances stay unchanged', async () => {
    const { order } = await setting();
    const delivered = (await drop(await create(order), 'delivered')).body;
    const before = await ledgerSnapshot(database.db);
    for (const status of ['ordered', 'pending']) {
      const response = await drop(delivered, status);
      expect(response.status).toBe(409);
      expect(response.body.detail).toContain('cannot be dragged out');
    }
    expect(await ledgerSnapshot(database.db)).toEqual(before);
    const stored = await database.db.selectFrom('supply_orders').select('order_status').where('id', '=', delivered.id).executeTakeFirstOrThrow();
    expect(stored.order_status).toBe('delivered');
  });

  it('a bad body leaves ledger and balances unchanged', async () => {
    const { order } = await setting();
    const card = await create(order);
    const before = await ledgerSnapshot(database.db);
    const response = await post(app, '/api/admin/supply/save', { Order: { ...withoutJoins(card), orderStatus: 'delivered', orderedAmount: 5 } }, admin);
    expect(response.status).toBe(400);
    const wrongSupplier = await post(
      app,
      '/api/admin/supply/save',
      { Order: { ...withoutJoins(card), orderStatus: 'delivered', preformSupplyId: (await makePreform(database.db)).supplyIds[0] } },
      admin,
    );
    expect(wrongSupplier.status).toBe(400);
    expect(await ledgerSnapshot(database.db)).toEqual(before);
  });

  it('the delivered transition under 20 concurrent identical requests adds stock once', async () => {
    const { preform, warehouseId, order } = await setting();
    const ordered = (await drop(await create(order), 'ordered')).body;
    const responses = await Promise.all(Array.from({ length: 20 }, () => drop(ordered, 'delivered')));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    for (const response of responses) expect(response.body).toMatchObject({ orderStatus: 'delivered', stock: true, version: ordered.version + 1 });
    const { movements, balance } = await stockOf(database.db, preform.id, warehouseId);
    expect(movements).toHaveLength(1);
    expect(balance).toBe(250_000);
  });

  it('the ledger refuses a second delivery row for the same order (unique guard)', async () => {
    const { order } = await setting();
    const delivered = (await drop(await create(order), 'delivered')).body;
    await expect(
      database.db
        .insertInto('preform_stock_movements')
        .values({
          preform_id: delivered.preformId,
          warehouse_id: delivered.preformWarehouseId,
          quantity: 1,
          balance_after: 1,
          reason: 'supply_delivery',
          source_type: 'supply_order',
          source_id: delivered.id,
          subject: 'x',
        })
        .execute(),
    ).rejects.toThrow(/preform_stock_movements_delivery_once/);
  });

  it('answers 404 for an order that does not exist', async () => {
    const { order } = await setting();
    const response = await post(app, '/api/admin/supply/save', { Order: { ...order, id: 999_999, version: 0 } }, admin);
    expect(response.status).toBe(404);
  });
});

describe('POST /api/admin/supply/delete', () => {
  it('removes a pending order and audits it', async () => {
    const { order } = await setting();
    const card = await create(order);
    const response = await post(app, '/api/admin/supply/delete', { orderId: card.id, version: card.version }, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(await database.db.selectFrom('supply_orders').select('id').where('id', '=', card.id).executeTakeFirst()).toBeUndefined();
    const entry = await database.db.selectFrom('audit_log').selectAll().where('operation', '=', 'deleteSupplyOrder').where('record_id', '=', String(card.id)).executeTakeFirst();
    expect(entry).toBeDefined();
  });

  it('refuses orders that are not pending (409), a stale version (409) and unknown ids (404)', async () => {
    const { order } = await setting();
    const ordered = (await drop(await create(order), 'ordered')).body;
    expect((await post(app, '/api/admin/supply/delete', { orderId: ordered.id }, admin)).status).toBe(409);
    const pending = await create(order);
    await post(app, '/api/admin/supply/save', { Order: { ...withoutJoins(pending), orderedAmount: 2_000 } }, admin);
    const stale = await post(app, '/api/admin/supply/delete', { orderId: pending.id, version: pending.version }, admin);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toContain('changed by someone else meanwhile');
    expect((await post(app, '/api/admin/supply/delete', { orderId: 999_999 }, admin)).status).toBe(404);
  });
});

describe('POST /api/admin/supply/get', () => {
  it('answers one column: New and Awaiting delivery complete, due date ascending', async () => {
    const { order } = await setting();
    const dates = ['2026-12-20', '2026-12-02', '2026-12-11'];
    for (const dueDate of dates) await create({ ...order, dueDate });
    const pending = (await post(app, '/api/admin/supply/get', { orderStatus: 'pending' }, admin)).body as Card[];
    expect(pending.every((card) => card.orderStatus === 'pending')).toBe(true);
    const due = pending.map((card) => card.dueDate);
    expect(due).toEqual([...due].sort());
    expect(due).toEqual(expect.arrayContaining(dates));
  });

  it('answers delivered newest first, 50 by default, and pages on with before/beforeId without losing cards of the same day', async () => {
    const { preform, warehouseId } = await setting();
    await database.db
      .insertInto('supply_orders')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          order_status: 'delivered' as const,
          stock: true,
          ordered_amount: 1_000,
          due_date: `2025-01-${String(1 + Math.floor(i / 3)).padStart(2, '0')}`,
          preform_id: preform.id,
          preform_warehouse_id: warehouseId,
          preform_supply_id: preform.supplyIds[0],
        })),
      )
      .execute();
    const all = (await database.db.selectFrom('supply_orders').select('id').where('order_status', '=', 'delivered').execute()).length;
    const first = (await post(app, '/api/admin/supply/get', { orderStatus: 'delivered' }, admin)).body as Card[];
    expect(first).toHaveLength(50);
    const keys = first.map((card) => `${card.dueDate}:${String(card.id).padStart(8, '0')}`);
    expect(keys).toEqual([...keys].sort().reverse());
    const seen = new Set(first.map((card) => card.id));
    let last = first[first.length - 1];
    for (;;) {
      const next = (await post(app, '/api/admin/supply/get', { orderStatus: 'delivered', before: last.dueDate, beforeId: last.id, limit: 7 }, admin)).body as Card[];
      expect(next.length).toBeLessThanOrEqual(7);
      for (const card of next) {
        expect(seen.has(card.id)).toBe(false);
        seen.add(card.id);
      }
      if (next.length < 7) break;
      last = next[next.length - 1];
    }
    expect(seen.size).toBe(all);
    const beforeOnly = (await post(app, '/api/admin/supply/get', { orderStatus: 'delivered', before: '2025-01-05' }, admin)).body as Card[];
    expect(beforeOnly.every((card) => card.dueDate < '2025-01-05')).toBe(true);
    expect(beforeOnly).toHaveLength(12);
  });

  it('pages New and Awaiting delivery in due-date order with after/afterId: the pages joined are the whole column', async () => {
    const { preform, warehouseId } = await setting();
    await database.db
      .insertInto('supply_orders')
      .values(
        Array.from({ length: 25 }, (_, i) => ({
          order_status: 'ordered' as const,
          ordered_amount: 1_000,
          due_date: `2027-02-${String(1 + Math.floor(i / 4)).padStart(2, '0')}`,
          preform_id: preform.id,
          preform_warehouse_id: warehouseId,
          preform_supply_id: preform.supplyIds[0],
        })),
      )
      .execute();
    const whole = (await post(app, '/api/admin/supply/get', { orderStatus: 'ordered' }, admin)).body as Card[];
    expect(whole.length).toBeGreaterThanOrEqual(25);
    const paged: Card[] = [];
    let page = (await post(app, '/api/admin/supply/get', { orderStatus: 'ordered', limit: 4 }, admin)).body as Card[];
    while (page.length > 0) {
      expect(page.length).toBeLessThanOrEqual(4);
      paged.push(...page);
      const last = page[page.length - 1];
      page = (await post(app, '/api/admin/supply/get', { orderStatus: 'ordered', after: last.dueDate, afterId: last.id, limit: 4 }, admin)).body as Card[];
    }
    expect(paged.map((card) => card.id)).toEqual(whole.map((card) => card.id));
    const afterOnly = (await post(app, '/api/admin/supply/get', { orderStatus: 'ordered', after: '2027-02-03' }, admin)).body as Card[];
    expect(afterOnly.every((card) => card.dueDate > '2027-02-03')).toBe(true);
    expect(afterOnly.filter((card) => card.dueDate.startsWith('2027-02'))).toHaveLength(13);
  });

  it.each([
    [{ orderStatus: 'pending', before: '2026-01-01' }, 'before'],
    [{ orderStatus: 'ordered', beforeId: 3 }, 'beforeId'],
    [{ orderStatus: 'delivered', after: '2026-01-01' }, 'after'],
    [{ orderStatus: 'pending', afterId: 3 }, 'afterId'],
    [{ orderStatus: 'delivered', beforeId: 3 }, 'beforeId'],
  ])('refuses %j (400 naming %s) instead of ignoring a paging field that does not fit the column', async (body, field) => {
    const response = await post(app, '/api/admin/supply/get', body, admin);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field })]);
  });
});
