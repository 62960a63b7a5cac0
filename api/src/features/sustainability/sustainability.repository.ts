import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/database.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import type { LotCertificateTable, LotCompositionTable } from '../../db/tables/sustainability.js';
import type { Material } from './sustainability.rules.js';

export type Executor = Kysely<Database> | Transaction<Database>;

/** A lot with its preform and, when recorded, its composition. */
export interface LotRow {
  lot_id: number;
  supplier_lot_number: string | null;
  delivery_date: string;
  supply_order_id: number;
  manufacturer_name: string;
  quantity: number;
  preform_name: string;
  material: Material;
  weight: number;
  recorded: boolean;
  post_consumer_percent: number | null;
  pre_consumer_percent: number | null;
  scheme: LotCompositionTable['scheme'];
  certificate_no: string | null;
  valid_from: string | null;
  valid_until: string | null;
  recycling_process: string | null;
  carbon_kg_per_kg: number | null;
  epd_reference: string | null;
  version: number;
  /** The certificate file's name, type and size; null when none was uploaded. */
  certificate_filename: string | null;
  certificate_mimetype: string | null;
  certificate_size: number | null;
}

const lotColumns = sql`
  l.id as lot_id, l.supplier_lot_number, l.delivery_date, l.supply_order_id, m.manufacturer_name, l.quantity,
  p.preform_name, p.material, p.weight, (lc.lot_id is not null) as recorded, lc.post_consumer_percent, lc.pre_consumer_percent,
  lc.scheme, lc.certificate_no, lc.valid_from, lc.valid_until, lc.recycling_process, lc.carbon_kg_per_kg, lc.epd_reference,
  coalesce(lc.version, 0) as version, cert.original_filename as certificate_filename, cert.mimetype as certificate_mimetype,
  cert.size as certificate_size`;

/** Lots by id, with their preform's weight and material and their composition. */
export async function findLots(db: Executor, ids: number[]): Promise<LotRow[]> {
  if (ids.length === 0) return [];
  const result = await sql<LotRow>`
    select ${lotColumns}
      from lots l
      join preforms p on p.id = l.preform_id
      join manufacturers m on m.id = l.manufacturer_id
      left join lot_compositions lc on lc.lot_id = l.id
      left join lot_certificates cert on cert.lot_id = l.id
     where l.id = any(${ids}::int[])
     order by l.id`.execute(db);
  return result.rows;
}

export type CompositionValues = Omit<LotCompositionTable, 'lot_id' | 'version' | 'created_at' | 'updated_at'>;

