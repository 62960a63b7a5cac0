import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { BodyOf, Schemas } from '../../lib/contract.js';
import { groupBy } from '../../lib/group-by.js';
import { oneAtATime } from '../../lib/one-at-a-time.js';
import { badRequest, conflict, fieldProblem, notFound, ruleViolation, type TranslatableFieldProblem } from '../../lib/problem.js';
import type { UploadStore } from '../../lib/storage/index.js';
import { ACCEPTED_UPLOAD_TYPES, cleanFilename, downloadFilename, type ReceivedFile } from '../claims/uploads.service.js';
import type { CompanyScope } from '../../lib/scope.js';
import * as repository from './sustainability.repository.js';
import type { Executor, LotRow, UseRow } from './sustainability.repository.js';
import {
  addSums,
  appliedCarbon,
  capToReceived,
  emptySums,
  figures,
  meets,
  receivedUg,
  shareUg,
  sumOf,
  ugToKg,
  useSums,
  type Composition,
  type LineUse,
  type Sums,
} from './sustainability.rules.js';

type Input = Schemas['LotCompositionInput'];

const COMPOSITION = /*i18n*/ { id: 'problem.sustainability.composition', message: "The lot's composition does not add up." };
const STALE = /*i18n*/ { id: 'problem.sustainability.stale', message: "This lot's composition was changed by someone else meanwhile. Reload it and apply your change again." };

/** A lot's composition as the rules read it, or null when nobody recorded it. */
export const compositionOf = (lot: Pick<LotRow, 'recorded' | 'post_consumer_percent' | 'pre_consumer_percent' | 'carbon_kg_per_kg'>): Composition | null =>
  lot.recorded ? { postConsumerPercent: lot.post_consumer_percent!, preConsumerPercent: lot.pre_consumer_percent!, carbonKgPerKg: lot.carbon_kg_per_kg } : null;

function toLotComposition(lot: LotRow): Schemas['LotComposition'] {
  const carbon = appliedCarbon(lot.material, lot.carbon_kg_per_kg);
  return {
    lotId: lot.lot_id,
    lot: lotRef(lot),
    preformName: lot.preform_name,
    material: lot.material,
    weightG: lot.weight,
    quantity: lot.quantity,
    recorded: lot.recorded,
    postConsumerPercent: lot.post_consumer_percent,
    preConsumerPercent: lot.pre_consumer_percent,
    scheme: lot.scheme,
    certificateNo: lot.certificate_no,
    validFrom: lot.valid_from,
    validUntil: lot.valid_until,
    recyclingProcess: lot.recycling_process,
    certificateFile: certificateFileOf(lot),
    carbonKgPerKg: lot.carbon_kg_per_kg,
    epdReference: lot.epd_reference,
    carbonAppliedKgPerKg: carbon.kgPerKg,
    carbonSource: carbon.source,
    carbonDefaultBasis: carbon.basis,
    version: lot.version,
  };
}

const certificateFileOf = (lot: LotRow): Schemas['LotCertificateFile'] | null =>
  lot.certificate_filename === null ? null : { originalFilename: lot.certificate_filename, mimetype: lot.certificate_mimetype!, size: lot.certificate_size! };

const lotRef = (lot: LotRow): Schemas['LotRef'] => ({
  id: lot.lot_id,
  supplierLotNumber: lot.supplier_lot_number,
  deliveryDate: lot.delivery_date,
  supplyOrderId: lot.supply_order_id,
  manufacturerName: lot.manufacturer_name,
});

/**
 * The rules between a composition's fields (each field's own limits are the contract's): the two shares at most 100 %
 * together; recycled content names its scheme and certificate; a carbon figure names its EPD and an EPD its figure;
 * a validity that ends before it starts. `prefix` names where the composition sits in the request.
 */
