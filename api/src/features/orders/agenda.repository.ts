import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import { itemHasInvoice } from './orders.invoices.js';
import { itemsQuery, toOrderItem, type Executor, type ItemQueryRow } from './orders.queries.js';

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

const toAgendaItem = (row: ItemQueryRow): AgendaItem => ({
  ...toOrderItem(row),
  ClientProductionOrder: { id: row.order_id, orderNo: row.order_no, closed: row.order_closed, company: row.company },
});

/** What an agenda question asks: the week's Monday, and for 'Show more' one column from an offset. */
export interface AgendaQuestion {
  /** Monday of the ISO week shown, YYYY-MM-DD. */
  monday: string;
  column?: AgendaColumn;
  offset: number;
}

/** Due dates a column holds (either end open): PREV before the week, a day that day, NEXT after the week. */
function dueRange(monday: string, column: AgendaColumn | undefined) {
  const day = (index: number) => sql<string>`(${monday}::date + ${index}::int)`;
  if (column === undefined) return { from: undefined, to: undefined };
  if (column === 'prev') return { from: undefined, to: day(-1) };
  if (column === 'next') return { from: day(7), to: undefined };
  const index = AGENDA_COLUMNS.indexOf(column) - 1;
  return { from: day(index), to: day(index) };
}

/**
 * The agenda of a week, in one statement: the agenda's items (open orders' items, and closed orders' items due from the
 * Monday {@link CLOSED_WEEKS_SHOWN} weeks before this week; producing companies only) in the week's columns, each
 * column counted, and of each column (or of the one column asked, from its offset) at most {@link COLUMN_CARDS} cards
 * read in full: PREV most recently due first, a day by order number, NEXT soonest first; then by order number (in
 * numeric order: PO-9 before PO-10), then id. The open orders' items come through the partial index of open orders and the items' (order, due
 * date) index, the closed orders' through the due-date index, so the years of closed orders before the window are
 * never read; a column asked alone reads only its due dates.
 */
export async function findAgenda(db: Executor, question: AgendaQuestion): Promise<AgendaItem[]> {
  const { monday, column, offset } = question;
  const { from, to } = dueRange(monday, column);
  const closedFrom = sql<string>`(date_trunc('week', current_date) - make_interval(weeks => ${CLOSED_WEEKS_SHOWN}))::date`;
  const inRange = sql.join(
    [sql`true`, ...(from ? [sql`i.due_date >= ${from}`] : []), ...(to ? [sql`i.due_date <= ${to}`] : [])],
    sql` and `,
  );
  const columnOf = sql<AgendaColumn>`case when i.due_date < ${monday}::date then 'prev' when i.due_date > ${monday}::date + 6 then 'next'
    else (array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])[i.due_date - ${monday}::date + 1] end`;
  const columns = column === undefined ? AGENDA_COLUMNS : [column];
  const positions = sql.join(columns.map((key) => sql`(${key}::text, ${AGENDA_COLUMNS.indexOf(key)}::int)`));
  // The agenda's items once (materialized), counted per column by a hash aggregate, and the cards of each column
  // asked for taken by a top-N sort of that column alone (never a sort of every item). The sort: days from the
  // Monday (PREV backwards, NEXT forwards), then order number in numeric order, then id.
  const cards = sql<{ id: number; position: number; column_count: string; distance: number; order_no: string }>`(
    with a as materialized (
      select i.id, i.due_date, o.order_no, ${columnOf} as col
        from client_production_orders o
        join companies c on c.id = o.company_id
        join client_production_order_items i on i.order_id = o.id
       where o.closed = 0 and ${producing} and ${inRange}
      union all
      select i.id, i.due_date, o.order_no, ${columnOf} as col
        from client_production_order_items i
        join client_production_orders o on o.id = i.order_id
        join companies c on c.id = o.company_id
       where o.closed <> 0 and i.due_date >= ${closedFrom} and ${producing} and ${inRange}
    ),
    counted as (select col, count(*) as column_count from a group by col)
    select t.id, k.position, counted.column_count, t.distance, t.order_no
      from (values ${positions}) as k (col, position)
      join counted on counted.col = k.col
      cross join lateral (
        select a.id, abs(a.due_date - ${monday}::date) as distance, a.order_no
          from a
         where a.col = k.col
         order by distance, a.order_no collate order_number, a.id
        offset ${offset} limit ${COLUMN_CARDS}
      ) t
  )`;
  const rows = await itemsQuery(db)
    .innerJoin(cards.as('cards'), 'cards.id', 'i.id')
    .select(['cards.column_count'])
    .orderBy('cards.position')
    .orderBy('cards.distance')
    .orderBy(sql`cards.order_no collate order_number`)
    .orderBy('i.id')
    .execute();
  return rows.map((row) => ({ ...toAgendaItem(row), columnCount: Number(row.column_count) }));
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
    .set((eb) => ({ closed: 1, version: eb('o.version', '+', 1), updated_at: new Date() }))
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
