import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Schemas } from '../../lib/contract.js';
import { notFound } from '../../lib/problem.js';
import { dataTable, fieldTable, pdfDocument, renderPdf, section } from '../../pdf/pdf.js';
import { csvStream } from '../downtime/downtime.csv.js';
import { findLot, type Executor } from './lots.repository.js';
import { contactOf, lotRecall, recallRowsForCsv, toRecallItem } from './recall.js';
import { now } from '../../lib/clock.js';
import type { Translator } from '../../lib/i18n.js';

export type Download = { filename: string; contentType: string; body: Buffer | Readable };


/**
 * The recall answer as CSV (semicolon-separated, part 9): one row per item, delivered first, then open; in each, the
 * clients by name and their items as the answer lists them. Streamed as the rows arrive (a cursor): a lot used by
 * 10,000 items never sits in memory as a whole answer and a whole file.
 */
export async function recallCsv(db: Executor, lotId: number): Promise<Download> {
  const lot = await findLot(db, lotId);
  if (!lot) throw notFound('Lot');
  const cells = async function* () {
    for await (const row of recallRowsForCsv(db, lotId)) {
      const contact = contactOf(row);
      const item = toRecallItem(row);
      yield [
        row.delivered ? 'Delivered or invoiced' : 'Open: stop',
        lot.id,
        lot.supplierLotNumber,
        row.company ?? row.company_id,
        contact?.name,
        contact?.email,
        item.orderNo,
        item.articleNo,
        item.productName,
        item.dueDate,
        item.plannedAmount,
        item.producedAmount,
        item.preformsFromLot,
        item.bottlesFromLot,
        item.isClosed ? 'yes' : 'no',
        item.invoiceNumbers.join(', '),
        item.producedOnItemId,
      ];
    }
  };
  const body = csvStream(
    [
      'Section', 'Lot', 'Supplier lot number', 'Company', 'Contact', 'Contact e-mail', 'Order no', 'Article no', 'Title', 'Deliver at',
      'Quantity', 'Produced', 'Preforms from lot', 'Bottles from lot', 'Closed', 'Invoices', 'Produced on item',
    ],
    cells(),
  );
  return { filename: `recall-lot-${lotId}.csv`, contentType: 'text/csv; charset=utf-8', body };
}

/** The recall document's texts (English: the spec's words). */
const m = {
  title: /*i18n*/ { id: 'recall.title', message: 'Recall: preform lot {id}' },
  company: /*i18n*/ { id: 'recall.company', message: 'Company' },
  contact: /*i18n*/ { id: 'recall.contact', message: 'Contact' },
  orderNo: /*i18n*/ { id: 'recall.orderNo', message: 'Order no' },
  articleNo: /*i18n*/ { id: 'recall.articleNo', message: 'Article no' },
  deliverAt: /*i18n*/ { id: 'recall.deliverAt', message: 'Deliver at' },
  bottlesFromLot: /*i18n*/ { id: 'recall.bottlesFromLot', message: 'Bottles from lot' },
  invoices: /*i18n*/ { id: 'recall.invoices', message: 'Invoices' },
  supplierLotNumber: /*i18n*/ { id: 'recall.supplierLotNumber', message: 'Supplier lot number' },
  supplyOrder: /*i18n*/ { id: 'recall.supplyOrder', message: 'Supply order' },
  delivered: /*i18n*/ { id: 'recall.delivered', message: 'Delivered' },
  preformsDelivered: /*i18n*/ { id: 'recall.preformsDelivered', message: 'Preforms delivered' },
  clientsAffected: /*i18n*/ { id: 'recall.clientsAffected', message: 'Clients affected' },
  quarantine: /*i18n*/ { id: 'recall.quarantine', message: 'Quarantine' },
  preformsLeft: /*i18n*/ { id: 'recall.preformsLeft', message: 'Preforms left in the lot' },
  bottlesNotDelivered: /*i18n*/ { id: 'recall.bottlesNotDelivered', message: 'Bottles made from it, not yet delivered' },
  deliveredOrInvoiced: /*i18n*/ { id: 'recall.deliveredOrInvoiced', message: 'Delivered or invoiced' },
  nothingDelivered: /*i18n*/ { id: 'recall.nothingDelivered', message: 'Nothing delivered from this lot.' },
  openOrders: /*i18n*/ { id: 'recall.openOrders', message: 'Open orders: stop' },
  noOpenItems: /*i18n*/ { id: 'recall.noOpenItems', message: 'No open items use this lot.' },
};

