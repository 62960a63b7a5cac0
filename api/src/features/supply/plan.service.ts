import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { BodyOf, Schemas } from '../../lib/contract.js';
import { conflict, notFound } from '../../lib/problem.js';
import { preformExists } from '../preforms/preforms.repository.js';
import { warehouseExists } from '../stock/stock.repository.js';
import * as plans from './plan.repository.js';
import {
  DEFAULT_BUFFER_SETTINGS,
  addDays,
  averageDailyUsage,
  bufferZones,
  daysBetween,
  earliestArrival,
  leadTimeCalendarDays,
  mondayOf,
  netFlowPosition,
  project,
  qualifiedDemand,
  spreadOverWeeks,
  suggestOrder,
  suggestionFingerprint,
  weeklyRequirements,
  weeksFrom,
  zoneOf,
  type BufferSettings,
  type DailyDemand,
  type ForecastLine,
  type Zone,
} from './planning.rules.js';
import * as repository from './supply.repository.js';
import { now as clockNow } from '../../lib/clock.js';

/** 13 weeks from the current one. */
export const HORIZON_WEEKS = 13;
/** The consumption the average daily usage looks back on. */
export const PAST_DAYS = 28;

const CHANGED = /*i18n*/ { id: 'problem.supplyPlan.changed', message: 'The plan changed since you read it (an order, a delivery or a forecast moved the numbers). Reload it and decide again.' };
const ZONE_RANK: Record<Zone, number> = { red: 0, yellow: 1, green: 2, over: 3 };

type PlanRow = Schemas['SupplyPlanRow'];

/** Today as the plant's calendar day (UTC). */
export const todayOf = (now: Date = clockNow()) => now.toISOString().slice(0, 10);

function settingsOf(row: Awaited<ReturnType<typeof plans.findSettings>>): BufferSettings {
  return {
    ...DEFAULT_BUFFER_SETTINGS,
    leadTimeFactor: row.lead_time_factor,
    variabilityFactor: row.variability_factor,
    minimumOrder: row.minimum_order,
  };
}

interface Horizon {
  today: string;
  weeks: string[];
  /** The day after the last day of the horizon. */
  end: string;
}

function horizonOf(today: string): Horizon {
  const weeks = weeksFrom(today, HORIZON_WEEKS);
  return { today, weeks, end: addDays(weeks[weeks.length - 1], 7) };
}

interface PairLines {
  items: DailyDemand[];
  forecasts: ForecastLine[];
  supply: DailyDemand[];
}

function byPair(lines: plans.DemandLine[]): Map<string, PairLines> {
  const result = new Map<string, PairLines>();
  for (const line of lines) {
    const key = `${line.preformId}:${line.warehouseId}`;
    let pair = result.get(key);
    if (!pair) result.set(key, (pair = { items: [], forecasts: [], supply: [] }));
    if (line.kind === 'forecast') pair.forecasts.push(line);
    else (line.kind === 'item' ? pair.items : pair.supply).push({ day: line.day, preforms: line.preforms });
  }
  return result;
}