export function compositionProblems(input: Input, prefix: string): TranslatableFieldProblem[] {
  const problems: TranslatableFieldProblem[] = [];
  const field = (name: string) => `${prefix}.${name}`;
  if (input.postConsumerPercent + input.preConsumerPercent > 100) {
    problems.push(fieldProblem(field('preConsumerPercent'), 'maximum', /*i18n*/ { id: 'problem.sustainability.sharesMax', message: 'Post- and pre-consumer content together are at most 100 %.' }, undefined, 100 - input.postConsumerPercent));
  }
  if (input.postConsumerPercent + input.preConsumerPercent > 0) {
    if (input.scheme === null) problems.push(fieldProblem(field('scheme'), 'required', /*i18n*/ { id: 'problem.sustainability.schemeRequired', message: 'Recycled content needs its certification scheme.' }));
    if (input.certificateNo === null) problems.push(fieldProblem(field('certificateNo'), 'required', /*i18n*/ { id: 'problem.sustainability.certificateRequired', message: 'Recycled content needs its certificate number.' }));
  }
  if (input.carbonKgPerKg !== null && input.epdReference === null) problems.push(fieldProblem(field('epdReference'), 'required', /*i18n*/ { id: 'problem.sustainability.epdRequired', message: 'A carbon figure names the EPD it comes from.' }));
  if (input.carbonKgPerKg === null && input.epdReference !== null) problems.push(fieldProblem(field('carbonKgPerKg'), 'required', /*i18n*/ { id: 'problem.sustainability.carbonRequired', message: "Enter the EPD's carbon figure, or leave the EPD empty." }));
  if (input.validFrom !== null && input.validUntil !== null && input.validUntil < input.validFrom) {
    problems.push(fieldProblem(field('validUntil'), 'order', /*i18n*/ { id: 'problem.sustainability.validityOrder', message: 'The certificate cannot end before it starts.' }));
  }
  return problems;
}

const valuesOf = (input: Input): repository.CompositionValues => ({
  post_consumer_percent: input.postConsumerPercent,
  pre_consumer_percent: input.preConsumerPercent,
  scheme: input.scheme,
  certificate_no: input.certificateNo?.trim() ?? null,
  valid_from: input.validFrom,
  valid_until: input.validUntil,
  recycling_process: input.recyclingProcess?.trim() ?? null,
  carbon_kg_per_kg: input.carbonKgPerKg,
  epd_reference: input.epdReference?.trim() ?? null,
});

/**
 * The composition supply enters on 'Added to stock', written in the delivery's transaction for the lot it created
 * (for the supply domain). 400 naming `Order.composition.<field>` for a refusal, and the delivery rolls back with it.
 */
export async function recordLotComposition(trx: Executor, actor: Actor, lotId: number, input: Input): Promise<void> {
  const problems = compositionProblems(input, 'Order.composition');
  if (problems.length > 0) throw badRequest(COMPOSITION, undefined, problems);
  if (!(await repository.insertComposition(trx, lotId, valuesOf(input)))) throw conflict(STALE);
  await audit(trx, actor, { operation: 'saveSupplyOrder', recordType: 'lot_composition', recordId: lotId, details: { after: valuesOf(input) } });
}

export async function getLotComposition(db: Db, lotId: number): Promise<Schemas['LotComposition']> {
  const [lot] = await repository.findLots(db, [lotId]);
  if (!lot) throw notFound('Lot');
  return toLotComposition(lot);
}

/** The admin records or corrects a lot's composition at the version read (0: none recorded yet); audited before and after. */
export async function saveLotComposition(db: Db, actor: Actor, body: BodyOf<'AdminSustainability_saveLotComposition'>): Promise<Schemas['LotComposition']> {
  const problems = compositionProblems(body.composition, 'composition');
  if (problems.length > 0) throw badRequest(COMPOSITION, undefined, problems);
  const values = valuesOf(body.composition);
  await db.transaction().execute(async (trx) => {
    if (!(await repository.lockLot(trx, body.lotId))) throw notFound('Lot');
    const [before] = await repository.findLots(trx, [body.lotId]);
    if (before!.version !== body.version) throw conflict(STALE);
    const saved = before!.recorded
      ? await repository.updateComposition(trx, body.lotId, body.version, values)
      : await repository.insertComposition(trx, body.lotId, values);
    if (!saved) throw conflict(STALE);
    await audit(trx, actor, {
      operation: 'saveLotComposition',
      recordType: 'lot_composition',
      recordId: body.lotId,
      details: { before: before!.recorded ? toLotComposition(before!) : null, after: values },
    });
  });
  return getLotComposition(db, body.lotId);
}

/**
 * Stores a lot's certificate file, replacing the one it had, audited with the file before and after. Its type is
 * detected from the content as for a claim's files (a PDF or an image; anything else is refused with 400 naming
 * `file`); the bytes go to the upload store (PostgreSQL or the bucket) once checked, and leave it again when the row
 * cannot be written.
 */
