import type { Kysely, Transaction } from 'kysely';
import { sql, type RawBuilder } from 'kysely';
import type { components } from '../../../../generated/api-types.js';
import type { Database } from '../../db/database.js';
import type { StockReason } from '../../db/tables/stock.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { now } from '../../lib/clock.js';

type Executor = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
export type PreformStockRow = Schemas['PreformStockRow'];

export interface StockScope {
  warehouseId?: number;
  preformId?: number;
}

const and = (condition: RawBuilder<unknown> | null) => (condition ? sql`and ${condition}` : sql``);

/**
 * How many rows the stock table has: the pair rows (every pair a live product uses has one, kept by a trigger)
 * from the per-warehouse counter (migration 0011), less those of deleted preforms (through their small partial
 * index). No count over the rows themselves. `extra` adds columns to the same statement (the page's other needs).
 */
function countQuery(scope: StockScope, extra: RawBuilder<unknown>[] = []) {
  const deletedPreforms = sql`
    (select count(*) from preforms p join preform_stock s on s.preform_id = p.id
      where p.deleted_at is not null
        ${and(scope.warehouseId === undefined ? null : sql`s.warehouse_id = ${scope.warehouseId}`)}
        ${and(scope.preformId === undefined ? null : sql`s.preform_id = ${scope.preformId}`)})`;
  const more = sql.join(extra.map((column) => sql`, ${column}`), sql``);
  if (scope.preformId !== undefined) {
    // one preform: at most one row per warehouse, read through the primary key
    return sql<{ count: number; demand_rows?: number; warehouse?: unknown }>`
      select (select count(*) from preform_stock s where s.preform_id = ${scope.preformId}
               ${and(scope.warehouseId === undefined ? null : sql`s.warehouse_id = ${scope.warehouseId}`)})
           - ${deletedPreforms} as count${more}`;
  }
  return sql<{ count: number; demand_rows?: number; warehouse?: unknown }>`
    select (select coalesce(sum(pairs), 0) from preform_stock_counts
             ${scope.warehouseId === undefined ? sql`` : sql`where warehouse_id = ${scope.warehouseId}`})
         - ${deletedPreforms} as count${more}`;
}

/** How many rows of the scope have an order amount (those the default order lists first). */
const demandCount = (scope: StockScope) => sql<number>`
  (select count(*)::int
     from preform_stock s join preforms p on p.id = s.preform_id and p.deleted_at is null
    where s.order_amount is not null ${stockConditions(scope)})`;

/** The warehouse and preform asked for, as conditions on the stock row `s` (not the tenancy `Scope`: stock is staff-only). */
const stockConditions = (scope: StockScope) =>
  sql.join(
    [
      scope.warehouseId === undefined ? sql`` : sql`and s.warehouse_id = ${scope.warehouseId}`,
      scope.preformId === undefined ? sql`` : sql`and s.preform_id = ${scope.preformId}`,
    ],
    sql` `,
  );

/**
 * Wire sort key -> SQL expression over the joined row (s: the pair's stock row with its order amount, kept by
 * triggers (migration 0011); p: preform). Nothing from the body reaches SQL.
 */
const sortExpressions: Record<string, RawBuilder<unknown>> = {
  preformName: sql`p.preform_name`,
  material: sql`p.material`,
  color: sql`p.color`,
  currentStock: sql`coalesce(s.current_stock, 0)`,
  orderAmount: sql`coalesce(s.order_amount, 0)`,
  futureBalance: sql`coalesce(s.current_stock, 0) - coalesce(s.order_amount, 0)`,
};
/** Equal keys are ordered by preform name, then warehouse, always ascending, so pages are stable. */
const tieBreaker = sql`p.preform_name, p.id, w.warehouse_name, w.id`;

const rowColumns = sql`
  p.id as preform_id, w.id as warehouse_id, p.preform_name, p.material, p.color, w.warehouse_name,
  s.current_stock, s.order_amount`;

interface RawStockRow {
  preform_id: number;
  warehouse_id: number;
  preform_name: string;
  material: Schemas['Material'];
  color: Schemas['Color'];
  warehouse_name: string;
  current_stock: number | null;
  order_amount: number | null;
}

