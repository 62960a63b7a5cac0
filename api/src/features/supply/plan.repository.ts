import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { preformSummaryOf, type PreformSummaryColumns } from '../preforms/preforms.repository.js';
import type { Schemas } from '../../lib/contract.js';

type Executor = Kysely<Database> | Transaction<Database>;

/** Which pairs (preform, warehouse) a plan read covers. */
export interface PairFilter {
  preformId?: number;
  preformWarehouseId?: number;
}

/** What the plan of one pair starts from. */
export interface PairRow {
  preformId: number;
  warehouseId: number;
  Preform: Schemas['PreformSummary'];
  warehouseName: string;
  onHand: number;
  /** Net preforms consumed by production in the last `pastDays` days. */
  consumed: number;
  /** The preform's default supplier in this warehouse (the one most of its live products name), if it has one. */
  supplier: { preformSupplyId: number; manufacturerName: string; leadTimeDays: number; boxQtyPerTruck: number } | null;
  /** Fingerprints of suggestions already accepted or dismissed. */
  decided: string[];
}

export type DemandLine =
  | { kind: 'item'; preformId: number; warehouseId: number; day: string; preforms: number }
  | { kind: 'supply'; preformId: number; warehouseId: number; day: string; preforms: number }
  | {
      kind: 'forecast';
      preformId: number;
      warehouseId: number;
      periodFrom: string;
      periodTo: string;
      plannedAmount: number;
      orderedAmount: number;
      scrapRate: number;
    };

const pairCondition = (filter: PairFilter, preform: string, warehouse: string) =>
  sql`(${filter.preformId ?? null}::integer is null or ${sql.ref(preform)} = ${filter.preformId ?? null})
    and (${filter.preformWarehouseId ?? null}::integer is null or ${sql.ref(warehouse)} = ${filter.preformWarehouseId ?? null})`;

/**
 * The pairs to plan — every (preform, warehouse) a live client product uses or an open supply order is for — with
 * stock, recent consumption, default supplier and decided fingerprints, in one statement.
 */
export async function findPlanPairs(db: Executor, filter: PairFilter, today: string, pastDays: number): Promise<PairRow[]> {
  const { rows } = await sql<PreformSummaryColumns & {
    warehouse_id: number;
    warehouse_name: string;
    on_hand: number;
    consumed: number;
    supply_id: number | null;
    manufacturer_name: string | null;
    default_lead_time: number | null;
    box_qty_per_truck: number | null;
    decided: string[] | null;
  }>`
    with pairs as (
      select cp.preform_id, cp.preform_warehouse_id as warehouse_id from client_products cp
       where cp.deleted_at is null and ${pairCondition(filter, 'cp.preform_id', 'cp.preform_warehouse_id')}
      union
      select so.preform_id, so.preform_warehouse_id from supply_orders so
       where so.order_status in ('pending', 'ordered') and ${pairCondition(filter, 'so.preform_id', 'so.preform_warehouse_id')}
    ),
    supplier as (
      select distinct on (f.preform_id, f.warehouse_id) f.preform_id, f.warehouse_id, s.id as supply_id,
             m.manufacturer_name, m.default_lead_time, m.box_qty_per_truck
        from pairs f
        join preform_supplies s on s.preform_id = f.preform_id and s.deleted_at is null
        join manufacturers m on m.id = s.manufacturer_id
        left join client_products cp on cp.default_supply_id = s.id and cp.preform_warehouse_id = f.warehouse_id and cp.deleted_at is null
       group by f.preform_id, f.warehouse_id, s.id, m.manufacturer_name, m.default_lead_time, m.box_qty_per_truck
       order by f.preform_id, f.warehouse_id, count(cp.id) desc, s.id
    ),
    consumption as (
      select mv.preform_id, mv.warehouse_id, -sum(mv.quantity) as consumed
        from preform_stock_movements mv
       where mv.reason = 'production' and mv.at >= ${today}::date - ${pastDays}::integer
       group by mv.preform_id, mv.warehouse_id
    ),
    decided as (
      select d.preform_id, d.warehouse_id, array_agg(d.fingerprint) as decided from supply_suggestion_decisions d group by 1, 2
    )
    select f.preform_id, f.warehouse_id, p.preform_name, p.neck, p.material, p.color, p.weight, p.qty_per_box, w.warehouse_name,
           coalesce(ps.current_stock, 0) as on_hand, coalesce(c.consumed, 0) as consumed,
           sup.supply_id, sup.manufacturer_name, sup.default_lead_time, sup.box_qty_per_truck, d.decided
      from pairs f
      join preforms p on p.id = f.preform_id and p.deleted_at is null
      join preform_warehouses w on w.id = f.warehouse_id
      left join preform_stock ps on ps.preform_id = f.preform_id and ps.warehouse_id = f.warehouse_id
      left join supplier sup on sup.preform_id = f.preform_id and sup.warehouse_id = f.warehouse_id
      left join consumption c on c.preform_id = f.preform_id and c.warehouse_id = f.warehouse_id
      left join decided d on d.preform_id = f.preform_id and d.warehouse_id = f.warehouse_id
  `.execute(db);
  return rows.map((row) => ({
    preformId: row.preform_id,
    warehouseId: row.warehouse_id,
    Preform: preformSummaryOf(row),
    warehouseName: row.warehouse_name,
    onHand: row.on_hand,
    consumed: row.consumed,
    supplier:
      row.supply_id === null
        ? null
        : {
            preformSupplyId: row.supply_id,
            manufacturerName: row.manufacturer_name!,
            leadTimeDays: row.default_lead_time!,
            boxQtyPerTruck: row.box_qty_per_truck!,
          },
    decided: row.decided ?? [],
  }));
}