export async function saveLotCertificate(db: Db, store: UploadStore, actor: Actor, lotId: number, file: ReceivedFile): Promise<Schemas['LotComposition']> {
  const detected = await fileTypeFromBuffer(file.content).catch(() => undefined); // unreadable containers are simply not accepted
  if (!detected || !ACCEPTED_UPLOAD_TYPES.has(detected.mime)) {
    throw ruleViolation('file', 'type', /*i18n*/ { id: 'problem.sustainability.certificateType', message: 'A certificate is a PDF document or an image (JPEG, PNG, GIF, WebP, HEIC).' });
  }
  if (!(await repository.findLots(db, [lotId])).length) throw notFound('Lot');
  const values = {
    lot_id: lotId,
    original_filename: cleanFilename(file.filename),
    mimetype: detected.mime,
    size: file.content.length,
    sha256: createHash('sha256').update(file.content).digest('hex'),
    created_by: actor.sub,
  };
  const stored = await store.put(file.content, detected.mime);
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await repository.lockLot(trx, lotId))) throw notFound('Lot');
      const before = await repository.replaceCertificate(trx, { ...values, content: stored.content, storage_key: stored.storageKey });
      const after = { originalFilename: values.original_filename, mimetype: values.mimetype, size: values.size, sha256: values.sha256 };
      await audit(trx, actor, {
        operation: 'saveLotCertificate',
        recordType: 'lot_certificate',
        recordId: lotId,
        details: { before: before && { originalFilename: before.original_filename, mimetype: before.mimetype, size: before.size, sha256: before.sha256 }, after },
      });
    });
  } catch (error) {
    // No row: the bytes put in the bucket must not stay there unreferenced.
    await store.discard(stored).catch(() => undefined);
    throw error;
  }
  if (store.purgeDeleted) await store.purgeDeleted().catch(() => undefined); // the replaced file's object; the minute's purge retries
  return getLotComposition(db, lotId);
}

/** A lot's certificate file with its bytes (404 when the lot has none). */
export async function downloadLotCertificate(db: Db, store: UploadStore, lotId: number) {
  const row = await repository.findCertificateContent(db, lotId);
  if (!row) throw notFound('Certificate');
  const body = await store.get({ content: row.content, storageKey: row.storage_key });
  return { filename: downloadFilename(row.original_filename, row.mimetype), contentType: row.mimetype, body };
}

/**
 * The certificate of a lot one of the caller's items used: another company's item, a lot the item did not take
 * preforms from, or a lot without a file all answer 404 alike.
 */
export async function downloadItemLotCertificate(db: Db, store: UploadStore, scope: CompanyScope, itemId: number, lotId: number) {
  if (!(await repository.itemUsedLot(db, itemId, scope.companyId, lotId))) throw notFound('Certificate');
  return downloadLotCertificate(db, store, lotId);
}

/** A use row's line, uses and, per lot, what the line states of it. */
interface Line {
  itemId: number;
  rows: UseRow[];
  uses: LineUse[];
  lots: Schemas['LineFootprintLot'][];
  unlottedPreforms: number;
}

/**
 * The lines of the use rows, with their uses as the rules read them. An invoiced line takes from a lot at most what the
 * lot has left after the lines invoiced before it (`capToReceived`); what is cut stays in the line's mass as unknown.
 */
async function linesOf(db: Executor, rows: UseRow[]): Promise<Map<number, Line>> {
  const lotIds = [...new Set(rows.flatMap((row) => (row.lot_id === null ? [] : [row.lot_id])))];
  const lots = new Map((await repository.findLots(db, lotIds)).map((lot) => [lot.lot_id, lot]));
  // Only an overdrawn lot's lines can be cut: the others are stated with what they took.
  const capped = cappedTakes(lots, await repository.findDeclaredTakes(db, lotIds, true));
  const lines = new Map<number, Line>();
  for (const row of rows) {
    let line = lines.get(row.item_id);
    if (!line) lines.set(row.item_id, (line = { itemId: row.item_id, rows: [], uses: [], lots: [], unlottedPreforms: 0 }));
    line.rows.push(row);
    const preforms = Math.max(0, row.preforms);
    const lot = row.lot_id === null ? undefined : lots.get(row.lot_id);
    if (!lot) {
      line.unlottedPreforms += preforms;
      line.uses.push({ lotId: null, preforms, weightG: row.weight, material: row.material, composition: null });
      continue;
    }
    const composition = compositionOf(lot);
    const stated = row.invoiced_on === null || !capped.lots.has(lot.lot_id) ? preforms : (capped.takes.get(`${lot.lot_id}:${row.item_id}`) ?? 0);
    const use: LineUse = { lotId: lot.lot_id, preforms: stated, weightG: row.weight, material: row.material, composition };
    line.uses.push(use);
    if (stated < preforms) line.uses.push({ lotId: lot.lot_id, preforms: preforms - stated, weightG: row.weight, material: row.material, composition: null });
    if (preforms === 0) continue;
    const sums = useSums(use);
    const known = composition !== null;
    line.lots.push({
      ...lotRef(lot),
      preformName: lot.preform_name,
      preforms,
      massKg: ugToKg(useSums({ ...use, preforms, composition: null }).massUg),
      postConsumerPercent: lot.post_consumer_percent,
      preConsumerPercent: lot.pre_consumer_percent,
      recycledMassKg: known ? ugToKg(sums.recycledUg) : null,
      postConsumerMassKg: known ? ugToKg(sums.postConsumerUg) : null,
      carbonKgCo2e: known ? Math.round(sums.carbonKg * 1000) / 1000 : null,
      carbonSource: known ? appliedCarbon(lot.material, lot.carbon_kg_per_kg).source : null,
      scheme: lot.scheme,
      certificateNo: lot.certificate_no,
      validUntil: lot.valid_until,
      recyclingProcess: lot.recycling_process,
      epdReference: lot.epd_reference,
      certificateFile: certificateFileOf(lot),
    });
  }
  return lines;
}