/** Records a lot's first composition; false when one exists already (someone recorded it meanwhile). */
export async function insertComposition(trx: Executor, lotId: number, values: CompositionValues): Promise<boolean> {
  const row = await trx
    .insertInto('lot_compositions')
    .values({ lot_id: lotId, ...values })
    .onConflict((oc) => oc.column('lot_id').doNothing())
    .returning('lot_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Corrects a lot's composition at the version read; false when the version moved. */
export async function updateComposition(trx: Executor, lotId: number, version: number, values: CompositionValues): Promise<boolean> {
  const row = await versionedUpdate(trx, 'lot_compositions', version, values).where('lot_id', '=', lotId).returning('lot_id').executeTakeFirst();
  return row !== undefined;
}

/** Locks a lot's row while its composition is written (a correction and a delivery never interleave). */
export async function lockLot(trx: Executor, lotId: number): Promise<boolean> {
  const row = await trx.selectFrom('lots').select('id').where('id', '=', lotId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/** One delivered or produced line's preforms from one lot (lot null: no lot), with the line's names. */
export interface UseRow {
  item_id: number;
  lot_id: number | null;
  preforms: number;
  weight: number;
  material: Material;
  /** The day of the line's first invoice; null when not invoiced. */
  invoiced_on: string | null;
  company_id: string;
  company: string | null;
  product_id: number;
  article_no: string;
  product_name: string;
  order_no: string;
}

/**
 * The preforms of lines, per line and lot, from their production records' consumptions (signed rows summed, so a
 * lowered total gives back). Either the given items (`itemIds`, of `companyId` when given), or the invoiced items whose
 * first invoice falls in [from, to] (of `companyId`, every company when null).
 */
export async function findUses(
  db: Executor,
  filter: { itemIds: number[]; companyId: string | null } | { from: string; to: string; companyId: string | null },
): Promise<UseRow[]> {
  const company = filter.companyId;
  const lines =
    'itemIds' in filter
      ? sql`select i.id as item_id, f.invoiced_on
              from client_production_order_items i
              left join (select il.order_item_id, min(inv.delivery_date) as invoiced_on
                           from invoice_lines il join invoices inv on inv.id = il.invoice_id
                          where il.order_item_id = any(${filter.itemIds}::int[])
                          group by il.order_item_id) f on f.order_item_id = i.id
             where i.id = any(${filter.itemIds}::int[])`
      : // A line first invoiced in the period has an invoice in it: those invoices name the candidates, so only their
        // lines are read, rather than every invoice line of the plant.
        sql`select il.order_item_id as item_id, min(inv.delivery_date) as invoiced_on
              from invoice_lines il join invoices inv on inv.id = il.invoice_id
             where il.order_item_id in (
                     select period_line.order_item_id
                       from invoices period_invoice join invoice_lines period_line on period_line.invoice_id = period_invoice.id
                      where period_invoice.delivery_date between ${filter.from}::date and ${filter.to}::date
                        and (${company}::text is null or period_invoice.company_id = ${company}::text))
               and (${company}::text is null or inv.company_id = ${company}::text)
             group by il.order_item_id
            having min(inv.delivery_date) between ${filter.from}::date and ${filter.to}::date`;
  const result = await sql<UseRow>`
    with lines as (${lines})
    select c.order_item_id as item_id, c.lot_id, sum(c.preforms)::int as preforms, p.weight, p.material,
           to_char(lines.invoiced_on, 'YYYY-MM-DD') as invoiced_on, o.company_id, co.name as company,
           cp.id as product_id, cp.article_no, cp.product_name, o.order_no
      from lines
      join client_production_order_items i on i.id = lines.item_id
      join client_production_orders o on o.id = i.order_id
      join companies co on co.id = o.company_id
      join client_products cp on cp.id = i.client_product_id
      join lot_consumptions c on c.order_item_id = i.id
      join preforms p on p.id = c.preform_id
     where (${company}::text is null or o.company_id = ${company}::text)
     group by c.order_item_id, c.lot_id, p.weight, p.material, lines.invoiced_on, o.company_id, co.name, cp.id, cp.article_no, cp.product_name, o.order_no
     order by lines.invoiced_on, c.order_item_id, c.lot_id nulls last`.execute(db);
  return result.rows;
}

/** A lot with what the mass balance reads of it, and one of its invoiced lines' takes (all null for a lot without). */
export interface BalanceRow {
  lot_id: number;
  delivery_date: string;
  quantity: number;
  weight: number;
  recorded: boolean;
  post_consumer_percent: number | null;
  pre_consumer_percent: number | null;
  carbon_kg_per_kg: number | null;
  item_id: number | null;
  preforms: number | null;
  invoiced_on: string | null;
}

/**
 * Every lot of the plant with its invoiced lines' takes (`takesOf`), a row per take, in lot order and each lot's takes
 * in declaration order: read through a cursor, so the mass balance holds one lot's takes at a time
 * rather than every lot and every take of the plant.
 */
export function streamLotsWithTakes(db: Executor): AsyncIterable<BalanceRow> {
  const rows = sql`(
    select l.id as lot_id, l.delivery_date, l.quantity, p.weight, (lc.lot_id is not null) as recorded, lc.post_consumer_percent,
           lc.pre_consumer_percent, lc.carbon_kg_per_kg, t.item_id, t.preforms, to_char(t.invoiced_on, 'YYYY-MM-DD') as invoiced_on
      from lots l
      join preforms p on p.id = l.preform_id
      left join lot_compositions lc on lc.lot_id = l.id
      left join ${takesOf(null, false)} t on t.lot_id = l.id)`;
  return db.selectFrom(rows.as('b')).selectAll().orderBy(sql`b.lot_id, b.invoiced_on, b.item_id`).stream(2000) as AsyncIterable<BalanceRow>;
}

/** One invoiced line's preforms from one lot, in the order lines are declared (first invoice day, then item). */
export interface TakeRow {
  lot_id: number;
  item_id: number;
  preforms: number;
  invoiced_on: string;
}

/**
 * The invoiced lines' takes from the given lots, in declaration order per lot. With `overdrawnOnly`, only of the lots
 * whose items took more than they delivered (each item's takes counted from 0): the only lots whose lines a cap can
 * change, so a view of some lines does not read every invoice of the plant.
 */
export async function findDeclaredTakes(db: Executor, lotIds: number[], overdrawnOnly = false): Promise<TakeRow[]> {
  if (lotIds.length === 0) return [];
  const result = await sql<TakeRow>`
    select t.lot_id, t.item_id, t.preforms, to_char(t.invoiced_on, 'YYYY-MM-DD') as invoiced_on
      from ${takesOf(lotIds, overdrawnOnly)} t
     order by t.lot_id, t.invoiced_on, t.item_id`.execute(db);
  return result.rows;
}

/**
 * The invoiced lines' takes as a subquery: per lot (of `lotIds`, every lot when null) and line, its preforms and the
 * day the line was first invoiced (a date). `overdrawnOnly`: as `findDeclaredTakes`.
 */
function takesOf(lotIds: number[] | null, overdrawnOnly: boolean) {
  const lots = lotIds === null ? sql`true` : sql`c.lot_id = any(${lotIds}::int[])`;
  // The lots' own filter too: given only the consumptions', PostgreSQL hashed every lot of the plant to join a
  // customer's few (a full-scale year: 300,000 lots read for 10,000).
  const lotRows = lotIds === null ? sql`true` : sql`l.id = any(${lotIds}::int[])`;
  const chosen = overdrawnOnly
    ? sql`select per_item.lot_id
            from (select c.lot_id, c.order_item_id, sum(c.preforms) as preforms from lot_consumptions c
                   where c.lot_id is not null and ${lots} group by c.lot_id, c.order_item_id) per_item
            join lots l on l.id = per_item.lot_id and ${lotRows}
           group by per_item.lot_id, l.quantity
          having sum(greatest(per_item.preforms, 0)) > l.quantity`
    : sql`select distinct c.lot_id from lot_consumptions c where c.lot_id is not null and ${lots}`;
  return sql<{ lot_id: number; item_id: number; preforms: number; invoiced_on: Date }>`(
    with chosen as (${chosen}),
    invoiced as (
      select il.order_item_id, min(inv.delivery_date) as invoiced_on
        from invoice_lines il join invoices inv on inv.id = il.invoice_id
       where il.order_item_id is not null
         ${overdrawnOnly ? sql`and il.order_item_id in (select c.order_item_id from lot_consumptions c where c.lot_id in (select lot_id from chosen))` : sql``}
       group by il.order_item_id)
    select c.lot_id, c.order_item_id as item_id, sum(c.preforms)::int as preforms, invoiced.invoiced_on
      from lot_consumptions c
      join invoiced on invoiced.order_item_id = c.order_item_id
     where c.lot_id in (select lot_id from chosen)
     group by c.lot_id, c.order_item_id, invoiced.invoiced_on)`;
}

/** The invoices billing the items (their invoice lines), by number, of `companyId` when given. */
export async function findInvoicesOfItems(db: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return db
    .selectFrom('invoice_lines as il')
    .innerJoin('invoices as inv', 'inv.id', 'il.invoice_id')
    .select(['il.order_item_id', 'inv.id', 'inv.invoice_number', sql<string>`to_char(inv.delivery_date, 'YYYY-MM-DD')`.as('delivery_date')])
    .distinct()
    .where('il.order_item_id', 'in', itemIds)
    .orderBy('inv.invoice_number')
    .execute();
}

/** An invoice of the company (null for staff: any) with the order items its lines bill. */
export async function findInvoice(db: Executor, id: number, companyId: string | null) {
  const invoice = await db
    .selectFrom('invoices as inv')
    .innerJoin('companies as co', 'co.id', 'inv.company_id')
    .select(['inv.id', 'inv.invoice_number', sql<string>`to_char(inv.delivery_date, 'YYYY-MM-DD')`.as('delivery_date'), 'inv.company_id', 'co.name as company'])
    .where('inv.id', '=', id)
    .$if(companyId !== null, (query) => query.where('inv.company_id', '=', companyId!))
    .executeTakeFirst();
  if (!invoice) return null;
  const lines = await db
    .selectFrom('invoice_lines')
    .select('order_item_id')
    .distinct()
    .where('invoice_id', '=', id)
    .where('order_item_id', 'is not', null)
    .execute();
  return { ...invoice, itemIds: lines.map((line) => line.order_item_id!) };
}

/** The item, if it is the company's. */
export async function findItemOfCompany(db: Executor, itemId: number, companyId: string) {
  return db
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .select(['i.id', 'o.order_no', 'cp.article_no', 'cp.product_name'])
    .where('i.id', '=', itemId)
    .where('o.company_id', '=', companyId)
    .executeTakeFirst();
}

/** A company's name. */
export async function findCompanyName(db: Executor, companyId: string): Promise<string | null> {
  const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? null;
}

export type CertificateValues = Omit<LotCertificateTable, 'created_at'>;

/** A lot's certificate file with its bytes (or its object's key). */
export async function findCertificateContent(db: Executor, lotId: number) {
  return db
    .selectFrom('lot_certificates')
    .select(['original_filename', 'mimetype', 'content', 'storage_key'])
    .where('lot_id', '=', lotId)
    .executeTakeFirst();
}

/**
 * Makes `values` the lot's certificate file: the previous row is deleted (its object in the bucket is listed for
 * removal by the table's trigger) and the new one written. Answers the previous file's name, type, size and checksum.
 */
export async function replaceCertificate(trx: Executor, values: CertificateValues) {
  const before = await trx
    .deleteFrom('lot_certificates')
    .where('lot_id', '=', values.lot_id)
    .returning(['original_filename', 'mimetype', 'size', 'sha256'])
    .executeTakeFirst();
  await trx.insertInto('lot_certificates').values(values).execute();
  return before ?? null;
}

/** Whether the company's item took preforms from the lot (what its line states it used). */
export async function itemUsedLot(db: Executor, itemId: number, companyId: string, lotId: number): Promise<boolean> {
  const result = await sql<{ used: boolean }>`
    select exists (
      select 1
        from lot_consumptions c
        join client_production_order_items i on i.id = c.order_item_id
        join client_production_orders o on o.id = i.order_id
       where c.order_item_id = ${itemId} and c.lot_id = ${lotId} and o.company_id = ${companyId}
       group by c.order_item_id
      having sum(c.preforms) > 0) as used`.execute(db);
  return result.rows[0]?.used ?? false;
}
