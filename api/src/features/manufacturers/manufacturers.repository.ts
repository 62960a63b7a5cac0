import type { Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ManufacturerTable } from '../../db/tables/manufacturers.js';
import { versionedUpdate } from '../../db/versioned-update.js';
import { paginate, type PaginationInput } from '../../lib/pagination.js';
import { containsPattern } from '../../lib/search.js';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ManufacturerRow {
  id: number;
  manufacturerName: string;
  defaultLeadTime: number;
  boxQtyPerTruck: number;
  version: number;
}

const toRow = (row: Selectable<ManufacturerTable>): ManufacturerRow => ({
  id: row.id,
  manufacturerName: row.manufacturer_name,
  defaultLeadTime: row.default_lead_time,
  boxQtyPerTruck: row.box_qty_per_truck,
  version: row.version,
});

const sortColumns = {
  manufacturerName: 'manufacturer_name',
  defaultLeadTime: 'default_lead_time',
  boxQtyPerTruck: 'box_qty_per_truck',
  id: 'id',
};

/** One page of manufacturers whose name contains `filter`, sorted and limited in SQL, and the total count. */
export async function findManufacturers(db: Executor, pagination: PaginationInput, filter?: string) {
  const pattern = containsPattern(filter);
  const matching = () => db.selectFrom('manufacturers').$if(pattern !== undefined, (query) => query.where('manufacturer_name', 'ilike', pattern!));
  const [rows, total] = await Promise.all([
    paginate(matching().selectAll(), pagination, sortColumns, {
      sortBy: 'manufacturerName',
      descending: false,
      tieBreaker: 'id',
    }).execute(),
    matching().select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), count: total.count };
}

export async function insertManufacturer(db: Executor, values: Omit<ManufacturerRow, 'id' | 'version'>) {
  const row = await db
    .insertInto('manufacturers')
    .values({
      manufacturer_name: values.manufacturerName,
      default_lead_time: values.defaultLeadTime,
      box_qty_per_truck: values.boxQtyPerTruck,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** Updates only when `version` is still the stored one; returns undefined otherwise. */
export async function updateManufacturer(db: Executor, id: number, version: number, values: Omit<ManufacturerRow, 'id' | 'version'>) {
  const row = await versionedUpdate(db, 'manufacturers', version, {
    manufacturer_name: values.manufacturerName,
    default_lead_time: values.defaultLeadTime,
    box_qty_per_truck: values.boxQtyPerTruck,
  })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toRow(row);
}

export async function manufacturerExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('manufacturers').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
