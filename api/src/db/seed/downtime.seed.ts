import type { Db } from '../database.js';
import { AQUA_CONVERTERS, FJORD_WATER, NORDIC_SPRINGS } from './users.seed.js';
import { nowMs } from '../../lib/clock.js';

const HOUR = 3_600_000;

/** Causes the downtime screens add to the orders seed's three; 'Power outage' also marks this seed as written. */
const CAUSES = [
  ['Power outage', 'Plant power supply interrupted.'],
  ['Compressor failure', 'High-pressure air compressor stopped; no blowing pressure.'],
] as const;

/** Stops over the last two weeks: [company, machine, hours ago it started, minutes, cause name or null]. */
const STOPS: [company: string, machine: string, hoursAgo: number, minutes: number, cause: string | null][] = [
  [NORDIC_SPRINGS, 'FB-101', 30, 35, 'Material shortage'],
  [NORDIC_SPRINGS, 'FB-102', 52, 95, 'Mould change'],
  [FJORD_WATER, 'FB-201', 75, 20, null],
  [AQUA_CONVERTERS, 'FB-301', 98, 140, 'Compressor failure'],
  [NORDIC_SPRINGS, 'FB-101', 121, 15, null],
  [FJORD_WATER, 'FB-201', 146, 60, 'Cleaning'],
  [AQUA_CONVERTERS, 'FB-301', 170, 25, 'Power outage'],
  [NORDIC_SPRINGS, 'FB-102', 194, 50, 'Cleaning'],
  [FJORD_WATER, 'FB-201', 220, 110, 'Mould change'],
  [AQUA_CONVERTERS, 'FB-301', 245, 40, null],
  [NORDIC_SPRINGS, 'FB-101', 268, 70, 'Power outage'],
  [FJORD_WATER, 'FB-201', 292, 30, 'Material shortage'],
];

/**
 * Demo data of the downtime screens beside the orders seed's causes and three stops: two more causes and a dozen
 * finished stops of the last two weeks on every converter's machines, a few without a cause (so 'Update cause' and
 * 'Inactivity cause' have something to do), enough for a second page of the history. Written once (false when the
 * 'Power outage' cause exists already, or when the orders seed has not run).
 */
export async function seedDowntime(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('downtime_causes').select(['id', 'cause_name']).execute();
  if (!existing.length || existing.some((cause) => cause.cause_name === CAUSES[0][0])) return false;
  const companies = await db.selectFrom('companies').select('id').where('id', 'in', [NORDIC_SPRINGS, FJORD_WATER, AQUA_CONVERTERS]).execute();
  if (companies.length !== 3) return false;
  await db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('downtime_causes')
      .values(CAUSES.map(([name, description]) => ({ cause_name: name, cause_description: description })))
      .returning(['id', 'cause_name'])
      .execute();
    const causes = new Map([...existing, ...added].map((cause) => [cause.cause_name, cause.id]));
    const now = nowMs();
    await trx
      .insertInto('downtime_history')
      .values(
        STOPS.map(([company, machine, hoursAgo, minutes, cause]) => {
          const start = new Date(now - hoursAgo * HOUR);
          return {
            company_id: company,
            machine_name: machine,
            cause_id: cause === null ? null : (causes.get(cause) ?? null),
            actual_date: start.toISOString().slice(0, 10),
            duration: minutes,
            target_start: start,
            target_end: new Date(start.getTime() + minutes * 60_000),
          };
        }),
      )
      .execute();
  });
  return true;
}