/** The plan of one pair from its numbers: requirements, projection, buffer, net flow position and suggestion. */
function planPair(pair: plans.PairRow, lines: PairLines, horizon: Horizon, settings: BufferSettings, countForecasts: boolean, hideDecided: boolean): PlanRow {
  const { today, weeks } = horizon;
  const requirements = weeklyRequirements(lines.items, lines.forecasts, weeks, today, countForecasts);
  const ahead = [...requirements.byWeek.values()].reduce((sum, week) => sum + week, 0);
  const adu = averageDailyUsage({ preforms: ahead, days: daysBetween(today, horizon.end) }, { preforms: Math.max(pair.consumed, 0), days: PAST_DAYS }, settings.forwardWeight);
  const leadTime = pair.supplier?.leadTimeDays ?? 0;
  const zones = bufferZones(adu, leadTimeCalendarDays(today, leadTime), settings);
  const arrival = earliestArrival(today, leadTime);
  const qualified = qualifiedDemand(lines.items, today, arrival, settings.spikeShareOfRed * zones.red);
  const incoming = lines.supply.filter((supply) => supply.day <= arrival).reduce((sum, supply) => sum + supply.preforms, 0);
  const position = Math.floor(netFlowPosition(pair.onHand, incoming, Math.ceil(qualified.total)));
  const supplyByWeek = new Map<string, number>();
  for (const supply of lines.supply) {
    const week = supply.day < today ? weeks[0] : mondayOf(supply.day);
    supplyByWeek.set(week, (supplyByWeek.get(week) ?? 0) + supply.preforms);
  }
  const suggested =
    pair.supplier &&
    suggestOrder(position, zones, { qtyPerBox: pair.Preform.qtyPerBox, boxQtyPerTruck: pair.supplier.boxQtyPerTruck }, settings, today, leadTime);
  const fingerprint = suggested ? suggestionFingerprint(suggested) : null;
  const suggestion =
    suggested && pair.supplier && !(hideDecided && pair.decided.includes(fingerprint!))
      ? {
          amount: suggested.amount,
          boxes: suggested.boxes,
          trucks: suggested.trucks,
          dueDate: suggested.dueDate,
          shortfall: Math.ceil(suggested.shortfall),
          preformSupplyId: pair.supplier.preformSupplyId,
          manufacturerName: pair.supplier.manufacturerName,
          fingerprint: fingerprint!,
        }
      : null;
  return {
    preformId: pair.preformId,
    preformWarehouseId: pair.warehouseId,
    Preform: pair.Preform,
    PreformWarehouse: { id: pair.warehouseId, warehouseName: pair.warehouseName },
    onHand: pair.onHand,
    incoming,
    qualifiedDemand: Math.ceil(qualified.total),
    spikes: qualified.spikes.slice(0, 100).map((spike) => ({ day: spike.day, preforms: Math.ceil(spike.preforms) })),
    netFlowPosition: position,
    zone: zoneOf(position, zones),
    buffer: {
      adu: Math.round(zones.adu * 100) / 100,
      leadTimeDays: zones.leadTimeDays,
      red: zones.red,
      yellow: zones.yellow,
      green: zones.green,
      topOfRed: zones.topOfRed,
      topOfYellow: zones.topOfYellow,
      topOfGreen: zones.topOfGreen,
    },
    suggestion,
    weeks: project(pair.onHand, weeks, supplyByWeek, requirements.byWeek).map((week) => ({
      week: week.week,
      start: Math.round(week.start),
      supply: Math.round(week.supply),
      requirement: Math.round(week.requirement),
      end: Math.round(week.end),
    })),
  };
}


/** Plans the pairs of `filter` (two statements for the numbers, the settings read beside them). */
async function planOf(db: Kysely<Database>, filter: plans.PairFilter, today: string, countForecasts: boolean, hideDecided: boolean): Promise<PlanRow[]> {
  const horizon = horizonOf(today);
  const [settings, pairs, lines] = await Promise.all([
    plans.findSettings(db),
    plans.findPlanPairs(db, filter, today, PAST_DAYS),
    plans.findDemandLines(db, filter, today, horizon.end, countForecasts),
  ]);
  const grouped = byPair(lines);
  const empty: PairLines = { items: [], forecasts: [], supply: [] };
  return pairs.map((pair) => planPair(pair, grouped.get(`${pair.preformId}:${pair.warehouseId}`) ?? empty, horizon, settingsOf(settings), countForecasts, hideDecided));
}

const urgency = (row: PlanRow) => (row.buffer.topOfYellow > 0 ? row.netFlowPosition / row.buffer.topOfYellow : row.netFlowPosition);

/** Most urgent first: red, then yellow, then the lowest position against the top of yellow. */
const byUrgency = (a: PlanRow, b: PlanRow) =>
  ZONE_RANK[a.zone] - ZONE_RANK[b.zone] ||
  urgency(a) - urgency(b) ||
  a.Preform.preformName.localeCompare(b.Preform.preformName) ||
  a.PreformWarehouse.warehouseName.localeCompare(b.PreformWarehouse.warehouseName);

/** How long a process keeps a computed plan at most (supply_plan_changes forgets changes after an hour). */
export const PLAN_KEPT_MS = 30 * 60_000;

interface KeptPlan {
  /** The snapshot the plan was computed in (`pg_current_snapshot()`). */
  snapshot: string;
  computedAt: number;
  /** Every pair, most urgent first. */
  rows: PlanRow[];
}

/**
 * The plan of every pair, kept by this process per day and forecast switch with the snapshot it was computed in, and
 * computed again when a change to what it is made of has committed since (migration 2026-11-25-0910): reading it is
 * one statement while nothing changed, and never stale, on any replica. One computation at a time per key: the callers
 * that arrive meanwhile wait for it.
 */
