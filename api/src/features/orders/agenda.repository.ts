import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import { executePrepared, type Database } from '../../db/database.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import { itemHasInvoice } from './orders.invoices.js';
import { itemsQuery, toOrderItem, type Executor, type ItemQueryRow } from './orders.queries.js';
import { now, today } from '../../lib/clock.js';

type Schemas = components['schemas'];
export type AgendaItem = Schemas['AgendaItem'];

/**
 * The operator runs the plant for every client, so these queries span all companies, except buyer-type companies
 * (clientType '1'): a buyer's items are requests that its seller turns into its own production order items, and
 * those seller items are what the machines produce.
 */
const producing = sql<boolean>`c.client_type <> '1'`;

/** How far back the agenda reaches for orders that are already closed (their cards show, without the edit icon). */
export const CLOSED_WEEKS_SHOWN = 8;

/** The cards of a column an answer carries at most (the column shows them before 'Show more'). */
export const COLUMN_CARDS = 30;

export type AgendaColumn = Schemas['AgendaColumn'];

/** The week's columns in the screen's order: PREV, Monday to Sunday, NEXT. */
export const AGENDA_COLUMNS: readonly AgendaColumn[] = ['prev', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'next'];

/**
 * The order's fields are added to the item object rather than spread into a copy of it: `{ ...item, more }` leaves
 * V8's fast path and costs several times as much per item.
 */
const toAgendaItem = (row: ItemQueryRow, columnCount?: number): AgendaItem =>
  Object.assign(
    toOrderItem(row),
    { ClientProductionOrder: { id: row.order_id, orderNo: row.order_no, closed: row.order_closed, company: row.company } },
    columnCount === undefined ? {} : { columnCount },
  );

/** What an agenda question asks: the week's Monday, and for 'Show more' one column from an offset. */
export interface AgendaQuestion {
  /** Monday of the ISO week shown, YYYY-MM-DD. */
  monday: string;
  column?: AgendaColumn;
  offset: number;
}

/** The closed orders' items shown are those due from this day on: the Monday {@link CLOSED_WEEKS_SHOWN} weeks before this week's. */
const closedFrom = () => sql<string>`(${today()}::date - (extract(isodow from ${today()}::date)::int - 1) - 7 * ${CLOSED_WEEKS_SHOWN}::int)`;

/** Due dates a column holds: PREV before the week, a day that day, NEXT after the week (every column without one). */
function dueRange(monday: string, column: AgendaColumn | undefined) {
  const day = (index: number) => sql<string>`(${monday}::date + ${index}::int)`;
  if (column === undefined) return sql`true`;
  if (column === 'prev') return sql`d.due_date < ${day(0)}`;
  if (column === 'next') return sql`d.due_date > ${day(6)}`;
  return sql`d.due_date = ${day(AGENDA_COLUMNS.indexOf(column) - 1)}`;
}

/**
 * The agenda of a week, in one statement: the agenda's items (open orders' items, and closed orders' items due from the
 * Monday {@link CLOSED_WEEKS_SHOWN} weeks before this week; producing companies only) in the week's columns (PREV, Monday
 * to Sunday, NEXT), each column counted, and of each column (or of the one column asked, from its offset) at most
 * {@link COLUMN_CARDS} cards read in full: PREV most recently due first, a day by order number, NEXT soonest first; then
 * by order number (in numeric order: PO-9 before PO-10), then id.
 *
 * It reads what the triggers keep beside the items (the agenda module, api/src/db/derived), never the items
 * themselves: the columns' days and their counts come from `agenda_day_counts` (a day counts its open orders' items,
 * and its closed orders' items from {@link closedFrom}; the days before that window only when they hold open orders'
 * items, through a partial index), summed in each column's order (days from the Monday: PREV backwards, NEXT forwards)
 * they give the column's count and which days hold its cards from `offset` (and how many of the first to skip). Each
 * such day's cards are read from the `agenda_items` indexes in order, the open orders' and the closed orders' merged:
 * index range scans of one due date that stop after 30 (+ the skip) rows, however many items the agenda holds.
 */
