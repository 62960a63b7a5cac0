import type { Db } from '../database.js';

/** Demo preform manufacturers; returns false when there already are some. */
export async function seedManufacturers(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('manufacturers').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db
    .insertInto('manufacturers')
    .values([
      { manufacturer_name: 'Retal Baltic Films', default_lead_time: 14, box_qty_per_truck: 26 },
      { manufacturer_name: 'Plastipak Iberia', default_lead_time: 21, box_qty_per_truck: 24 },
      { manufacturer_name: 'Alpla Preform Centre', default_lead_time: 10, box_qty_per_truck: 28 },
      { manufacturer_name: 'Resilux Polska', default_lead_time: 18, box_qty_per_truck: 26 },
    ])
    .execute();
  return true;
}