const toStockRow = (row: RawStockRow): PreformStockRow => ({
  preformId: row.preform_id,
  preformWarehouseId: row.warehouse_id,
  Preform: { preformName: row.preform_name, material: row.material, color: row.color },
  PreformWarehouse: { warehouseName: row.warehouse_name },
  currentStock: row.current_stock,
  orderAmount: row.order_amount,
  futureBalance: row.current_stock === null && row.order_amount === null ? null : (row.current_stock ?? 0) - (row.order_amount ?? 0),
});

/**
 * A position in the default order (orderAmount descending): the last row shown, by its sort key and its
 * tie-breakers. `orderAmount` null: among the rows without an order amount (listed after all those with one).
 */
export interface StockKey {
  orderAmount: number | null;
  preformName: string;
  preformId: number;
  warehouseName: string;
  warehouseId: number;
}

const keyOf = (row: RawStockRow): StockKey => ({
  orderAmount: row.order_amount,
  preformName: row.preform_name,
  preformId: row.preform_id,
  warehouseName: row.warehouse_name,
  warehouseId: row.warehouse_id,
});

/**
 * One page of preform stock rows (one warehouse, or all), sorted and limited in SQL, and the total count; with
 * `header`, the statement of the count also answers it (the warehouse page's breadcrumb), so a page costs at
 * most three statements.
 *
 * The default order, orderAmount descending, has a fast plan: rows with an order amount (few: only pairs with
 * open items) come first and are sorted on their own; the other pairs are read only when the page reaches past
 * them. So the operator's first page over every warehouse does not sort every (preform, warehouse) pair.
 *
 * In the default order the answer's `last` is the key of the page's last row when the page is full (null on the
 * last page), and `after` (such a key) continues after that row instead of skipping `page - 1` pages: a seek
 * through the indexes, so page 500 costs what page 1 does. Any other order has no `last` and refuses `after`
 * (the service answers 400 before this).
 */
export async function findStockRows<H = never>(
  db: Executor,
  scope: StockScope,
  pagination: PaginationInput,
  header?: RawBuilder<H>,
  after?: StockKey,
) {
  const limit = pagination.rowsPerPage;
  const { key, descending } = orderOf(pagination);
  const byOrderAmount = key === 'orderAmount' && descending;
  if (after && !byOrderAmount) throw new Error('a stock cursor continues the default order only');
  const offset = after ? 0 : (pagination.page - 1) * pagination.rowsPerPage;
  // A page past the first may start past the rows with an order amount: their number comes with the count.
  const extra = [
    ...(byOrderAmount && offset > 0 ? [sql`${demandCount(scope)} as demand_rows`] : []),
    ...(header ? [sql`${header} as header`] : []),
  ];
  const totals = countQuery(scope, extra)
    .execute(db)
    .then((result) => result.rows[0] as { count: number; demand_rows?: number; header?: H });
  const [rows, total] = await Promise.all([
    byOrderAmount
      ? after
        ? findByOrderAmountAfter(db, scope, limit, after)
        : findByOrderAmount(db, scope, limit, offset, () => totals)
      : sql<RawStockRow>`
          select ${rowColumns}
            from preform_stock s
            join preforms p on p.id = s.preform_id and p.deleted_at is null
            join preform_warehouses w on w.id = s.warehouse_id
           where true ${stockConditions(scope)}
           order by ${sortExpressions[key]} ${descending ? sql`desc` : sql`asc`}, ${tieBreaker}
           limit ${limit} offset ${offset}`
          .execute(db)
          .then((result) => result.rows),
    totals,
  ]);
  const last = byOrderAmount ? (rows.length === limit ? keyOf(rows[rows.length - 1]!) : null) : undefined;
  return { rows: rows.map(toStockRow), count: Number(total.count), header: total.header, last };
}

/** The sort key the pagination asks for (a known one, else orderAmount) and its direction (descending by default). */
function orderOf(pagination: PaginationInput) {
  const key = pagination.sortBy && sortExpressions[pagination.sortBy] ? pagination.sortBy : 'orderAmount';
  const descending = pagination.sortBy ? Boolean(pagination.descending) : true;
  return { key, descending };
}

/** Whether the pagination asks for the default order, orderAmount descending (the one a cursor continues). */
export function isDefaultOrder(pagination: PaginationInput): boolean {
  const { key, descending } = orderOf(pagination);
  return key === 'orderAmount' && descending;
}

