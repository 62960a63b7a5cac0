import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Schemas } from '../../lib/contract.js';
import { today } from '../../lib/clock.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../supply/supply.fixtures.js';

/**
 * The paths the statements are made of, through the endpoints: supply's drop on 'Added to stock' (with a composition
 * when given), the operator's produced bottles (lots taken FIFO), and an invoice billing an item.
 */
/** A JSON POST through the app, as the API tests make them (no import of the test support: this file builds with the API). */
async function post(app: FastifyInstance, url: string, body: unknown, token: string) {
  const response = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() };
}

/** Fails the test with the answer when a step was refused. */
function check(answer: { status: number; body: unknown }, expected: number[]) {
  if (!expected.includes(answer.status)) throw new Error(`expected ${expected.join(' or ')}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
}

export function sustainabilityFixtures(context: () => { app: FastifyInstance; db: Db; admin: string; operator: string }) {
  /** A 28 g PET preform with one supplier, and two warehouses. */
  async function setting() {
    const { db } = context();
    const preform = await makePreform(db);
    return { preformId: preform.id, supplyId: preform.supplyIds[0]!, north: await makeWarehouse(db), south: await makeWarehouse(db) };
  }
  type Setting = Awaited<ReturnType<typeof setting>>;

  /** A supply order created and dropped on 'Added to stock': the drop's answer (status and body). */
  async function drop(s: Setting, warehouseId: number, amount: number, composition?: Schemas['LotCompositionInput']) {
    const { app, admin } = context();
    const order = { orderedAmount: amount, dueDate: today(), preformId: s.preformId, preformWarehouseId: warehouseId, preformSupplyId: s.supplyId };
    const created = await post(app, '/api/admin/supply/save', { Order: order }, admin);
    check(created, [200, 201]);
    return post(
      app,
      '/api/admin/supply/save',
      { Order: { ...order, id: created.body.id, orderStatus: 'delivered', stock: true, version: created.body.version, ...(composition ? { composition } : {}) } },
      admin,
    );
  }

  /** A delivered lot: its id. */
  async function deliver(s: Setting, warehouseId: number, amount: number, composition?: Schemas['LotCompositionInput']) {
    const dropped = await drop(s, warehouseId, amount, composition);
    check(dropped, [200]);
    return dropped.body.Lot.id as number;
  }

  /** An open item of `companyId`'s product in `warehouseId`, without scrap (preforms = bottles). */
  async function itemIn(s: Setting, warehouseId: number, companyId: string) {
    const { db } = context();
    const productId = await makeProduct(db, { preformId: s.preformId, warehouseId, supplyId: s.supplyId, companyId, scrapStart: 0 });
    // Bottle stock is kept per price period: production needs one.
    const year = today().slice(0, 4);
    await db.insertInto('product_prices').values({ client_product_id: productId, unit_price: 55, valid_from: `${year}-01-01`, valid_to: `${year}-12-31` }).execute();
    const orderId = await makeProductionOrder(db, { companyId });
    return makeOrderItem(db, { orderId, productId, planned: 100_000, dueDate: today() });
  }

  /** The operator records bottles produced. */
  async function produce(itemId: number, bottles: number) {
    const { app, db, operator } = context();
    const { version } = await db.selectFrom('client_production_order_items').select('version').where('id', '=', itemId).executeTakeFirstOrThrow();
    const saved = await post(app, '/api/operator/order/item/produced/add', { item: { id: itemId, producedQuantity: bottles, version } }, operator);
    check(saved, [200]);
  }

  /** An invoice of the item's company dated `date` (today by default) billing the item: its id. */
  async function invoice(itemId: number, number: string, date = today()) {
    const { db } = context();
    const item = await db
      .selectFrom('client_production_order_items as i')
      .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
      .select(['o.company_id'])
      .where('i.id', '=', itemId)
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('invoices')
      .values({ company_id: item.company_id, invoice_number: number, delivery_date: date, invoice_total: 100, invoice_currency: 'EUR' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('invoice_lines').values({ invoice_id: id, order_item_id: itemId, article_no: 'X', product_name: 'X', quantity: 1, unit_price: 1, line_total: 1 }).execute();
    return id;
  }

  return { setting, drop, deliver, itemIn, produce, invoice };
}

/** A composition with evidence: `post` % post-consumer, the EPD's carbon when given. */
export const composition = (post: number, carbon: number | null = null): Schemas['LotCompositionInput'] => ({
  postConsumerPercent: post,
  preConsumerPercent: 0,
  scheme: post > 0 ? 'EuCertPlast' : null,
  certificateNo: post > 0 ? `ECP-${post}` : null,
  validFrom: null,
  validUntil: null,
  recyclingProcess: post > 0 ? 'RAN.EU.2022.0042' : null,
  carbonKgPerKg: carbon,
  epdReference: carbon === null ? null : `EPD-${carbon}`,
});
