import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/db.test-utils.js';
import { as, createTestApp, post } from '../../../../tests/support/app.test-utils.js';
import { COMPANY_A, COMPANY_B, createCompany, createTwoCompanies } from '../../../../tests/support/factories/companies.test-utils.js';
import { pdfText } from '../../../../tests/support/pdf.test-utils.js';
import { underEachPlanMode } from '../../../../tests/support/plans.test-utils.js';
import type { Db } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';
import { ALL_COMPANIES } from '../../lib/scope.js';
import { traceOfItem } from './trace.service.js';
import { toCsv } from '../downtime/downtime.csv.js';
import { makeClaim } from '../claims/claims.fixtures.js';
import { invoiceItem } from '../orders/orders.fixtures.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse, stockOf } from '../supply/supply.fixtures.js';
import { nowMs, today as clockToday } from '../../lib/clock.js';
import { consumeFifo } from './lots.ledger.js';
import { keepsDerivedAfterEach } from '../../../../tests/support/derived.test-utils.js';
import { lotStateCounts } from '../../db/derived/lot-state-counts.js';
import { lotItemUses } from '../../db/derived/lot-item-uses.js';

/**
 * Issue 17, lots: a delivery creates its lot, production consumes lots FIFO per warehouse, the admin corrects a
 * record's lots, the recall answer finds every client of a lot and only those, a client sees its own items' lots only.
 * Everything through the API on PostgreSQL.
 */
let database: TestDatabase;
let app: FastifyInstance;
let admin: string;
let operator: string;
const COMPANY_C = 'company-c';
const BUYER = 'company-buyer';

const today = () => clockToday();
const DAY = 86_400_000;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await createTwoCompanies(database.db);
  await createCompany(database.db, COMPANY_C, { name: 'Company C' });
  await createCompany(database.db, BUYER, { name: 'Buyer Co', clientType: '1' });
  await database.db
    .insertInto('client_details')
    .values({
      company_id: COMPANY_A,
      billing_company: 'Company A Ltd',
      billing_first_name: 'Anna',
      billing_last_name: 'Andersson',
      billing_address: 'Street 1',
      billing_city: 'Riga',
      billing_country: 'LV',
      billing_email: 'quality@company-a.test',
      currency: 'EUR',
    })
    .execute();
  admin = await as.admin();
  operator = await as.operator();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
// Every test here writes sources of these derived tables through the endpoints: after each, they are as recomputed.
keepsDerivedAfterEach(() => database.asOwner(), [lotStateCounts, lotItemUses]);

/** A preform with one supplier, and its two warehouses. */
async function setting() {
  const preform = await makePreform(database.db);
  const [north, south] = [await makeWarehouse(database.db), await makeWarehouse(database.db)];
  return { preformId: preform.id, supplyId: preform.supplyIds[0], manufacturerId: preform.manufacturers[0], north, south };
}
type Setting = Awaited<ReturnType<typeof setting>>;

/** A supply order created on the board and dropped on 'Added to stock' (with a lot number when given): its card. */
async function deliver(s: Setting, warehouseId: number, amount: number, supplierLotNumber?: string) {
  const created = await post(
    app,
    '/api/admin/supply/save',
    { Order: { orderedAmount: amount, dueDate: today(), preformId: s.preformId, preformWarehouseId: warehouseId, preformSupplyId: s.supplyId } },
    admin,
  );
  expect([200, 201], JSON.stringify(created.body)).toContain(created.status);
  const card = created.body;
  const dropped = await post(
    app,
    '/api/admin/supply/save',
    {
      Order: {
        id: card.id,
        orderStatus: 'delivered',
        stock: true,
        orderedAmount: amount,
        dueDate: today(),
        preformId: s.preformId,
        preformWarehouseId: warehouseId,
        preformSupplyId: s.supplyId,
        version: card.version,
        ...(supplierLotNumber ? { supplierLotNumber } : {}),
      },
    },
    admin,
  );
  expect(dropped.status).toBe(200);
  return dropped.body;
}

