import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { BodyOf, Schemas } from '../../lib/contract.js';
import { badRequest, conflict, fieldProblem, notFound, type TranslatableFieldProblem } from '../../lib/problem.js';
import { ALL_COMPANIES, type CompanyScope } from '../../lib/scope.js';
import { moveConsumed, writeUses } from './lots.ledger.js';
import * as repository from './lots.repository.js';
import { lotEpcis, recallCsv, recallPdf, type Download } from './lots.exports.js';
import type { Language } from '../../lib/i18n.js';
import { documentTranslator } from '../session/session.service.js';
import { lotRecall, type RecallView } from './recall.js';
import { traceOfClaim, traceOfItem } from './trace.service.js';


const STALE = /*i18n*/ { id: 'problem.lots.stale', message: 'This lot was changed by someone else meanwhile. Reload it and apply your change again.' };

/** Lots, filtered and paged (staff). */
export async function getLots(db: Db, body: BodyOf<'StaffLots_getLots'>): Promise<{ rows: Schemas['Lot'][]; count: number }> {
  const { pagination, ...filter } = body;
  return repository.findLots(db, filter, pagination);
}

export async function getLot(db: Db, id: number): Promise<Schemas['Lot']> {
  const lot = await repository.findLot(db, id);
  if (!lot) throw notFound('Lot');
  return lot;
}

export async function getLotStock(db: Db, body: BodyOf<'StaffLots_getLotStock'>): Promise<{ rows: Schemas['LotStockRow'][] }> {
  return { rows: await repository.findLotStock(db, body) };
}

export async function getProductionLots(db: Db, producedEntryId: number): Promise<Schemas['ProductionRecordLots']> {
  const [record] = await repository.findRecords(db, { entryId: producedEntryId });
  if (!record) throw notFound('Production record');
  return record;
}

export function getItemTrace(db: Db, orderItemId: number) {
  return traceOfItem(db, ALL_COMPANIES, orderItemId);
}

export function getClaimTrace(db: Db, claimId: number) {
  return traceOfClaim(db, ALL_COMPANIES, claimId);
}

export function getLotRecall(db: Db, id: number, view: RecallView = {}) {
  return lotRecall(db, id, view);
}

export function exportLotRecallCsv(db: Db, id: number): Promise<Download> {
  return recallCsv(db, id);
}

/** The recall PDF: the plant's document, in English unless the download asks for another language. */
export async function exportLotRecallPdf(db: Db, id: number, language: Language | undefined, signal?: AbortSignal): Promise<Download> {
  return recallPdf(db, id, await documentTranslator(db, null, language), signal);
}

export function exportLotEpcis(db: Db, id: number, publicUrl: string): Promise<Download> {
  return lotEpcis(db, id, publicUrl);
}

/** Enters, changes or clears a lot's supplier lot number (admin), with the version read; audited. */
export async function saveLot(db: Db, actor: Actor, body: BodyOf<'AdminLots_saveLot'>): Promise<Schemas['Lot']> {
  const supplierLotNumber = body.supplierLotNumber === null ? null : body.supplierLotNumber.trim();
  await db.transaction().execute(async (trx) => {
    const before = await repository.findLot(trx, body.id);
    if (!before) throw notFound('Lot');
    const updated = await repository.updateSupplierLotNumber(trx, body.id, body.version, supplierLotNumber);
    if (!updated) throw conflict(STALE);
    await audit(trx, actor, {
      operation: 'saveLot',
      recordType: 'lot',
      recordId: body.id,
      details: { supplierLotNumber, previous: before.supplierLotNumber },
    });
  });
  return getLot(db, body.id);
}

/**
 * The admin's correction of a production record's lots: `lots` replaces where its preforms came from. Each lot must
 * be of the record's preform and warehouse, received by the record's time, and hold the preforms besides what this
 * record took from it; together at
 * most the record's preforms; the rest is unlotted. The ledger does not move (the same preforms were consumed).
 * 400 naming the field for each refusal; nothing written then. Audited with the uses before and after.
 */