/**
 * What the requirements and the supply of the pairs are made of, in one statement: the preforms the open order items
 * still need by due day (bottles left × (1 + scrap rate) + start and change-over scrap, as the stock lists' order
 * amount counts them), the forecasts overlapping the horizon with the bottles the client's orders already ask for in
 * their period, and the open supply orders (pending and ordered) by due day.
 */
export async function findDemandLines(db: Executor, filter: PairFilter, today: string, horizonEnd: string, countForecasts: boolean): Promise<DemandLine[]> {
  const { rows } = await sql<{
    kind: DemandLine['kind'];
    preform_id: number;
    warehouse_id: number;
    day: string;
    period_to: string | null;
    quantity: number;
    ordered: number | null;
    scrap_rate: number | null;
  }>`
    select 'item' as kind, cp.preform_id, cp.preform_warehouse_id as warehouse_id, i.due_date as day, null::date as period_to,
           sum((i.planned_amount - i.produced_amount) * (1 + cp.scrap_rate) + cp.preform_scrap_start + cp.preform_scrap_change_over) as quantity,
           null::integer as ordered, null::numeric as scrap_rate
      from client_production_order_items i
      join client_production_orders o on o.id = i.order_id and o.closed = 0
      join client_products cp on cp.id = i.client_product_id and cp.deleted_at is null
     where not i.is_closed and i.produced_amount < i.planned_amount and i.due_date < ${horizonEnd}::date
       and ${pairCondition(filter, 'cp.preform_id', 'cp.preform_warehouse_id')}
     group by cp.preform_id, cp.preform_warehouse_id, i.due_date
    union all
    select 'forecast', cp.preform_id, cp.preform_warehouse_id, pl.period_from, pl.period_to, pi.planned_amount,
           coalesce((select sum(i.planned_amount)
                       from client_production_order_items i
                       join client_production_orders o on o.id = i.order_id
                      where i.client_product_id = pi.client_product_id and o.company_id = pl.company_id
                        and i.due_date between pl.period_from and pl.period_to), 0),
           cp.scrap_rate
      from client_production_plans pl
      join client_production_plan_items pi on pi.plan_id = pl.id
      join client_products cp on cp.id = pi.client_product_id and cp.deleted_at is null
     where ${countForecasts} and pl.period_to >= ${today}::date and pl.period_from < ${horizonEnd}::date
       and ${pairCondition(filter, 'cp.preform_id', 'cp.preform_warehouse_id')}
    union all
    select 'supply', so.preform_id, so.preform_warehouse_id, so.due_date, null, sum(so.ordered_amount), null, null
      from supply_orders so
     where so.order_status in ('pending', 'ordered') and so.due_date < ${horizonEnd}::date
       and ${pairCondition(filter, 'so.preform_id', 'so.preform_warehouse_id')}
     group by so.preform_id, so.preform_warehouse_id, so.due_date
  `.execute(db);
  return rows.map((row): DemandLine => {
    const pair = { preformId: row.preform_id, warehouseId: row.warehouse_id };
    if (row.kind === 'forecast') {
      return {
        kind: 'forecast',
        ...pair,
        periodFrom: row.day,
        periodTo: row.period_to!,
        plannedAmount: row.quantity,
        orderedAmount: row.ordered ?? 0,
        scrapRate: row.scrap_rate ?? 0,
      };
    }
    return { kind: row.kind, ...pair, day: row.day, preforms: row.quantity };
  });
}