export async function findAgenda(db: Executor, question: AgendaQuestion): Promise<AgendaItem[]> {
  const { monday, column, offset } = question;
  const dayCards = (open: boolean) => sql`(
    select a.item_id, a.order_no from agenda_items a
     where a.due_date = days.due_date and ${open ? sql`a.open` : sql`not a.open and days.closed_shown`}
     order by a.order_no, a.item_id limit days.skip + ${COLUMN_CARDS})`;
  const cards = sql<{ item_id: number; position: number; column_count: string; distance: number; order_no: string }>`(
    with counted as (
      select d.due_date, d.position, d.distance, d.closed_shown, d.shown,
             sum(d.shown) over (partition by d.position order by d.distance) - d.shown as before,
             sum(d.shown) over (partition by d.position) as column_count
        from (
          select d.due_date, abs(d.due_date - ${monday}::date) as distance, d.due_date >= f.closed_from as closed_shown,
                 case when d.due_date < ${monday}::date then 0 when d.due_date > ${monday}::date + 6 then 8 else d.due_date - ${monday}::date + 1 end as position,
                 d.open_items + case when d.due_date >= f.closed_from then d.closed_items else 0 end as shown
            from agenda_day_counts d, (select ${closedFrom()} as closed_from) f
           where ${dueRange(monday, column)} and (d.open_items > 0 or d.due_date >= f.closed_from)
        ) d
       where d.shown > 0
    ), days as (
      select c.due_date, c.position, c.distance, c.closed_shown, c.column_count, greatest(${offset}::int - c.before, 0)::int as skip
        from counted c
       where c.before < ${offset + COLUMN_CARDS}::int and c.before + c.shown > ${offset}::int
    )
    select t.item_id, t.position, t.distance, t.order_no, t.column_count
      from (
        select x.item_id, days.position, days.distance, x.order_no, days.column_count,
               row_number() over (partition by days.position order by days.distance, x.order_no, x.item_id) as n
          from days cross join lateral (
            select c.item_id, c.order_no from (${dayCards(true)} union all ${dayCards(false)}) c
             order by c.order_no, c.item_id offset days.skip limit ${COLUMN_CARDS}
          ) x
      ) t
     where t.n <= ${COLUMN_CARDS}
  )`;
  // Prepared (executePrepared): its texts are one per column asked, and planning them takes as long as running them.
  const { rows } = await executePrepared(
    db,
    itemsQuery(db)
      .innerJoin(cards.as('cards'), 'cards.item_id', 'i.id')
      .select(['cards.column_count'])
      .orderBy('cards.position')
      .orderBy('cards.distance')
      .orderBy(sql`cards.order_no collate order_number`)
      .orderBy('i.id'),
  );
  return rows.map((row) => toAgendaItem(row, Number(row.column_count)));
}

export async function findAgendaItem(db: Executor, id: number): Promise<AgendaItem | undefined> {
  const row = await itemsQuery(db).where(producing).where('i.id', '=', id).executeTakeFirst();
  return row && toAgendaItem(row);
}

/** Locks an agenda item and its order (a concurrent close of the order waits) with what the stock effect needs. */
export async function lockItem(trx: Transaction<Database>, id: number) {
  return trx
    .selectFrom('client_production_order_items as i')
    .innerJoin('client_production_orders as o', 'o.id', 'i.order_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('client_products as cp', 'cp.id', 'i.client_product_id')
    .select([
      'i.id',
      'i.order_id',
      'i.produced_amount',
      'i.is_closed',
      'i.version',
      'o.closed as order_closed',
      'o.company_id',
      'cp.id as product_id',
      'cp.preform_id',
      'cp.preform_warehouse_id',
      'cp.scrap_rate',
      'cp.preform_scrap_start',
      'cp.preform_scrap_change_over',
      itemHasInvoice('i').as('has_invoice'),
    ])
    .where('i.id', '=', id)
    .where(producing)
    .forUpdate(['i', 'o'])
    .executeTakeFirst();
}

export async function updateItem(trx: Transaction<Database>, id: number, version: number, values: { producedAmount: number; isClosed: boolean }) {
  return versionedUpdate(trx, 'client_production_order_items', version, { produced_amount: values.producedAmount, is_closed: values.isClosed })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** Closes the (locked) order when every one of its items is closed; answers whether it did. */
export async function closeOrderWhenAllItemsClosed(trx: Transaction<Database>, orderId: number): Promise<boolean> {
  const row = await trx
    .updateTable('client_production_orders as o')
    .set((eb) => ({ closed: 1, version: eb('o.version', '+', 1), updated_at: sql<Date>`now()` }))
    .where('o.id', '=', orderId)
    .where('o.closed', '=', 0)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('client_production_order_items as x').select('x.id').whereRef('x.order_id', '=', 'o.id').where('x.is_closed', '=', false))),
    )
    .returning('o.id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Keeps one entry of an item's produced bottles (the history the operator's dialog shows); answers its id. */
export async function insertProducedEntry(
  trx: Transaction<Database>,
  values: { orderItemId: number; quantity: number; producedTotal: number; subject: string; recordedBy: string },
): Promise<number> {
  const row = await trx
    .insertInto('produced_entries')
    .values({
      order_item_id: values.orderItemId,
      quantity: values.quantity,
      produced_total: values.producedTotal,
      subject: values.subject,
      recorded_by: values.recordedBy,
      // When it was produced decides whether it counts by the due date (produced_by_due): the portal's clock, not the database's.
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The last `limit` entries of an item's produced bottles, newest first. */
export async function findProducedEntries(db: Executor, orderItemId: number, limit: number) {
  const rows = await db
    .selectFrom('produced_entries')
    .select(['id', 'quantity', 'produced_total', 'recorded_by', 'created_at'])
    .where('order_item_id', '=', orderItemId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    quantity: row.quantity,
    producedTotal: row.produced_total,
    recordedBy: row.recorded_by,
    recordedAt: row.created_at.toISOString(),
  }));
}