/** An open item of `companyId`'s product in `warehouseId` (no scrap, so preforms = bottles), priced for bottle stock. */
async function itemIn(s: Setting, warehouseId: number, companyId = COMPANY_A, options: { planned?: number; scrapStart?: number } = {}) {
  const productId = await makeProduct(database.db, { preformId: s.preformId, warehouseId, supplyId: s.supplyId, companyId, scrapStart: options.scrapStart ?? 0 });
  const year = today().slice(0, 4);
  await database.db
    .insertInto('product_prices')
    .values({ client_product_id: productId, unit_price: 55, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` })
    .execute();
  const orderId = await makeProductionOrder(database.db, { companyId });
  const itemId = await makeOrderItem(database.db, { orderId, productId, planned: options.planned ?? 100_000, dueDate: today() });
  return { productId, orderId, itemId };
}

/** The operator records bottles produced since the last entry: the new produced entry's id. */
async function produce(itemId: number, bottles: number, isClosed?: boolean) {
  const { version } = await database.db.selectFrom('client_production_order_items').select('version').where('id', '=', itemId).executeTakeFirstOrThrow();
  const saved = await post(app, '/api/operator/order/item/produced/add', { item: { id: itemId, producedQuantity: bottles, version, isClosed } }, operator);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const entry = await database.db.selectFrom('produced_entries').select('id').where('order_item_id', '=', itemId).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return entry.id;
}

const usesOf = (entryId: number) =>
  database.db
    .selectFrom('lot_consumptions')
    .select(['lot_id', 'preforms', 'bottles'])
    .where('produced_entry_id', '=', entryId)
    .orderBy('id')
    .execute();
const lotOf = async (supplyOrderId: number) =>
  database.db.selectFrom('lots').selectAll().where('supply_order_id', '=', supplyOrderId).executeTakeFirstOrThrow();
const staff = (path: string, body: unknown, token = admin, role = 'admin') => post(app, `/api/${role}/${path}`, body, token);

describe('a delivery creates its lot', () => {
  it('keeps the supplier, preform, warehouse, delivery date, quantity and the lot number given on the drop, beside the ledger row', async () => {
    const s = await setting();
    const card = await deliver(s, s.north, 12_000, 'RB-2603-114');
    expect(card.Lot).toEqual({ id: expect.any(Number), supplierLotNumber: 'RB-2603-114' });
    const lot = await lotOf(card.id);
    expect(lot).toMatchObject({
      preform_id: s.preformId,
      warehouse_id: s.north,
      preform_supply_id: s.supplyId,
      manufacturer_id: s.manufacturerId,
      delivery_date: today(),
      quantity: 12_000,
      consumed: 0,
      supplier_lot_number: 'RB-2603-114',
    });
    const { movements, balance } = await stockOf(database.db, s.preformId, s.north);
    expect(movements.map((m) => [m.reason, m.quantity, m.source_id])).toEqual([['supply_delivery', 12_000, card.id]]);
    expect(balance).toBe(12_000);

    const got = await staff('lot/get', { id: lot.id }, operator, 'operator');
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: lot.id, supplierLotNumber: 'RB-2603-114', quantity: 12_000, remaining: 12_000, state: 'open', supplyOrderId: card.id });
  });

  it('creates one lot however often the drop is repeated, and the lot number can be entered later (admin, versioned, audited)', async () => {
    const s = await setting();
    const card = await deliver(s, s.north, 5_000);
    const again = await post(app, '/api/admin/supply/save', { Order: { ...card, Preform: undefined, PreformWarehouse: undefined, PreformSupply: undefined, ClientProductionOrder: undefined, Lot: undefined } }, admin);
    expect(again.status).toBe(200);
    expect(await database.db.selectFrom('lots').select('id').where('supply_order_id', '=', card.id).execute()).toHaveLength(1);
    const lot = await lotOf(card.id);
    expect(lot.supplier_lot_number).toBeNull();

    const saved = await post(app, '/api/admin/lot/save', { id: lot.id, supplierLotNumber: 'LATE-7', version: lot.version }, admin);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ supplierLotNumber: 'LATE-7', version: lot.version + 1 });
    const stale = await post(app, '/api/admin/lot/save', { id: lot.id, supplierLotNumber: 'OTHER', version: lot.version }, admin);
    expect(stale.status).toBe(409);
    const blank = await post(app, '/api/admin/lot/save', { id: lot.id, supplierLotNumber: '   ', version: lot.version + 1 }, admin);
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0].field).toContain('supplierLotNumber');
    expect((await lotOf(card.id)).supplier_lot_number).toBe('LATE-7');
    const audited = await database.db.selectFrom('audit_log').select(['operation', 'details']).where('record_type', '=', 'lot').where('record_id', '=', String(lot.id)).execute();
    expect(audited).toEqual([{ operation: 'saveLot', details: expect.objectContaining({ supplierLotNumber: 'LATE-7', previous: null }) }]);

    const byOperator = await post(app, '/api/admin/lot/save', { id: lot.id, supplierLotNumber: 'X', version: lot.version + 1 }, operator);
    expect(byOperator.status).toBe(403);
  });
});

describe('production consumes preforms FIFO per warehouse', () => {
  it('takes the oldest lot of the product’s warehouse first, then the next, and records what no lot covers as unlotted', async () => {
    const s = await setting();
    const older = await lotOf((await deliver(s, s.north, 1_000, 'OLD')).id);
    const newer = await lotOf((await deliver(s, s.north, 2_000, 'NEW')).id);
    const south = await lotOf((await deliver(s, s.south, 5_000, 'SOUTH')).id);
    const north = await itemIn(s, s.north);
    const southItem = await itemIn(s, s.south, COMPANY_B);

    const first = await produce(north.itemId, 1_500);
    expect(await usesOf(first)).toEqual([
      { lot_id: older.id, preforms: 1_000, bottles: 1_000 },
      { lot_id: newer.id, preforms: 500, bottles: 500 },
    ]);
    const elsewhere = await produce(southItem.itemId, 700);
    expect(await usesOf(elsewhere)).toEqual([{ lot_id: south.id, preforms: 700, bottles: 700 }]);
    const beyond = await produce(north.itemId, 2_000);
    expect(await usesOf(beyond)).toEqual([
      { lot_id: newer.id, preforms: 1_500, bottles: 1_500 },
      { lot_id: null, preforms: 500, bottles: 500 },
    ]);

    const consumed = async (id: number) => (await database.db.selectFrom('lots').select('consumed').where('id', '=', id).executeTakeFirstOrThrow()).consumed;
    expect([await consumed(older.id), await consumed(newer.id), await consumed(south.id)]).toEqual([1_000, 2_000, 700]);

    // The ledger stays the one truth: each record's rows sum to what its 'production' row took.
    for (const [warehouseId, itemId] of [[s.north, north.itemId], [s.south, southItem.itemId]]) {
      const { movements } = await stockOf(database.db, s.preformId, warehouseId);
      const taken = -movements.filter((m) => m.reason === 'production').reduce((sum, m) => sum + m.quantity, 0);
      const rows = await database.db.selectFrom('lot_consumptions').select('preforms').where('order_item_id', '=', itemId).execute();
      expect(rows.reduce((sum, row) => sum + row.preforms, 0)).toBe(taken);
    }

    const stock = await staff('lots/stock/get', { preformId: s.preformId });
    expect(stock.status).toBe(200);
    const byWarehouse = Object.fromEntries(stock.body.rows.map((row: { preformWarehouseId: number }) => [row.preformWarehouseId, row]));
    expect(byWarehouse[s.north]).toMatchObject({ currentStock: -500, inLots: 0, unlotted: -500, lots: [] });
    expect(byWarehouse[s.south]).toMatchObject({ currentStock: 4_300, inLots: 4_300, unlotted: 0, lots: [expect.objectContaining({ id: south.id, remaining: 4_300 })] });

    const used = await staff('lots/get', { preformId: s.preformId, state: 'usedUp', pagination: { page: 1, rowsPerPage: 10 } }, operator, 'operator');
    expect(used.body.rows.map((lot: { id: number }) => lot.id).sort()).toEqual([older.id, newer.id].sort());
    expect(used.body.count).toBe(2);
    const open = await staff('lots/get', { preformId: s.preformId, state: 'open', pagination: { page: 1, rowsPerPage: 10 } });
    expect(open.body).toMatchObject({ count: 1, rows: [{ id: south.id, remaining: 4_300, state: 'open' }] });
  });

  it('counts the product’s scrap as the order amount does, and a lowered total gives preforms back, unlotted first, then the newest lot', async () => {
    const s = await setting();
    const older = await lotOf((await deliver(s, s.north, 1_000)).id);
    const newer = await lotOf((await deliver(s, s.north, 1_000)).id);
    const { itemId } = await itemIn(s, s.north, COMPANY_A, { scrapStart: 100 });
    const entry = await produce(itemId, 1_500); // 1,500 bottles + 100 start scrap = 1,600 preforms
    expect(await usesOf(entry)).toEqual([
      { lot_id: older.id, preforms: 1_000, bottles: 938 },
      { lot_id: newer.id, preforms: 600, bottles: 562 },
    ]);
    const { version } = await database.db.selectFrom('client_production_order_items').select('version').where('id', '=', itemId).executeTakeFirstOrThrow();
    const lowered = await post(app, '/api/operator/order/item/save', { item: { id: itemId, producedAmount: 1_200, version } }, operator);
    expect(lowered.status).toBe(200);
    const back = await database.db.selectFrom('produced_entries').select('id').where('order_item_id', '=', itemId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(await usesOf(back.id)).toEqual([{ lot_id: newer.id, preforms: -300, bottles: -300 }]);
    expect((await database.db.selectFrom('lots').select('consumed').where('id', '=', newer.id).executeTakeFirstOrThrow()).consumed).toBe(300);
  });
});

describe('lots follow when the preforms were used', () => {
  it("a record takes only the lots delivered by its time; the line shows its lotted and unlotted shares, and a correction cannot name a later lot", async () => {
    const s = await setting();
    // Lot 1 came twenty days ago (a history written as the seed writes it); lot 2 comes now.
    const lot1 = await lotOf((await deliver(s, s.north, 1_000, 'EARLY')).id);
    const early = nowMs() - 20 * DAY;
    await database.db
      .updateTable('lots')
      .set({ received_at: new Date(early), delivery_date: new Date(early).toISOString().slice(0, 10) })
      .where('id', '=', lot1.id)
      .execute();
    const lot2 = await lotOf((await deliver(s, s.north, 5_000, 'LATE')).id);
    const { itemId, orderId, productId } = await itemIn(s, s.north);

    // Bottles made ten days ago, between the two deliveries (recorded with their time, as the demo seed records them).
    const used = await database.db
      .insertInto('produced_entries')
      .values({ order_item_id: itemId, quantity: 1_500, produced_total: 1_500, subject: 'operator-1', recorded_by: 'Olga', created_at: new Date(nowMs() - 10 * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.updateTable('client_production_order_items').set({ produced_amount: 1_500 }).where('id', '=', itemId).execute();
    await database.db.transaction().execute((trx) =>
      consumeFifo(trx, { producedEntryId: used.id, orderItemId: itemId, preformId: s.preformId, warehouseId: s.north, preforms: 1_500, bottles: 1_500, subject: 'operator-1' }),
    );
    expect(await usesOf(used.id)).toEqual([
      { lot_id: lot1.id, preforms: 1_000, bottles: 1_000 },
      { lot_id: null, preforms: 500, bottles: 500 },
    ]);
    // Bottles made now take the lot delivered now.
    const now = await produce(itemId, 2_000);
    expect(await usesOf(now)).toEqual([{ lot_id: lot2.id, preforms: 2_000, bottles: 2_000 }]);

    const line = await post(app, '/api/client/lots/item/get', { id: itemId }, await as.client(COMPANY_A));
    expect(line.body).toMatchObject({
      lots: [expect.objectContaining({ id: lot1.id, preforms: 1_000 }), expect.objectContaining({ id: lot2.id, preforms: 2_000 })],
      unlottedPreforms: 500,
    });
    const trace = await staff('lots/trace/item/get', { orderItemId: itemId });
    expect(trace.body).toMatchObject({ lots: [expect.objectContaining({ id: lot1.id, preforms: 1_000 }), expect.objectContaining({ id: lot2.id, preforms: 2_000 })], unlottedPreforms: 500 });
    const claimId = await makeClaim(database.db, { companyId: COMPANY_A, productId, orderId });
    const claimTrace = await staff('lots/trace/claim/get', { claimId });
    expect(claimTrace.body).toMatchObject({ lots: [expect.objectContaining({ id: lot1.id }), expect.objectContaining({ id: lot2.id })], unlottedPreforms: 500 });

    const refused = await post(app, '/api/admin/lots/production/save', { producedEntryId: used.id, lots: [{ lotId: lot2.id, preforms: 500 }] }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'lots[0].lotId', code: 'deliveredAfter' }));
    expect(await usesOf(used.id)).toEqual([
      { lot_id: lot1.id, preforms: 1_000, bottles: 1_000 },
      { lot_id: null, preforms: 500, bottles: 500 },
    ]);
  });
});

describe('the lots page count (kept beside the lots, not counted on each page)', () => {
  it('without other filters equals the lots counted, open, used up and all, as lots are delivered, used up, given back and deleted', async () => {
    /** The count of the lots page per state, beside the lots counted directly; answers the counted figures. */
    const expectCounts = async () => {
      const counted = (
        await sql<{ open: number; usedUp: number; all: number }>`
          select count(*) filter (where consumed < quantity)::int as open, count(*) filter (where consumed >= quantity)::int as "usedUp",
                 count(*)::int as all from lots`.execute(database.db)
      ).rows[0]!;
      for (const [state, expected] of [['open', counted.open], ['usedUp', counted.usedUp], [undefined, counted.all]] as const) {
        const page = await staff('lots/get', { ...(state ? { state } : {}), pagination: { page: 1, rowsPerPage: 10 } });
        expect(page.status).toBe(200);
        expect({ state, count: page.body.count }).toEqual({ state, count: expected });
      }
      return counted;
    };
    const s = await setting();
    const before = await expectCounts();
    const lot = await lotOf((await deliver(s, s.north, 1_000)).id);
    const spare = await lotOf((await deliver(s, s.north, 1_000)).id);
    expect(await expectCounts()).toEqual({ open: before.open + 2, usedUp: before.usedUp, all: before.all + 2 });

    const { itemId } = await itemIn(s, s.north);
    await produce(itemId, 1_000); // the older lot is used up
    expect(await expectCounts()).toEqual({ open: before.open + 1, usedUp: before.usedUp + 1, all: before.all + 2 });

    const { version } = await database.db.selectFrom('client_production_order_items').select('version').where('id', '=', itemId).executeTakeFirstOrThrow();
    const lowered = await post(app, '/api/operator/order/item/save', { item: { id: itemId, producedAmount: 700, version } }, operator);
    expect(lowered.status).toBe(200); // 300 preforms given back to the lot: open again
    expect((await lotOf(lot.supply_order_id)).consumed).toBe(700);
    expect(await expectCounts()).toEqual({ open: before.open + 2, usedUp: before.usedUp, all: before.all + 2 });

    await database.db.deleteFrom('lots').where('id', '=', spare.id).execute();
    expect(await expectCounts()).toEqual({ open: before.open + 1, usedUp: before.usedUp, all: before.all + 1 });
  });
});

describe('a deleted order', () => {
  it('leaves its preforms consumed from the lot (as the ledger does) and drops out of the recall', async () => {
    const s = await setting();
    const lot = await lotOf((await deliver(s, s.north, 10_000, 'DEL')).id);
    const kept = await itemIn(s, s.north, COMPANY_A);
    const removed = await itemIn(s, s.north, COMPANY_A);
    await produce(kept.itemId, 1_000);
    await produce(removed.itemId, 2_000);
    const deleted = await post(app, '/api/client/orders/delete', { orderIds: [removed.orderId] }, await as.client(COMPANY_A));
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await database.db.selectFrom('lots').select('consumed').where('id', '=', lot.id).executeTakeFirstOrThrow()).consumed).toBe(3_000);
    const recall = await staff('lots/recall/get', { id: lot.id });
    expect(recall.body.open.flatMap((client: { items: { orderItemId: number }[] }) => client.items.map((item) => item.orderItemId))).toEqual([kept.itemId]);
    expect(recall.body.lot).toMatchObject({ consumed: 3_000, remaining: 7_000 });
  });
});

describe('the admin corrects the lots of a production record', () => {
  it('moves the record to other lots of its preform and warehouse; refuses, naming the field, what does not fit, writing nothing', async () => {
    const s = await setting();
    const first = await lotOf((await deliver(s, s.north, 2_000, 'A1')).id);
    const second = await lotOf((await deliver(s, s.north, 2_000, 'A2')).id);
    const other = await lotOf((await deliver(s, s.south, 2_000, 'S1')).id);
    const { itemId } = await itemIn(s, s.north);
    const entry = await produce(itemId, 1_200);
    expect(await usesOf(entry)).toEqual([{ lot_id: first.id, preforms: 1_200, bottles: 1_200 }]);

    const refusals: [unknown[], string, string][] = [
      [[{ lotId: other.id, preforms: 100 }], 'lots[0].lotId', 'preform'],
      [[{ lotId: second.id, preforms: 1_300 }], 'lots', 'maximum'],
      [[{ lotId: second.id, preforms: 100 }, { lotId: second.id, preforms: 100 }], 'lots[1].lotId', 'unique'],
      [[{ lotId: 2_000_000_000, preforms: 100 }], 'lots[0].lotId', 'notFound'],
    ];
    for (const [lots, field, code] of refusals) {
      const refused = await post(app, '/api/admin/lots/production/save', { producedEntryId: entry, lots }, admin);
      expect(refused.status, JSON.stringify(lots)).toBe(400);
      expect(refused.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    }
    expect(await usesOf(entry)).toEqual([{ lot_id: first.id, preforms: 1_200, bottles: 1_200 }]);

    const corrected = await post(app, '/api/admin/lots/production/save', { producedEntryId: entry, lots: [{ lotId: second.id, preforms: 1_000 }] }, admin);
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body).toMatchObject({
      producedEntryId: entry,
      bottles: 1_200,
      preforms: 1_200,
      lots: [
        { lot: expect.objectContaining({ id: second.id, supplierLotNumber: 'A2' }), preforms: 1_000 },
        { lot: null, preforms: 200 },
      ],
    });
    const consumed = await database.db.selectFrom('lots').select(['id', 'consumed']).where('id', 'in', [first.id, second.id]).orderBy('id').execute();
    expect(consumed).toEqual([
      { id: first.id, consumed: 0 },
      { id: second.id, consumed: 1_000 },
    ]);
    const { balance } = await stockOf(database.db, s.preformId, s.north);
    expect(balance).toBe(4_000 - 1_200);
    const audited = await database.db.selectFrom('audit_log').select('details').where('operation', '=', 'saveProductionLots').where('record_id', '=', String(entry)).execute();
    expect(audited).toHaveLength(1);

    const byOperator = await post(app, '/api/admin/lots/production/save', { producedEntryId: entry, lots: [] }, operator);
    expect(byOperator.status).toBe(403);
  });
});

/** The recall CSV as the whole answer tells it (independent of the export's statement): a line per item, delivered first. */
function recallCsvOf(recall: Schemas['LotRecall']): Buffer {
  const section = (name: string, clients: Schemas['RecallClient'][]) =>
    clients.flatMap((client) =>
      client.items.map((item) => [
        name, recall.lot.id, recall.lot.supplierLotNumber, client.company ?? client.clientId, client.contact?.name, client.contact?.email,
        item.orderNo, item.articleNo, item.productName, item.dueDate, item.plannedAmount, item.producedAmount, item.preformsFromLot,
        item.bottlesFromLot, item.isClosed ? 'yes' : 'no', item.invoiceNumbers.join(', '), item.producedOnItemId,
      ]),
    );
  return toCsv(
    [
      'Section', 'Lot', 'Supplier lot number', 'Company', 'Contact', 'Contact e-mail', 'Order no', 'Article no', 'Title', 'Deliver at',
      'Quantity', 'Produced', 'Preforms from lot', 'Bottles from lot', 'Closed', 'Invoices', 'Produced on item',
    ],
    [...section('Delivered or invoiced', recall.delivered), ...section('Open: stop', recall.open)],
  );
}

describe('trace and recall', () => {
  it('the recall answer finds every client of the lot, and only those, with what to stop and what to quarantine', async () => {
    const s = await setting();
    const lot = await lotOf((await deliver(s, s.north, 50_000, 'RECALL-1')).id);
    const otherLot = await lotOf((await deliver(s, s.south, 50_000, 'CLEAN')).id);

    const delivered = await itemIn(s, s.north, COMPANY_A);
    await produce(delivered.itemId, 10_000);
    await invoiceItem(database.db, delivered.itemId);
    const open = await itemIn(s, s.north, COMPANY_B);
    await produce(open.itemId, 4_000);
    // A seller's item producing a buyer's item: the buyer got those bottles.
    const sellerItem = await itemIn(s, s.north, COMPANY_C);
    await produce(sellerItem.itemId, 3_000);
    const buyerProduct = await makeProduct(database.db, { preformId: s.preformId, warehouseId: s.north, supplyId: s.supplyId, companyId: BUYER });
    const buyerOrder = await makeProductionOrder(database.db, { companyId: BUYER });
    const buyerItem = await makeOrderItem(database.db, { orderId: buyerOrder, productId: buyerProduct, planned: 3_000 });
    await database.db.updateTable('client_production_order_items').set({ ref_production_order_item_id: sellerItem.itemId }).where('id', '=', buyerItem).execute();
    // Another lot's client is not affected.
    await createCompany(database.db, 'company-clean', { name: 'Clean Co' });
    const clean = await itemIn(s, s.south, 'company-clean');
    await produce(clean.itemId, 5_000);

    const answer = await staff('lots/recall/get', { id: lot.id }, operator, 'operator');
    expect(answer.status).toBe(200);
    const clients = (list: { clientId: string; items: { orderItemId: number }[] }[]) =>
      list.map((client) => [client.clientId, client.items.map((item) => item.orderItemId)]);
    expect(clients(answer.body.delivered)).toEqual([[COMPANY_A, [delivered.itemId]]]);
    expect(answer.body.delivered[0].contact).toEqual({ name: 'Anna Andersson', email: 'quality@company-a.test' });
    expect(answer.body.delivered[0].items[0]).toMatchObject({ preformsFromLot: 10_000, bottlesFromLot: 10_000, invoiceNumbers: [expect.any(String)] });
    expect(clients(answer.body.open).sort()).toEqual(
      [
        [COMPANY_B, [open.itemId]],
        [BUYER, [buyerItem]],
        [COMPANY_C, [sellerItem.itemId]],
      ].sort(),
    );
    const buyerRow = answer.body.open.find((client: { clientId: string }) => client.clientId === BUYER).items[0];
    expect(buyerRow.producedOnItemId).toBe(sellerItem.itemId);
    expect(answer.body.clientCount).toBe(4);
    expect(answer.body.quarantine).toEqual({ preforms: 50_000 - 17_000, bottles: 4_000 + 3_000 });
    expect(JSON.stringify(answer.body)).not.toContain('company-clean');

    // The screen's questions: every client with its counts and no items, then one client's items.
    const summary = await staff('lots/recall/get', { id: lot.id, summary: true });
    expect(summary.status).toBe(200);
    const counts = (list: { clientId: string; items: unknown[]; itemCount: number; bottlesFromLot: number }[]) =>
      list.map((client) => [client.clientId, client.items.length, client.itemCount, client.bottlesFromLot]);
    expect(counts(summary.body.delivered)).toEqual([[COMPANY_A, 0, 1, 10_000]]);
    expect(counts(summary.body.open).sort()).toEqual([[BUYER, 0, 1, 3_000], [COMPANY_B, 0, 1, 4_000], [COMPANY_C, 0, 1, 3_000]].sort());
    expect(summary.body).toMatchObject({ clientCount: 4, quarantine: answer.body.quarantine });
    const one = await staff('lots/recall/get', { id: lot.id, clientId: COMPANY_B });
    expect(clients(one.body.open)).toEqual([[COMPANY_B, [open.itemId]]]);
    expect(one.body.delivered).toEqual([]);
    expect(one.body).toMatchObject({ clientCount: 4, quarantine: answer.body.quarantine });

    const cleanAnswer = await staff('lots/recall/get', { id: otherLot.id });
    expect(clients(cleanAnswer.body.open)).toEqual([['company-clean', [clean.itemId]]]);

    const trace = await staff('lots/trace/item/get', { orderItemId: buyerItem });
    expect(trace.status).toBe(200);
    expect(trace.body).toMatchObject({ orderItemId: buyerItem, producedOnItemId: sellerItem.itemId, unlottedPreforms: 0 });
    expect(trace.body.lots).toEqual([
      expect.objectContaining({ id: lot.id, supplierLotNumber: 'RECALL-1', preforms: 3_000, SupplyOrder: expect.objectContaining({ id: lot.supply_order_id, orderedAmount: 50_000 }) }),
    ]);
    expect(trace.body.records).toHaveLength(1);

    const claimId = await makeClaim(database.db, { companyId: COMPANY_B, productId: (await database.db.selectFrom('client_production_order_items').select('client_product_id').where('id', '=', open.itemId).executeTakeFirstOrThrow()).client_product_id, orderId: open.orderId });
    const claimTrace = await staff('lots/trace/claim/get', { claimId });
    expect(claimTrace.body).toMatchObject({ claimId, items: [{ orderItemId: open.itemId }], lots: [expect.objectContaining({ id: lot.id, preforms: 4_000 })] });

    for (const [path, type, name] of [
      ['lots/recall/csv', 'text/csv', `recall-lot-${lot.id}.csv`],
      ['lots/recall/pdf', 'application/pdf', `recall-lot-${lot.id}.pdf`],
      ['lots/epcis', 'application/ld+json', `lot-${lot.id}-epcis.jsonld`],
    ]) {
      const response = await app.inject({ method: 'POST', url: `/api/admin/${path}`, payload: { id: lot.id }, headers: { authorization: `Bearer ${admin}` } });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain(type);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      if (type === 'text/csv') {
        const csv = response.body;
        expect(csv).toContain('quality@company-a.test');
        expect(csv.trim().split('\r\n')).toHaveLength(1 + 4);
        expect(csv).not.toContain('company-clean');
        // Streamed from its own statement: the same file as the whole answer's items, delivered first, clients by name.
        expect(csv).toBe(recallCsvOf(answer.body).toString('utf8'));
      }
      if (type === 'application/ld+json') {
        const document = JSON.parse(response.body);
        expect(document).toMatchObject({ type: 'EPCISDocument', schemaVersion: '2.0', '@context': ['https://ref.gs1.org/standards/epcis/epcis-context.jsonld'] });
        const events = document.epcisBody.eventList;
        expect(events.map((event: { type: string }) => event.type)).toEqual(['ObjectEvent', 'TransformationEvent', 'TransformationEvent', 'TransformationEvent']);
        expect(events[0]).toMatchObject({ action: 'ADD', bizStep: 'receiving', quantityList: [{ quantity: 50_000 }], ilmd: { 'cbvmda:lotNumber': 'RECALL-1' } });
        expect(events.slice(1).map((event: { inputQuantityList: { quantity: number }[] }) => event.inputQuantityList[0].quantity)).toEqual([10_000, 4_000, 3_000]);
      }
    }

    const byClient = await post(app, '/api/admin/lots/recall/get', { id: lot.id }, await as.client());
    expect(byClient.status).toBe(403);
    const unknown = await staff('lots/recall/get', { id: 2_000_000_000 });
    expect(unknown.status).toBe(404);
  });

  it('the recall summary (kept by triggers) tells the same clients, counts and quarantine as the whole answer through every kind of change', async () => {
    const s = await setting();
    const lot = await lotOf((await deliver(s, s.north, 50_000, 'KEPT')).id);
    const a = await itemIn(s, s.north, COMPANY_A);
    await produce(a.itemId, 2_000);
    const b = await itemIn(s, s.north, COMPANY_B);
    await produce(b.itemId, 1_000);
    const seller = await itemIn(s, s.north, COMPANY_C);
    await produce(seller.itemId, 500);
    const buyerProduct = await makeProduct(database.db, { preformId: s.preformId, warehouseId: s.north, supplyId: s.supplyId, companyId: BUYER });
    const buyerOrder = await makeProductionOrder(database.db, { companyId: BUYER });
    const buyerItem = await makeOrderItem(database.db, { orderId: buyerOrder, productId: buyerProduct, planned: 500 });

    type Client = { clientId: string; contact: unknown; items: { bottlesFromLot: number }[]; itemCount: number; bottlesFromLot: number };
    const fromWhole = (list: Client[]) => list.map((client) => [client.clientId, client.items.length, client.items.reduce((sum, item) => sum + item.bottlesFromLot, 0)]);
    const fromSummary = (list: Client[]) => list.map((client) => [client.clientId, client.itemCount, client.bottlesFromLot]);
    /** The summary against the whole answer, and the kept rows against a computation from scratch; the summary's delivered clients. */
    const agree = async () => {
      const whole = (await staff('lots/recall/get', { id: lot.id })).body;
      const summary = (await staff('lots/recall/get', { id: lot.id, summary: true })).body;
      expect(fromSummary(summary.delivered)).toEqual(fromWhole(whole.delivered));
      expect(fromSummary(summary.open)).toEqual(fromWhole(whole.open));
      expect(summary.delivered.map((client: Client) => client.contact)).toEqual(whole.delivered.map((client: Client) => client.contact));
      expect({ quarantine: summary.quarantine, clientCount: summary.clientCount }).toEqual({ quarantine: whole.quarantine, clientCount: whole.clientCount });
      const stale = await sql<{ n: number }>`
        select count(*)::int as n from ((select * from lot_item_uses except select * from lot_item_uses_computed)
                                union all (select * from lot_item_uses_computed except select * from lot_item_uses)) d`.execute(database.db);
      expect(stale.rows[0]!.n).toBe(0);
      return { delivered: summary.delivered.map((client: Client) => client.clientId), open: summary.open.map((client: Client) => client.clientId) };
    };

    expect(await agree()).toEqual({ delivered: [], open: [COMPANY_A, COMPANY_B, COMPANY_C].sort() });
    // A buyer's item pointed at the seller's producing item: the buyer got those bottles.
    await database.db.updateTable('client_production_order_items').set({ ref_production_order_item_id: seller.itemId }).where('id', '=', buyerItem).execute();
    expect((await agree()).open).toContain(BUYER);
    // The operator closes B's only item (its order closes with it); the order reopened, then the item.
    await produce(b.itemId, 0, true);
    expect((await agree()).delivered).toEqual([COMPANY_B]);
    await database.db.updateTable('client_production_orders').set({ closed: 0 }).where('id', '=', b.orderId).execute();
    expect((await agree()).delivered).toEqual([COMPANY_B]);
    await database.db.updateTable('client_production_order_items').set({ is_closed: false }).where('id', '=', b.itemId).execute();
    expect((await agree()).delivered).toEqual([]);
    // The buyer's item invoiced, then its invoice line removed.
    await invoiceItem(database.db, buyerItem);
    expect((await agree()).delivered).toEqual([BUYER]);
    await database.db.deleteFrom('invoice_lines').where('order_item_id', '=', buyerItem).execute();
    expect((await agree()).delivered).toEqual([]);
    // A's order closed by the admin's data, more bottles on A, fewer on the seller's item (preforms given back).
    await database.db.updateTable('client_production_orders').set({ closed: 1 }).where('id', '=', a.orderId).execute();
    expect((await agree()).delivered).toEqual([COMPANY_A]);
    await database.db.updateTable('client_production_orders').set({ closed: 0 }).where('id', '=', a.orderId).execute();
    await produce(a.itemId, 1_000);
    const { version } = await database.db.selectFrom('client_production_order_items').select('version').where('id', '=', seller.itemId).executeTakeFirstOrThrow();
    const lowered = await post(app, '/api/operator/order/item/save', { item: { id: seller.itemId, producedAmount: 0, version } }, operator);
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    expect(await agree()).toEqual({ delivered: [], open: [COMPANY_A, COMPANY_B].sort() });
    // The buyer's item removed from the seller's item again, then deleted.
    await database.db.updateTable('client_production_order_items').set({ ref_production_order_item_id: null }).where('id', '=', buyerItem).execute();
    await database.db.deleteFrom('client_production_order_items').where('id', '=', buyerItem).execute();
    await agree();
  });

  it('a client sees the lots of its own items and claims, and gets 404 for another company’s', async () => {
    const s = await setting();
    const lot = await lotOf((await deliver(s, s.north, 20_000, 'MINE')).id);
    const mine = await itemIn(s, s.north, COMPANY_A);
    await produce(mine.itemId, 1_000);
    const theirs = await itemIn(s, s.north, COMPANY_B);
    await produce(theirs.itemId, 1_000);

    const own = await post(app, '/api/client/lots/item/get', { id: mine.itemId }, await as.client(COMPANY_A));
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      orderItemId: mine.itemId,
      lots: [expect.objectContaining({ id: lot.id, supplierLotNumber: 'MINE', preforms: 1_000 })],
      unlottedPreforms: 0,
      invoices: [],
    });
    // Once invoiced, the line names the invoice whose declaration of conformity lists the lot.
    const invoiceId = await invoiceItem(database.db, mine.itemId);
    const { invoice_number } = await database.db.selectFrom('invoices').select('invoice_number').where('id', '=', invoiceId).executeTakeFirstOrThrow();
    const invoiced = await post(app, '/api/client/lots/item/get', { id: mine.itemId }, await as.client(COMPANY_A));
    expect(invoiced.body.invoices).toEqual([{ id: invoiceId, invoiceNumber: invoice_number }]);
    const foreign = await post(app, '/api/client/lots/item/get', { id: theirs.itemId }, await as.client(COMPANY_A));
    const missing = await post(app, '/api/client/lots/item/get', { id: 2_000_000_000 }, await as.client(COMPANY_A));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ ...missing.body, instance: foreign.body.instance });

    const claimOfB = await makeClaim(database.db, {
      companyId: COMPANY_B,
      productId: (await database.db.selectFrom('client_production_order_items').select('client_product_id').where('id', '=', theirs.itemId).executeTakeFirstOrThrow()).client_product_id,
      orderId: theirs.orderId,
    });
    expect((await post(app, '/api/client/lots/claim/get', { id: claimOfB }, await as.client(COMPANY_A))).status).toBe(404);
    const ofB = await post(app, '/api/client/lots/claim/get', { id: claimOfB }, await as.client(COMPANY_B));
    expect(ofB.body).toEqual({ items: [{ orderItemId: theirs.itemId, lots: [expect.objectContaining({ id: lot.id, preforms: 1_000 })], unlottedPreforms: 0, invoices: [] }] });

    expect((await staff('lots/get', { pagination: { page: 1, rowsPerPage: 10 } }, await as.client(COMPANY_A), 'admin')).status).toBe(403);
  });
});

describe('the declaration of conformity', () => {
  it('lists the preform lots each invoiced item was made from, with the supplier lot number when entered', async () => {
    const s = await setting();
    const first = await lotOf((await deliver(s, s.north, 1_000, 'DOC-OLD')).id);
    const second = await lotOf((await deliver(s, s.north, 5_000)).id);
    const { itemId } = await itemIn(s, s.north, COMPANY_A);
    await produce(itemId, 1_500);
    const invoiceId = await invoiceItem(database.db, itemId);
    const response = await app.inject({ method: 'POST', url: '/api/client/declaration/download', payload: { id: invoiceId }, headers: { authorization: `Bearer ${await as.client(COMPANY_A)}` } });
    expect(response.statusCode).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Preform lots');
    expect(text).toContain(`Lot ${first.id} (DOC-OLD)`);
    expect(text).toContain(`Lot ${second.id}`);
  });
});

describe('the trace under both plan modes', () => {
  // The trace's reads run as named prepared statements (trace.service.ts): after five executions PostgreSQL may plan
  // them for any item and scope. Each must answer the same with either plan, as the API does.
  it("an item's backward trace, for the staff and for the item's company: the same answer with custom and generic plans", async () => {
    const used = await database.db
      .selectFrom('lot_consumptions as c')
      .innerJoin('client_production_order_items as i', 'i.id', 'c.order_item_id')
      .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
      .select(['c.order_item_id', 'o.company_id'])
      .where('c.lot_id', 'is not', null)
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    for (const scope of [ALL_COMPANIES, { kind: 'company' as const, companyId: used.company_id }]) {
      const read = (db: Db) => traceOfItem(db, scope, used.order_item_id);
      const { custom, generic } = await underEachPlanMode(database.url, read);
      const usual = await read(database.db);
      expect(usual.lots.length).toBeGreaterThan(0);
      expect(custom.answer).toEqual(usual);
      expect(generic.answer).toEqual(usual);
      expect(custom.prepared.length).toBeGreaterThanOrEqual(2);
      expect(generic.prepared.every((statement) => statement.generic_plans > 0 && statement.custom_plans === 0)).toBe(true);
    }
  });
});