export async function saveProductionLots(db: Db, actor: Actor, body: BodyOf<'AdminLots_saveProductionLots'>): Promise<Schemas['ProductionRecordLots']> {
  await db.transaction().execute(async (trx) => {
    const entry = await repository.lockEntry(trx, body.producedEntryId);
    if (!entry) throw notFound('Production record');
    const uses = await repository.recordUses(trx, entry.id);
    const total = uses.reduce((sum, use) => sum + use.preforms, 0);
    if (uses.length === 0 || total <= 0) throw conflict(/*i18n*/ { id: 'problem.lots.noPreforms', message: 'This production record took no preforms: it has no lots to correct.' });
    const pair = uses[0];
    const problems: TranslatableFieldProblem[] = [];
    const seen = new Set<number>();
    body.lots.forEach((use, index) => {
      if (seen.has(use.lotId)) problems.push(fieldProblem(`lots[${index}].lotId`, 'unique', /*i18n*/ { id: 'problem.lots.unique', message: 'Each lot once.' }));
      seen.add(use.lotId);
    });
    const lots = await repository.lockLots(trx, [...seen]);
    const byId = new Map(lots.map((lot) => [lot.id, lot]));
    const taken = new Map(uses.flatMap((use) => (use.lot_id === null ? [] : [[use.lot_id, use.preforms] as const])));
    body.lots.forEach((use, index) => {
      const lot = byId.get(use.lotId);
      if (!lot) {
        problems.push(fieldProblem(`lots[${index}].lotId`, 'notFound', /*i18n*/ { id: 'problem.lots.noLot', message: 'No such lot.' }));
        return;
      }
      if (lot.preform_id !== pair.preform_id || lot.warehouse_id !== pair.warehouse_id) {
        problems.push(fieldProblem(`lots[${index}].lotId`, 'preform', /*i18n*/ { id: 'problem.lots.otherPreform', message: "The lot is not of the record's preform and warehouse." }));
        return;
      }
      // As FIFO: preforms used when the record was made cannot come from a lot that arrived later.
      if (lot.received_at > entry.created_at) {
        problems.push(fieldProblem(`lots[${index}].lotId`, 'deliveredAfter', /*i18n*/ { id: 'problem.lots.deliveredAfter', message: 'The lot was delivered on {date}, after this record.' }, { date: lot.delivery_date }));
        return;
      }
      const available = lot.quantity - lot.consumed + (taken.get(lot.id) ?? 0);
      if (use.preforms > available) {
        problems.push(fieldProblem(`lots[${index}].preforms`, 'maximum', /*i18n*/ { id: 'problem.lots.available', message: 'The lot holds {count} preforms for this record.' }, { count: available }, available));
      }
    });
    const assigned = body.lots.reduce((sum, use) => sum + use.preforms, 0);
    if (assigned > total) problems.push(fieldProblem('lots', 'maximum', /*i18n*/ { id: 'problem.lots.total', message: 'The record took {count} preforms.' }, { count: total }, total));
    if (problems.length > 0) throw badRequest(/*i18n*/ { id: 'problem.lots.doNotFit', message: 'The lots do not fit the production record.' }, undefined, problems);

    await moveConsumed(
      trx,
      uses.map((use) => ({ lotId: use.lot_id, preforms: -use.preforms })),
    );
    await repository.deleteRecordUses(trx, entry.id);
    const next = [...body.lots.map((use) => ({ lotId: use.lotId, preforms: use.preforms })), { lotId: null, preforms: total - assigned }];
    await writeUses(
      trx,
      {
        producedEntryId: entry.id,
        orderItemId: entry.order_item_id,
        preformId: pair.preform_id,
        warehouseId: pair.warehouse_id,
        bottles: uses.reduce((sum, use) => sum + use.bottles, 0),
        subject: actor.sub,
      },
      next,
      'correction',
    );
    await audit(trx, actor, {
      operation: 'saveProductionLots',
      recordType: 'produced_entry',
      recordId: entry.id,
      details: {
        before: uses.map((use) => ({ lotId: use.lot_id, preforms: use.preforms })),
        after: next.filter((use) => use.preforms !== 0),
      },
    });
  });
  return getProductionLots(db, body.producedEntryId);
}

const clientLots = (trace: Schemas['ItemTrace'], invoices: Map<number, Schemas['ClientItemLots']['invoices']>): Schemas['ClientItemLots'] => ({
  orderItemId: trace.orderItemId,
  lots: trace.lots.map((lot) => ({
    id: lot.id,
    supplierLotNumber: lot.supplierLotNumber,
    deliveryDate: lot.deliveryDate,
    supplyOrderId: lot.supplyOrderId,
    manufacturerName: lot.manufacturerName,
    preformName: lot.preformName,
    preforms: lot.preforms,
  })),
  unlottedPreforms: trace.unlottedPreforms,
  invoices: invoices.get(trace.orderItemId) ?? [],
});

/**
 * The invoices billing each of the items (their invoice lines), by number: where the line's declaration of conformity
 * is. The items are the caller's own (the trace answered 404 otherwise) and an item's invoices are its company's.
 */
async function invoicesOfItems(db: Db, itemIds: number[]): Promise<Map<number, Schemas['ClientItemLots']['invoices']>> {
  const byItem = new Map<number, Schemas['ClientItemLots']['invoices']>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .selectFrom('invoice_lines as il')
    .innerJoin('invoices as inv', 'inv.id', 'il.invoice_id')
    .select(['il.order_item_id', 'inv.id', 'inv.invoice_number'])
    .distinct()
    .where('il.order_item_id', 'in', itemIds)
    .orderBy('inv.invoice_number')
    .execute();
  for (const row of rows) {
    const list = byItem.get(row.order_item_id!) ?? [];
    list.push({ id: row.id, invoiceNumber: row.invoice_number });
    byItem.set(row.order_item_id!, list);
  }
  return byItem;
}

/** The lots of one of the caller's company's order items (another company's: 404). */
export async function getClientItemLots(db: Db, scope: CompanyScope, id: number): Promise<Schemas['ClientItemLots']> {
  const trace = await traceOfItem(db, scope, id);
  return clientLots(trace, await invoicesOfItems(db, [trace.orderItemId]));
}

/** The lots of the items of one of the caller's company's claims (another company's: 404). */
export async function getClientClaimLots(db: Db, scope: CompanyScope, id: number): Promise<{ items: Schemas['ClientItemLots'][] }> {
  const trace = await traceOfClaim(db, scope, id);
  const invoices = await invoicesOfItems(db, trace.items.map((item) => item.orderItemId));
  return { items: trace.items.map((item) => clientLots(item, invoices)) };
}
