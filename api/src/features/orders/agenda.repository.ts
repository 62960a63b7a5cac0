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

const toAgendaItem = (row: ItemQueryRow): AgendaItem => ({
  ...toOrderItem(row),
  ClientProductionOrder: { id: row.order_id, orderNo: row.order_no, closed: row.order_closed, company: row.company },
});

/**
 * The agenda: every item of an open order (overdue ones included), and the items of closed orders due from the
 * start of the ISO week {@link CLOSED_WEEKS_SHOWN} weeks back; due date ascending.
 */
export async function findAgenda(db: Executor): Promise<AgendaItem[]> {
  const rows = await itemsQuery(db)
    .where(producing)
    .where((eb) =>
      eb.or([
        eb('o.closed', '=', 0),
        eb('i.due_date', '>=', sql<string>`(date_trunc('week', current_date) - make_interval(weeks => ${CLOSED_WEEKS_SHOWN}))::date`),
      ]),
    )
    .orderBy('i.due_date')
    .orderBy('o.order_no')
    .orderBy('i.id')
    .execute();
  return rows.map(toAgendaItem);
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