/**
 * Rows with an order amount, largest first; then, if the page reaches past them, the other pairs by name.
 * A page past the first first asks the count statement how many rows have an order amount (and all rows): a page
 * that starts past them reads only the others, and from whichever end is nearer (see findWithoutDemandAt), so a
 * jump to the last page by number does not skip 100,000 rows. A page that starts among them and runs past them
 * continues with the others from their first. No count over the rows with an order amount in this statement (a
 * window count would make PostgreSQL read and sort all of them instead of walking the partial index and stopping
 * at the limit).
 */
async function findByOrderAmount(
  db: Executor,
  scope: StockScope,
  limit: number,
  offset: number,
  totals: () => Promise<{ count: number; demand_rows?: number }>,
): Promise<RawStockRow[]> {
  if (offset > 0) {
    const { count, demand_rows: demandRows = 0 } = await totals();
    if (offset >= demandRows) return findWithoutDemandAt(db, scope, limit, offset - demandRows, Number(count) - demandRows);
  }
  // The pairs that need preforms, through the partial index on order_amount: few, sorted on their own.
  const withDemand = await sql<RawStockRow>`
    select ${rowColumns}
      from preform_stock s
      join preforms p on p.id = s.preform_id and p.deleted_at is null
      join preform_warehouses w on w.id = s.warehouse_id
     where s.order_amount is not null ${stockConditions(scope)}
     order by s.order_amount desc, ${tieBreaker}
     limit ${limit} offset ${offset}`.execute(db);
  const rows: RawStockRow[] = withDemand.rows;
  if (rows.length === limit) return rows;
  return [...rows, ...(await findWithoutDemand(db, scope, limit - rows.length, 0))];
}

/**
 * The page of the pairs without an order amount that starts `offset` rows into them, of `total`: from the start
 * when that is nearer, else read backwards from the last row (the same index, scanned the other way) and turned
 * around, so no page skips more than half of them. Relies on `total` (the count statement's, kept by triggers)
 * being their number; a pair added or removed between the two statements shifts the page by that row, as it
 * would shift an OFFSET between two requests.
 */
async function findWithoutDemandAt(db: Executor, scope: StockScope, limit: number, offset: number, total: number): Promise<RawStockRow[]> {
  const left = total - offset;
  if (left <= 0) return [];
  if (left >= offset) return findWithoutDemand(db, scope, limit, offset);
  const take = Math.min(limit, left);
  return (await findWithoutDemand(db, scope, take, left - take, undefined, true)).reverse();
}

/**
 * The default order continued after the row `after`, with no offset. After a row with an order amount: the rows
 * that tie with its amount and come later by name, and those with a smaller amount, each branch limited on its
 * own (the first through the index's equality, the second walking the partial index on order_amount downwards,
 * so it stops after `limit` rows; one OR over both would make the planner sort them all), then, if the page
 * reaches past them, the pairs without one from the start. After a row without an order amount: those pairs from
 * that row on, by name.
 */
async function findByOrderAmountAfter(db: Executor, scope: StockScope, limit: number, after: StockKey): Promise<RawStockRow[]> {
  if (after.orderAmount === null) return findWithoutDemand(db, scope, limit, 0, after);
  const withDemand = await sql<RawStockRow>`
    select * from (
      (select ${rowColumns}
         from preform_stock s
         join preforms p on p.id = s.preform_id and p.deleted_at is null
         join preform_warehouses w on w.id = s.warehouse_id
        where s.order_amount = ${after.orderAmount} ${stockConditions(scope)}
          and (p.preform_name, p.id, w.warehouse_name, w.id) > (${after.preformName}, ${after.preformId}, ${after.warehouseName}, ${after.warehouseId})
        order by ${tieBreaker}
        limit ${limit})
      union all
      (select ${rowColumns}
         from preform_stock s
         join preforms p on p.id = s.preform_id and p.deleted_at is null
         join preform_warehouses w on w.id = s.warehouse_id
        where s.order_amount < ${after.orderAmount} ${stockConditions(scope)}
        order by s.order_amount desc, ${tieBreaker}
        limit ${limit})
    ) page
    order by order_amount desc, preform_name, preform_id, warehouse_name, warehouse_id
    limit ${limit}`.execute(db);
  if (withDemand.rows.length === limit) return withDemand.rows;
  return [...withDemand.rows, ...(await findWithoutDemand(db, scope, limit - withDemand.rows.length, 0))];
}