/**
 * Per lot and invoiced line, the preforms the line is stated with: the lot's takes in declaration order, capped at what
 * it delivered (`takes`), for the lots the takes are of (`lots`).
 */
function cappedTakes(lots: Map<number, LotRow>, takes: repository.TakeRow[]): { lots: Set<number>; takes: Map<string, number> } {
  const byLot = groupBy(takes, (take) => take.lot_id);
  const capped = new Map<string, number>();
  for (const [lotId, lotTakes] of byLot) {
    const lot = lots.get(lotId);
    if (!lot) continue;
    for (const take of capToReceived(lot.quantity, lotTakes.map((t) => ({ lineId: t.item_id, preforms: t.preforms })))) {
      capped.set(`${lotId}:${take.lineId}`, take.preforms);
    }
  }
  return { lots: new Set(byLot.keys()), takes: capped };
}

/** The recycled content and carbon of one of the caller's company's order items (another company's: 404). */
export async function getItemFootprint(db: Db, scope: CompanyScope, id: number): Promise<Schemas['LineFootprint']> {
  const item = await repository.findItemOfCompany(db, id, scope.companyId);
  if (!item) throw notFound('Order item');
  return (await footprintsOfItems(db, [item.id], scope.companyId))[0]!;
}

/** The footprints of items (of `companyId`), in the order given; an item without production records states nothing. */
export async function footprintsOfItems(db: Executor, itemIds: number[], companyId: string): Promise<Schemas['LineFootprint'][]> {
  const rows = await repository.findUses(db, { itemIds, companyId });
  const lines = await linesOf(db, rows);
  const invoices = await repository.findInvoicesOfItems(db, itemIds);
  const names = new Map((await Promise.all(itemIds.map((itemId) => repository.findItemOfCompany(db, itemId, companyId)))).flatMap((item) => (item ? [[item.id, item] as const] : [])));
  return itemIds.flatMap((itemId) => {
    const item = names.get(itemId);
    if (!item) return [];
    const line = lines.get(itemId);
    const itemInvoices = invoices.filter((invoice) => invoice.order_item_id === itemId).map((invoice) => ({ id: invoice.id, invoiceNumber: invoice.invoice_number, deliveryDate: invoice.delivery_date }));
    return [
      {
        orderItemId: itemId,
        orderNo: item.order_no,
        articleNo: item.article_no,
        productName: item.product_name,
        delivered: itemInvoices.length > 0,
        invoices: itemInvoices,
        figures: figures(sumOf(line?.uses ?? [])),
        lots: line?.lots ?? [],
        unlottedPreforms: line?.unlottedPreforms ?? 0,
      },
    ];
  });
}

const row = (key: string, label: string, sums: Sums): Schemas['FootprintRow'] => ({ key, label, ...figures(sums), ...meets(sums) });