const keptPlans = new Map<string, Promise<KeptPlan>>();

async function computePlan(db: Db, today: string, countForecasts: boolean): Promise<KeptPlan> {
  const computedAt = performance.now();
  const { snapshot, rows } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const taken = await plans.currentSnapshot(trx);
      return { snapshot: taken, rows: await planOf(trx, {}, today, countForecasts, true) };
    });
  await plans.forgetOldChanges(db);
  return { snapshot, computedAt, rows: rows.sort(byUrgency) };
}

async function wholePlan(db: Db, today: string, countForecasts: boolean): Promise<PlanRow[]> {
  const key = `${today}|${countForecasts}`;
  const kept = keptPlans.get(key);
  if (kept) {
    const plan = await kept.catch(() => undefined);
    if (plan && keptPlans.get(key) === kept && performance.now() - plan.computedAt < PLAN_KEPT_MS && !(await plans.changedSince(db, plan.snapshot))) {
      return plan.rows;
    }
    // Another caller may have started the computation meanwhile.
    const current = keptPlans.get(key);
    if (current && current !== kept) return (await current).rows;
  }
  const computing = computePlan(db, today, countForecasts);
  for (const other of keptPlans.keys()) if (!other.startsWith(`${today}|`)) keptPlans.delete(other);
  keptPlans.set(key, computing);
  computing.catch(() => {
    if (keptPlans.get(key) === computing) keptPlans.delete(key);
  });
  return (await computing).rows;
}

/**
 * The supply plan: every pair's projection, buffer, position and suggestion, most urgent first (red, then yellow,
 * then the lowest position against the top of yellow), optionally only some zones, one page of it. One pair (the
 * projection screen) is computed on the spot; every pair comes from the plan this process keeps while it is right.
 */
export async function getSupplyPlan(db: Db, body: BodyOf<'AdminSupply_getSupplyPlan'>, now: Date = clockNow()) {
  const today = todayOf(now);
  const countForecasts = body.countForecasts ?? true;
  const filter = { preformId: body.preformId, preformWarehouseId: body.preformWarehouseId };
  const rows =
    filter.preformId === undefined && filter.preformWarehouseId === undefined
      ? await wholePlan(db, today, countForecasts)
      : (await planOf(db, filter, today, countForecasts, true)).sort(byUrgency);
  const wanted = body.zones?.length ? new Set(body.zones) : null;
  const listed = wanted ? rows.filter((row) => wanted.has(row.zone)) : rows;
  const page = body.pagination?.page ?? 1;
  const size = body.pagination?.rowsPerPage ?? 20;
  const ordered = body.pagination?.descending ? [...listed].reverse() : listed;
  return { rows: ordered.slice((page - 1) * size, page * size), count: listed.length };
}

/** What one pair's requirements are made of: the open items and the uncovered forecasts, with the week each counts in. */
export async function getSupplyPlanLines(db: Db, body: BodyOf<'AdminSupply_getSupplyPlanLines'>, now: Date = clockNow()) {
  const horizon = horizonOf(todayOf(now));
  const countForecasts = body.countForecasts ?? true;
  const sources = await plans.findRequirementSources(db, body.preformId, body.preformWarehouseId, horizon.today, horizon.end, countForecasts);
  const items = sources
    .filter((row) => row.kind === 'item')
    .map((row) => ({
      orderItemId: row.id,
      orderNo: row.order_no ?? '',
      company: row.company,
      articleNo: row.article_no,
      dueDate: row.day,
      bottlesLeft: row.bottles,
      preforms: Math.ceil(row.preforms ?? 0),
      week: row.day < horizon.today ? horizon.weeks[0] : mondayOf(row.day),
    }));
  const forecasts = sources
    .filter((row) => row.kind === 'forecast')
    .map((row) => {
      const uncovered = Math.max(row.bottles - (row.ordered ?? 0), 0);
      const inHorizon = [...spreadOverWeeks(row.day, row.period_to!, uncovered, horizon.weeks, horizon.today).values()].reduce((sum, share) => sum + share, 0);
      return {
        planId: row.id,
        company: row.company,
        articleNo: row.article_no,
        periodFrom: row.day,
        periodTo: row.period_to!,
        plannedAmount: row.bottles,
        orderedAmount: row.ordered ?? 0,
        preforms: Math.ceil(inHorizon * (1 + row.scrap_rate) - 1e-9),
      };
    });
  return { items, forecasts };
}

