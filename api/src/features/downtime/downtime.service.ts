import type { Db } from '../../db/database.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import type { PaginationInput } from '../../lib/pagination.js';
import { conflict, notFound, problemTexts, ruleViolation } from '../../lib/problem.js';
import { csvStream, type CsvCell } from './downtime.csv.js';
import * as repository from './downtime.repository.js';
import { today as clockToday } from '../../lib/clock.js';

export interface Period {
  from: string;
  to: string;
}

/** The longest period the gantt answers at once, in days. */
export const GANTT_MAX_DAYS = 92;
/** The most rows one CSV export carries; a longer history is exported in shorter periods. */
export const EXPORT_MAX_ROWS = 100_000;
export const HISTORY_CSV_FILENAME = 'history-table-export.csv';

const days = (period: Period) => (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000 + 1;

function checkPeriod(period: Period, field = 'period'): Period {
  if (period.to < period.from) throw ruleViolation(`${field}.to`, 'range', problemTexts.periodOrder);
  return period;
}

/** History (admin: the chosen companies, all when none; operator: every company), page size 10 by default. */
export function getHistory(db: Db, body: { pagination: PaginationInput; period: Period; clientIds?: string[] }) {
  const period = checkPeriod(body.period);
  return repository.findHistory(db, { ...period, clientIds: body.clientIds }, body.pagination);
}

/**
 * Sets the cause of a stop ('Update cause' / 'Inactivity cause'). The cause must exist (400 on `historyItem.causeId`),
 * the version read is required and a stale one answers 409.
 */
export async function saveHistoryItem(db: Db, actor: Actor, input: { id: number; causeId: number; version?: number }) {
  if (input.version === undefined) throw ruleViolation('historyItem.version', 'required', problemTexts.saveVersionRequired);
  const version = input.version;
  await db.transaction().execute(async (trx) => {
    if (!(await repository.causeExists(trx, input.causeId))) throw ruleViolation('historyItem.causeId', 'required', /*i18n*/ { id: 'problem.downtime.pickCause', message: 'Pick an existing cause.' });
    const updated = await repository.updateHistoryCause(trx, input.id, version, input.causeId);
    if (!updated) {
      if (!(await repository.historyItemExists(trx, input.id))) throw notFound('Downtime');
      throw conflict(/*i18n*/ { id: 'problem.downtime.stale', message: 'This downtime was changed by someone else meanwhile. Reload it and apply your change again.' });
    }
    await audit(trx, actor, { operation: 'saveHistoryItem', recordType: 'downtime_history', recordId: input.id, details: { causeId: input.causeId } });
  });
  const saved = await repository.findHistoryItem(db, input.id);
  if (!saved) throw notFound('Downtime');
  return saved;
}

/**
 * 'Export to Csv': every row of the filtered, sorted history as `history-table-export.csv`. The admin's file has the
 * client column; the operator's has the operator table's columns.
 */
export async function exportHistory(
  db: Db,
  face: 'admin' | 'operator',
  body: { period: Period; clientIds?: string[]; sortBy?: string; descending?: boolean },
) {
  const period = checkPeriod(body.period);
  const filter = { ...period, clientIds: face === 'admin' ? body.clientIds : undefined };
  if ((await repository.countHistory(db, filter)) > EXPORT_MAX_ROWS) {
    throw ruleViolation('period', 'maxRows', /*i18n*/ { id: 'problem.downtime.exportMaxRows', message: 'More than {max} downtimes: export a shorter period.' }, { max: EXPORT_MAX_ROWS }, EXPORT_MAX_ROWS);
  }
  const rows = repository.streamHistoryCsv(db, filter, { sortBy: body.sortBy, descending: body.descending }, EXPORT_MAX_ROWS);
  const common = (row: repository.HistoryCsvRow) => [row.machine_name, row.cause_name ?? '', row.actual_date, row.minutes, row.start_at, row.end_at];
  const cells = async function* (toCells: (row: repository.HistoryCsvRow) => CsvCell[]) {
    for await (const row of rows) yield toCells(row);
  };
  const body_ =
    face === 'admin'
      ? csvStream(
          ['Client name', 'Machine name', 'Downtime cause', 'Actual date', 'Duration (min)', 'Start datetime (UTC)', 'End datetime (UTC)'],
          cells((row) => [row.company, ...common(row)]),
        )
      : csvStream(['Machine Name', 'Inactivity cause', 'ActualDate', 'Duration (min)', 'Start datetime (UTC)', 'End datetime (UTC)'], cells(common));
  return { filename: HISTORY_CSV_FILENAME, contentType: 'text/csv; charset=utf-8', body: body_ };
}

/** Causes, 10 a page, newest first by default; `filter` finds names containing it (its wildcards are literal). */
export function getCauses(db: Db, pagination: PaginationInput, filter?: string) {
  return repository.findCauses(db, pagination, filter);
}

/** Every cause by name (the operator's select), or those whose name contains `filter`. */
export async function getAllCauses(db: Db, filter?: string) {
  return { rows: await repository.findAllCauses(db, filter) };
}

/** Creates a cause, or updates one at the version read (409 when stale). Name and description trimmed, both required. */
export async function saveCause(
  db: Db,
  actor: Actor,
  input: { id?: number; causeName: string; causeDescription: string; planned?: boolean; version?: number },
) {
  // `planned`: false on create when absent, unchanged on update when absent.
  const values = {
    causeName: input.causeName.trim(),
    causeDescription: input.causeDescription.trim(),
    ...(input.planned !== undefined || input.id === undefined ? { planned: input.planned ?? false } : {}),
  };
  if (!values.causeName) throw ruleViolation('cause.causeName', 'required', problemTexts.required);
  if (!values.causeDescription) throw ruleViolation('cause.causeDescription', 'required', problemTexts.required);
  const id = await db.transaction().execute(async (trx) => {
    if (input.id === undefined) {
      const created = await repository.insertCause(trx, values);
      await audit(trx, actor, { operation: 'saveCause', recordType: 'downtime_cause', recordId: created, details: values });
      return created;
    }
    if (input.version === undefined) throw ruleViolation('cause.version', 'required', problemTexts.versionRequired);
    const updated = await repository.updateCause(trx, input.id, input.version, values);
    if (!updated) {
      if (!(await repository.causeExists(trx, input.id))) throw notFound('Downtime cause');
      throw conflict(/*i18n*/ { id: 'problem.downtime.staleCause', message: 'This cause was changed by someone else meanwhile. Reload it and apply your change again.' });
    }
    await audit(trx, actor, { operation: 'saveCause', recordType: 'downtime_cause', recordId: input.id, details: values });
    return input.id;
  });
  const saved = await repository.findCause(db, id);
  if (!saved) throw notFound('Downtime cause');
  return saved;
}

/** Deletes causes, all or nothing: an unknown id answers 404, a cause that stops refer to 409 (naming it). */
export async function deleteCauses(db: Db, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    const locked = await repository.lockCauses(trx, unique);
    if (locked.length !== unique.length) throw notFound('Downtime cause');
    const used = await repository.causesInUse(trx, unique);
    if (used.length) {
      throw conflict(/*i18n*/ { id: 'problem.downtime.causesInUse', message: 'Causes in use by downtimes cannot be deleted: {causes}.' }, { causes: used.map((cause) => cause.cause_name).join(', ') });
    }
    await repository.deleteCauses(trx, unique);
    await audit(trx, actor, { operation: 'deleteCauses', recordType: 'downtime_cause', details: { ids: unique } });
  });
  return { ok: true as const };
}

/**
 * Gantt data: the machines as resources and the stops overlapping the period (default today, UTC). With `machines`
 * one page of the machines and only their stops, so the answer stays a page whatever the plant's size;
 * without it every machine (the contract's original answer). `machineCount` is every machine either way.
 */
export async function getDowntime(db: Db, body: { period?: Period; machines?: { page: number; rowsPerPage: number } }) {
  const today = clockToday();
  const period = checkPeriod(body.period ?? { from: today, to: today });
  if (days(period) > GANTT_MAX_DAYS) throw ruleViolation('period.to', 'maxDays', /*i18n*/ { id: 'problem.downtime.ganttMaxDays', message: 'The gantt shows at most {max} days at once.' }, { max: GANTT_MAX_DAYS }, GANTT_MAX_DAYS);
  if (body.machines) {
    const { machines, count } = await repository.findMachines(db, period.from, period.to, body.machines);
    const events = await repository.findEventsOverlapping(db, period.from, period.to, machines);
    return { machineCount: count, machines, events };
  }
  const [{ machines, count }, events] = await Promise.all([
    repository.findMachines(db, period.from, period.to),
    repository.findEventsOverlapping(db, period.from, period.to),
  ]);
  return { machineCount: count, machines, events };
}