/**
 * The pairs without an order amount: preforms in name order (their partial index), each with its pairs
 * (primary-key probes), so the limit stops the scan early. `after` (a row without an order amount) starts after
 * that row: the preforms from its (name, id) on, through the same index. `backwards`: the same rows last first.
 */
async function findWithoutDemand(
  db: Executor,
  scope: StockScope,
  limit: number,
  offset: number,
  after?: StockKey,
  backwards = false,
): Promise<RawStockRow[]> {
  const seek = after
    ? sql`and (p.preform_name, p.id) >= (${after.preformName}, ${after.preformId})
          and (p.preform_name, p.id, w.warehouse_name, w.id) > (${after.preformName}, ${after.preformId}, ${after.warehouseName}, ${after.warehouseId})`
    : sql``;
  const rest = await sql<RawStockRow>`
    select ${rowColumns}
      from preforms p
      cross join lateral (select * from preform_stock s where s.preform_id = p.id and s.order_amount is null ${stockConditions(scope)}) s
      join preform_warehouses w on w.id = s.warehouse_id
     where p.deleted_at is null ${and(scope.preformId === undefined ? null : sql`p.id = ${scope.preformId}`)} ${seek}
     order by ${backwards ? sql`p.preform_name desc, p.id desc, w.warehouse_name desc, w.id desc` : tieBreaker}
     limit ${limit} offset ${offset}`.execute(db);
  return rest.rows;
}

/** The stock row of one (preform, warehouse), whether or not it has a balance or products yet. */
export async function findStockRow(db: Executor, preformId: number, warehouseId: number): Promise<PreformStockRow | undefined> {
  const result = await sql<RawStockRow>`
    select ${rowColumns}
      from preforms p
      join preform_warehouses w on w.id = ${warehouseId}
      left join preform_stock s on s.preform_id = p.id and s.warehouse_id = w.id
     where p.id = ${preformId} and p.deleted_at is null`.execute(db);
  return result.rows[0] && toStockRow(result.rows[0]);
}

/**
 * Locks the balance of a pair (creating it at 0 when missing) and returns the stock: ON CONFLICT DO UPDATE takes a
 * row lock and reads the latest committed value, so concurrent writers of one pair wait for each other.
 */
export async function lockBalance(db: Executor, preformId: number, warehouseId: number): Promise<number> {
  const row = await db
    .insertInto('preform_stock')
    .values({ preform_id: preformId, warehouse_id: warehouseId, current_stock: 0 })
    .onConflict((oc) => oc.columns(['preform_id', 'warehouse_id']).doUpdateSet({ current_stock: sql`coalesce(preform_stock.current_stock, 0)` }))
    .returning('current_stock')
    .executeTakeFirstOrThrow();
  return row.current_stock ?? 0;
}

export interface Movement {
  preformId: number;
  warehouseId: number;
  quantity: number;
  reason: StockReason;
  sourceType?: string;
  sourceId?: number;
  subject: string;
}

/**
 * Applies a movement: the balance changes by `quantity` (upsert, row-locked) and the ledger gets a row with the
 * balance after it, in the caller's transaction. The only way stock changes now (recordPastMovements writes a history
 * that already happened).
 */
export async function recordMovement(db: Executor, movement: Movement): Promise<number> {
  const balance = await db
    .insertInto('preform_stock')
    .values({ preform_id: movement.preformId, warehouse_id: movement.warehouseId, current_stock: movement.quantity })
    .onConflict((oc) =>
      oc.columns(['preform_id', 'warehouse_id']).doUpdateSet({
        current_stock: sql`coalesce(preform_stock.current_stock, 0) + excluded.current_stock`,
        updated_at: sql`now()`,
      }),
    )
    .returning('current_stock')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('preform_stock_movements')
    .values({
      preform_id: movement.preformId,
      warehouse_id: movement.warehouseId,
      quantity: movement.quantity,
      balance_after: balance.current_stock ?? 0,
      reason: movement.reason,
      source_type: movement.sourceType ?? null,
      source_id: movement.sourceId ?? null,
      subject: movement.subject,
      // Past consumption (the buffers' average daily usage) is counted by the portal's days.
      at: now(),
    })
    .execute();
  return balance.current_stock ?? 0;
}