/** The open items and the forecasts behind one pair's requirements, with who they are for (the plan's 'made of'). */
export async function findRequirementSources(db: Executor, preformId: number, warehouseId: number, today: string, horizonEnd: string, countForecasts: boolean) {
  const { rows } = await sql<{
    kind: 'item' | 'forecast';
    id: number;
    order_no: string | null;
    company: string;
    article_no: string;
    day: string;
    period_to: string | null;
    bottles: number;
    ordered: number | null;
    preforms: number | null;
    scrap_rate: number;
  }>`
    select 'item' as kind, i.id, o.order_no, c.name as company, cp.article_no, i.due_date as day, null::date as period_to,
           i.planned_amount - i.produced_amount as bottles, null::integer as ordered,
           (i.planned_amount - i.produced_amount) * (1 + cp.scrap_rate) + cp.preform_scrap_start + cp.preform_scrap_change_over as preforms,
           cp.scrap_rate
      from client_production_order_items i
      join client_production_orders o on o.id = i.order_id and o.closed = 0
      join client_products cp on cp.id = i.client_product_id and cp.deleted_at is null
      join companies c on c.id = o.company_id
     where not i.is_closed and i.produced_amount < i.planned_amount and i.due_date < ${horizonEnd}::date
       and cp.preform_id = ${preformId} and cp.preform_warehouse_id = ${warehouseId}
    union all
    select 'forecast', pl.id, null, c.name, cp.article_no, pl.period_from, pl.period_to, pi.planned_amount,
           coalesce((select sum(i.planned_amount)
                       from client_production_order_items i
                       join client_production_orders o on o.id = i.order_id
                      where i.client_product_id = pi.client_product_id and o.company_id = pl.company_id
                        and i.due_date between pl.period_from and pl.period_to), 0),
           null, cp.scrap_rate
      from client_production_plans pl
      join client_production_plan_items pi on pi.plan_id = pl.id
      join client_products cp on cp.id = pi.client_product_id and cp.deleted_at is null
      join companies c on c.id = pl.company_id
     where ${countForecasts} and pl.period_to >= ${today}::date and pl.period_from < ${horizonEnd}::date
       and cp.preform_id = ${preformId} and cp.preform_warehouse_id = ${warehouseId}
     order by kind desc, day, id
     limit 10000
  `.execute(db);
  return rows;
}

export async function findSettings(db: Executor) {
  return db.selectFrom('supply_plan_settings').select(['lead_time_factor', 'variability_factor', 'minimum_order', 'version']).executeTakeFirstOrThrow();
}

export async function updateSettings(db: Executor, values: { leadTimeFactor: number; variabilityFactor: number; minimumOrder: number }, version: number) {
  return db
    .updateTable('supply_plan_settings')
    .set({
      lead_time_factor: values.leadTimeFactor,
      variability_factor: values.variabilityFactor,
      minimum_order: values.minimumOrder,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where('version', '=', version)
    .returning(['lead_time_factor', 'variability_factor', 'minimum_order', 'version'])
    .executeTakeFirst();
}

/** Serializes decisions on one pair: concurrent accepts of one suggestion run one after the other. */
export async function lockPair(trx: Transaction<Database>, preformId: number, warehouseId: number) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`supply-suggestion:${preformId}:${warehouseId}`}, 0))`.execute(trx);
}

export async function findDecision(db: Executor, preformId: number, warehouseId: number, fingerprint: string) {
  return db
    .selectFrom('supply_suggestion_decisions')
    .select(['decision', 'supply_order_id'])
    .where('preform_id', '=', preformId)
    .where('warehouse_id', '=', warehouseId)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
}

export async function recordDecision(
  db: Executor,
  decision: { preformId: number; warehouseId: number; fingerprint: string; decision: 'accepted' | 'dismissed'; supplyOrderId: number | null; subject: string },
) {
  await db
    .insertInto('supply_suggestion_decisions')
    .values({
      preform_id: decision.preformId,
      warehouse_id: decision.warehouseId,
      fingerprint: decision.fingerprint,
      decision: decision.decision,
      supply_order_id: decision.supplyOrderId,
      subject: decision.subject,
    })
    .onConflict((conflict) =>
      conflict.columns(['preform_id', 'warehouse_id', 'fingerprint']).doUpdateSet({ decision: decision.decision, supply_order_id: decision.supplyOrderId }),
    )
    .execute();
}

/** The snapshot of the caller's transaction (`pg_current_snapshot()`, as text): what a kept plan was computed from. */
export async function currentSnapshot(trx: Transaction<Database>): Promise<string> {
  const { rows } = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(trx);
  return rows[0]!.snapshot;
}

/**
 * Whether a transaction that changed the plan's inputs has committed outside `snapshot` (one index range scan from
 * the snapshot's oldest running transaction on). Changes recorded more than an hour ago are forgotten on the way.
 */
export async function changedSince(db: Executor, snapshot: string): Promise<boolean> {
  const { rows } = await sql<{ changed: boolean }>`
    select exists (
      select 1 from supply_plan_changes c
       where c.xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(c.xid, ${snapshot}::pg_snapshot)
    ) as changed`.execute(db);
  return rows[0]!.changed;
}

/** Forgets the changes recorded over an hour ago (a kept plan is never older: PLAN_KEPT_MS). */
export async function forgetOldChanges(db: Executor): Promise<void> {
  await sql`delete from supply_plan_changes where at < clock_timestamp() - interval '1 hour'`.execute(db);
}