/**
 * The recall answer as PDF in `l`'s language (the plant's document: English unless the download asks for another):
 * the lot, what to quarantine, then the delivered and the open items by client.
 */
export async function recallPdf(db: Executor, lotId: number, l: Translator, signal?: AbortSignal): Promise<Download> {
  const recall = await lotRecall(db, lotId);
  const { lot } = recall;
  const table = (clients: Schemas['RecallClient'][], empty: string) =>
    dataTable<{ client: Schemas['RecallClient']; item: Schemas['RecallItem'] }>(
      [
        { header: l.t(m.company), value: ({ client }) => client.company ?? client.clientId },
        { header: l.t(m.contact), value: ({ client }) => (client.contact ? `${client.contact.name ?? ''} ${client.contact.email}`.trim() : '') },
        { header: l.t(m.orderNo), value: ({ item }) => item.orderNo, width: 'auto' },
        { header: l.t(m.articleNo), value: ({ item }) => item.articleNo, width: 'auto' },
        { header: l.t(m.deliverAt), value: ({ item }) => l.date(item.dueDate), width: 'auto' },
        { header: l.t(m.bottlesFromLot), value: ({ item }) => l.number(item.bottlesFromLot), width: 'auto', alignment: 'right' },
        { header: l.t(m.invoices), value: ({ item }) => item.invoiceNumbers.join(', '), width: 'auto' },
      ],
      clients.flatMap((client) => client.items.map((item) => ({ client, item }))),
      empty,
    );
  const body = await renderPdf(
    pdfDocument({
      title: l.t(m.title, { id: lot.id }),
      subtitle: `${lot.Preform.preformName} · ${lot.PreformWarehouse.warehouseName} · ${lot.Manufacturer.manufacturerName}`,
      content: [
        fieldTable([
          [l.t(m.supplierLotNumber), lot.supplierLotNumber],
          [l.t(m.supplyOrder), lot.supplyOrderId],
          [l.t(m.delivered), l.date(lot.deliveryDate)],
          [l.t(m.preformsDelivered), l.number(lot.quantity)],
          [l.t(m.clientsAffected), l.number(recall.clientCount)],
        ]),
        section(l.t(m.quarantine)),
        fieldTable([
          [l.t(m.preformsLeft), l.number(recall.quarantine.preforms)],
          [l.t(m.bottlesNotDelivered), l.number(recall.quarantine.bottles)],
        ]),
        section(l.t(m.deliveredOrInvoiced)),
        table(recall.delivered, l.t(m.nothingDelivered)),
        section(l.t(m.openOrders)),
        table(recall.open, l.t(m.noOpenItems)),
      ],
    }),
    signal,
  );
  return { filename: `recall-lot-${lotId}.pdf`, contentType: 'application/pdf', body };
}

/** GS1's JSON-LD context of EPCIS 2.0. */
export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/epcis-context.jsonld';

/**
 * Project-local identifiers under the portal's public URL (docs/traceability.md): the portal keeps no GTINs or GLNs,
 * so classes, locations and transactions are HTTP URIs of the portal.
 */
export const epcisIds = (base: string) => ({
  lotClass: (preformId: number, lotId: number) => `${base}/epcis/id/preform/${preformId}/lot/${lotId}`,
  bottleClass: (productId: number, orderItemId: number) => `${base}/epcis/id/product/${productId}/item/${orderItemId}`,
  warehouse: (warehouseId: number) => `${base}/epcis/id/warehouse/${warehouseId}`,
  manufacturer: (manufacturerId: number) => `${base}/epcis/id/manufacturer/${manufacturerId}`,
  supplyOrder: (id: number) => `${base}/epcis/id/supply-order/${id}`,
  productionOrder: (id: number) => `${base}/epcis/id/production-order/${id}`,
  event: (name: string) => `${base}/epcis/event/${name}`,
});