/** Per company, its invoiced lines of the year as rows: months, products, the year. */
async function yearFootprints(db: Executor, year: number, companyId: string | null): Promise<Schemas['CustomerFootprint'][]> {
  const rows = await repository.findUses(db, { from: `${year}-01-01`, to: `${year}-12-31`, companyId });
  const lines = await linesOf(db, rows);
  const companies = new Map<string, { company: string | null; months: Map<string, Sums>; products: Map<number, { label: string; key: string; sums: Sums }>; total: Sums }>();
  for (const line of lines.values()) {
    const first = line.rows[0]!;
    let company = companies.get(first.company_id);
    if (!company) companies.set(first.company_id, (company = { company: first.company, months: new Map(), products: new Map(), total: emptySums() }));
    const sums = sumOf(line.uses);
    const month = first.invoiced_on!.slice(0, 7);
    company.months.set(month, addSums(company.months.get(month) ?? emptySums(), sums));
    const product = company.products.get(first.product_id) ?? { key: first.article_no, label: `${first.article_no} - ${first.product_name}`, sums: emptySums() };
    company.products.set(first.product_id, { ...product, sums: addSums(product.sums, sums) });
    company.total = addSums(company.total, sums);
  }
  return [...companies.entries()]
    .map(([clientId, company]) => ({
      clientId,
      company: company.company,
      year,
      months: [...company.months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, sums]) => row(month, month, sums)),
      products: [...company.products.values()].sort((a, b) => a.key.localeCompare(b.key)).map((product) => row(product.key, product.label, product.sums)),
      total: row(String(year), String(year), company.total),
    }))
    .sort((a, b) => (a.company ?? a.clientId).localeCompare(b.company ?? b.clientId));
}

/** The caller's year: its invoiced lines by month, product and the whole year (empty rows when nothing was invoiced). */
export async function getYearFootprint(db: Db, scope: CompanyScope, year: number): Promise<Schemas['CustomerFootprint']> {
  const [mine] = await yearFootprints(db, year, scope.companyId);
  if (mine) return mine;
  return { clientId: scope.companyId, company: await repository.findCompanyName(db, scope.companyId), year, months: [], products: [], total: row(String(year), String(year), emptySums()) };
}

export async function getCustomersFootprint(db: Db, year: number): Promise<{ rows: Schemas['CustomerFootprint'][] }> {
  return { rows: await yearFootprints(db, year, null) };
}

/**
 * The plant's mass balance per year: recycled mass in the lots delivered that year, against recycled mass stated on
 * the lines invoiced that year (each lot's lines capped at what it delivered), and the headroom carried over.
 */
export const getMassBalance = oneAtATime(computeMassBalance);

// Reads every lot and every declared take of the plant, a lot at a time through a cursor; one computation at a time
// (`oneAtATime`): the requests that arrive while one runs share the next.
async function computeMassBalance(db: Db): Promise<{ rows: Schemas['MassBalanceRow'][] }> {
  const years = new Map<number, { received: bigint; receivedPost: bigint; declared: bigint; declaredPost: bigint }>();
  const yearOf = (y: number) => {
    let entry = years.get(y);
    if (!entry) years.set(y, (entry = { received: 0n, receivedPost: 0n, declared: 0n, declaredPost: 0n }));
    return entry;
  };
  // One lot: what it delivered counts in its delivery year; its lines' takes, capped at that in declaration order, in
  // the year each line was first invoiced.
  const settle = (lot: repository.BalanceRow, takes: { lineId: number; preforms: number }[], invoicedOn: string[]) => {
    const composition = compositionOf(lot);
    const received = receivedUg(lot.quantity, lot.weight, composition);
    const delivered = yearOf(Number(lot.delivery_date.slice(0, 4)));
    delivered.received += received.recycledUg;
    delivered.receivedPost += received.postConsumerUg;
    if (composition === null) return;
    capToReceived(lot.quantity, takes).forEach((take, index) => {
      const entry = yearOf(Number(invoicedOn[index]!.slice(0, 4)));
      const post = shareUg(take.preforms, lot.weight, composition.postConsumerPercent);
      entry.declared += post + shareUg(take.preforms, lot.weight, composition.preConsumerPercent);
      entry.declaredPost += post;
    });
  };
  let lot: repository.BalanceRow | undefined;
  let takes: { lineId: number; preforms: number }[] = [];
  let invoicedOn: string[] = [];
  for await (const row of repository.streamLotsWithTakes(db)) {
    if (row.lot_id !== lot?.lot_id) {
      if (lot) settle(lot, takes, invoicedOn);
      lot = row;
      takes = [];
      invoicedOn = [];
    }
    if (row.item_id !== null) {
      takes.push({ lineId: row.item_id, preforms: row.preforms! });
      invoicedOn.push(row.invoiced_on!);
    }
  }
  if (lot) settle(lot, takes, invoicedOn);
  let headroom = 0n;
  const rows = [...years.entries()]
    .sort(([a], [b]) => a - b)
    .map(([year, entry]) => {
      headroom += entry.received - entry.declared;
      return {
        year,
        receivedRecycledKg: ugToKg(entry.received),
        receivedPostConsumerKg: ugToKg(entry.receivedPost),
        declaredRecycledKg: ugToKg(entry.declared),
        declaredPostConsumerKg: ugToKg(entry.declaredPost),
        cumulativeHeadroomKg: ugToKg(headroom),
      };
    });
  return { rows };
}