/**
 * Movements that happened before now, at their own instants (the demo's history of deliveries and production), in the
 * order given, which is the order they happened in: each ledger row's balance is the pair's stock before them plus
 * the movements up to it, and the balances move by their sums. Two statements whatever their number, where
 * recordMovement costs two per row: a half year of a plant is thousands of rows.
 */
export async function recordPastMovements(db: Executor, movements: readonly (Movement & { at: Date })[]): Promise<void> {
  if (!movements.length) return;
  const column = <T>(pick: (movement: Movement & { at: Date }) => T) => movements.map(pick);
  const rows = sql`unnest(${column((m) => m.preformId)}::int[], ${column((m) => m.warehouseId)}::int[], ${column((m) => m.quantity)}::numeric[],
                          ${column((m) => m.reason)}::text[], ${column((m) => m.sourceType ?? null)}::text[], ${column((m) => m.sourceId ?? null)}::bigint[],
                          ${column((m) => m.subject)}::text[], ${column((m) => m.at.toISOString())}::timestamptz[])
                   with ordinality as m(preform_id, warehouse_id, quantity, reason, source_type, source_id, subject, at, ord)`;
  await sql`
    insert into preform_stock_movements (preform_id, warehouse_id, quantity, balance_after, reason, source_type, source_id, subject, at)
    select m.preform_id, m.warehouse_id, m.quantity,
           coalesce(s.current_stock, 0) + sum(m.quantity) over (partition by m.preform_id, m.warehouse_id order by m.ord),
           m.reason, m.source_type, m.source_id, m.subject, m.at
      from ${rows}
      left join preform_stock s on s.preform_id = m.preform_id and s.warehouse_id = m.warehouse_id
     order by m.ord`.execute(db);
  await sql`
    insert into preform_stock (preform_id, warehouse_id, current_stock)
    select m.preform_id, m.warehouse_id, sum(m.quantity) from ${rows} group by m.preform_id, m.warehouse_id order by 1, 2
    on conflict (preform_id, warehouse_id) do update
      set current_stock = coalesce(preform_stock.current_stock, 0) + excluded.current_stock, updated_at = now()`.execute(db);
}

export async function warehouseExists(db: Executor, id: number): Promise<boolean> {
  return (await db.selectFrom('preform_warehouses').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}


/** The number of stock rows in the scope (the list's count, from the kept counters). */
export async function countStockRows(db: Executor, scope: StockScope): Promise<number> {
  const result = await countQuery(scope).execute(db);
  return Number(result.rows[0]!.count);
}

/**
 * Every stock row of the scope in the list's order (an export), read `batch` rows at a time (a cursor), at most
 * `limit`. The default order is the list's: rows with an order amount, largest first, then the others by name.
 */
export async function* streamStockRows(db: Executor, scope: StockScope, sort: { sortBy?: string; descending?: boolean }, limit: number, batch: number) {
  const { key, descending } = orderOf(sort.sortBy ? { page: 1, rowsPerPage: limit, ...sort } : { page: 1, rowsPerPage: limit });
  const order =
    key === 'orderAmount' && descending
      ? sql`s.order_amount desc nulls last, ${tieBreaker}`
      : sql`${sortExpressions[key]} ${descending ? sql`desc` : sql`asc`}, ${tieBreaker}`;
  let query = db
    .selectFrom('preform_stock as s')
    .innerJoin('preforms as p', (join) => join.onRef('p.id', '=', 's.preform_id').on('p.deleted_at', 'is', null))
    .innerJoin('preform_warehouses as w', 'w.id', 's.warehouse_id')
    .select(['p.id as preform_id', 'w.id as warehouse_id', 'p.preform_name', 'p.material', 'p.color', 'w.warehouse_name', 's.current_stock', 's.order_amount'])
    .orderBy(order)
    .limit(limit);
  if (scope.warehouseId !== undefined) query = query.where('s.warehouse_id', '=', scope.warehouseId);
  if (scope.preformId !== undefined) query = query.where('s.preform_id', '=', scope.preformId);
  for await (const row of query.stream(batch)) yield toStockRow(row as RawStockRow);
}