/**
 * The lot's trace as an EPCIS 2.0 document: an ObjectEvent (ADD, receiving) for its delivery, then one
 * TransformationEvent per production record that took preforms of it (input: those preforms of the lot's class;
 * output: the record's bottles made from them, of the order item's class). Two statements.
 */
export async function lotEpcis(db: Executor, lotId: number, publicUrl: string): Promise<Download> {
  const ids = epcisIds(publicUrl);
  const lot = await db
    .selectFrom('lots as l')
    .innerJoin('supply_orders as so', 'so.id', 'l.supply_order_id')
    .select([
      'l.id',
      'l.preform_id',
      'l.warehouse_id',
      'l.manufacturer_id',
      'l.supply_order_id',
      'l.quantity',
      'l.delivery_date',
      'l.supplier_lot_number',
      'l.created_at',
      'so.delivered_at',
    ])
    .where('l.id', '=', lotId)
    .executeTakeFirst();
  if (!lot) throw notFound('Lot');
  const records = await sql<{ entry_id: number; at: Date; order_item_id: number; order_id: number; product_id: number; preforms: number; bottles: number }>`
    select c.produced_entry_id as entry_id, e.created_at as at, c.order_item_id, i.order_id, i.client_product_id as product_id,
           sum(c.preforms)::int as preforms, sum(c.bottles)::int as bottles
    from lot_consumptions c
    join produced_entries e on e.id = c.produced_entry_id
    join client_production_order_items i on i.id = c.order_item_id
    where c.lot_id = ${lotId}
    group by c.produced_entry_id, e.created_at, c.order_item_id, i.order_id, i.client_product_id
    having sum(c.preforms) > 0
    order by e.created_at, c.produced_entry_id`.execute(db);
  const lotClass = ids.lotClass(lot.preform_id, lot.id);
  const place = { id: ids.warehouse(lot.warehouse_id) };
  const delivery: Schemas['EpcisEvent'] = {
    type: 'ObjectEvent',
    eventID: ids.event(`lot-${lot.id}-delivery`),
    eventTime: (lot.delivered_at ?? new Date(`${lot.delivery_date}T00:00:00Z`)).toISOString(),
    eventTimeZoneOffset: '+00:00',
    action: 'ADD',
    bizStep: 'receiving',
    disposition: 'in_progress',
    readPoint: place,
    bizLocation: place,
    quantityList: [{ epcClass: lotClass, quantity: lot.quantity }],
    bizTransactionList: [{ type: 'po', bizTransaction: ids.supplyOrder(lot.supply_order_id) }],
    sourceList: [{ type: 'owning_party', source: ids.manufacturer(lot.manufacturer_id) }],
    ilmd: { 'cbvmda:lotNumber': lot.supplier_lot_number ?? String(lot.id) },
  };
  const transformations: Schemas['EpcisEvent'][] = records.rows.map((record) => ({
    type: 'TransformationEvent',
    eventID: ids.event(`record-${record.entry_id}-lot-${lot.id}`),
    eventTime: record.at.toISOString(),
    eventTimeZoneOffset: '+00:00',
    bizStep: 'creating_class_instance',
    disposition: 'active',
    readPoint: place,
    bizLocation: place,
    inputQuantityList: [{ epcClass: lotClass, quantity: record.preforms }],
    outputQuantityList: [{ epcClass: ids.bottleClass(record.product_id, record.order_item_id), quantity: Math.max(0, record.bottles) }],
    bizTransactionList: [{ type: 'po', bizTransaction: ids.productionOrder(record.order_id) }],
  }));
  const document = {
    '@context': [EPCIS_CONTEXT],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: now().toISOString(),
    epcisBody: { eventList: [delivery, ...transformations] },
  };
  return { filename: `lot-${lot.id}-epcis.jsonld`, contentType: 'application/ld+json', body: Buffer.from(JSON.stringify(document)) };
}