async function pairExists(db: Db, preformId: number, warehouseId: number) {
  if (!(await preformExists(db, preformId))) throw notFound('Preform');
  if (!(await warehouseExists(db, warehouseId))) throw notFound('Warehouse');
}

/**
 * 'Accept': turns the suggestion the admin saw (its fingerprint) into a pending supply order. One order per
 * suggestion: decisions on a pair run one after the other (an advisory lock), and an accepted fingerprint answers
 * the order it made. 409 when the numbers changed since the plan was read.
 */
export async function acceptSupplySuggestion(db: Db, actor: Actor, body: BodyOf<'AdminSupply_acceptSupplySuggestion'>, now: Date = clockNow()) {
  await pairExists(db, body.preformId, body.preformWarehouseId);
  const today = todayOf(now);
  const orderId = await db.transaction().execute(async (trx) => {
    await plans.lockPair(trx, body.preformId, body.preformWarehouseId);
    const decided = await plans.findDecision(trx, body.preformId, body.preformWarehouseId, body.fingerprint);
    if (decided?.decision === 'accepted' && decided.supply_order_id !== null) return decided.supply_order_id;
    const [row] = await planOf(trx, { preformId: body.preformId, preformWarehouseId: body.preformWarehouseId }, today, true, false);
    const suggestion = row?.suggestion;
    if (!suggestion || suggestion.fingerprint !== body.fingerprint) throw conflict(CHANGED);
    const values: repository.SupplyOrderValues = {
      orderedAmount: suggestion.amount,
      dueDate: suggestion.dueDate,
      preformId: body.preformId,
      preformWarehouseId: body.preformWarehouseId,
      preformSupplyId: suggestion.preformSupplyId,
      clientProductionOrderId: null,
    };
    const id = await repository.insertSupplyOrder(trx, values);
    await plans.recordDecision(trx, { ...pairOf(body), fingerprint: body.fingerprint, decision: 'accepted', supplyOrderId: id, subject: actor.sub });
    await audit(trx, actor, {
      operation: 'acceptSupplySuggestion',
      recordType: 'supply_order',
      recordId: id,
      details: { ...values, fingerprint: body.fingerprint, zone: row.zone, netFlowPosition: row.netFlowPosition },
    });
    return id;
  });
  return (await repository.findSupplyOrder(db, orderId))!;
}

const pairOf = (body: { preformId: number; preformWarehouseId: number }) => ({ preformId: body.preformId, warehouseId: body.preformWarehouseId });

/** 'Dismiss': hides the suggestion until its numbers change. */
export async function dismissSupplySuggestion(db: Db, actor: Actor, body: BodyOf<'AdminSupply_dismissSupplySuggestion'>) {
  await pairExists(db, body.preformId, body.preformWarehouseId);
  await db.transaction().execute(async (trx) => {
    await plans.lockPair(trx, body.preformId, body.preformWarehouseId);
    const decided = await plans.findDecision(trx, body.preformId, body.preformWarehouseId, body.fingerprint);
    if (decided?.decision === 'accepted') return;
    await plans.recordDecision(trx, { ...pairOf(body), fingerprint: body.fingerprint, decision: 'dismissed', supplyOrderId: null, subject: actor.sub });
    await audit(trx, actor, { operation: 'dismissSupplySuggestion', recordType: 'supply_suggestion', recordId: `${body.preformId}:${body.preformWarehouseId}`, details: body });
  });
  return { ok: true as const };
}

const settingsAnswer = (row: Awaited<ReturnType<typeof plans.findSettings>>) => ({
  leadTimeFactor: row.lead_time_factor,
  variabilityFactor: row.variability_factor,
  minimumOrder: row.minimum_order,
  version: row.version,
});

export async function getSupplyPlanSettings(db: Db) {
  return settingsAnswer(await plans.findSettings(db));
}

export async function saveSupplyPlanSettings(db: Db, actor: Actor, settings: Schemas['SupplyPlanSettings']) {
  return db.transaction().execute(async (trx) => {
    const saved = await plans.updateSettings(trx, settings, settings.version);
    if (!saved) throw conflict(/*i18n*/ { id: 'problem.supplyPlan.staleSettings', message: 'The plan settings were changed by someone else meanwhile. Reload them and apply your change again.' });
    await audit(trx, actor, { operation: 'saveSupplyPlanSettings', recordType: 'supply_plan_settings', recordId: 1, details: settings });
    return settingsAnswer(saved);
  });
}
