import type { Logger } from 'pino';
import type { Db } from '../database.js';
import { seedClaims } from './claims.seed.js';
import { seedClientInventory } from './client-inventory.seed.js';
import { seedDowntime } from './downtime.seed.js';
import { seedInvoicesAndPlans } from './invoices.seed.js';
import { seedLots } from './lots.seed.js';
import { seedMachineEvents } from './machines.seed.js';
import { seedManufacturers } from './manufacturers.seed.js';
import { seedOrders, seedProducedEntries } from './orders.seed.js';
import { seedPlanner } from './planner.seed.js';
import { seedStockHistory } from './stock-history.seed.js';
import { seedSupply } from './supply.seed.js';
import { seedUsers } from './users.seed.js';

/**
 * Demo data, written once: each part checks whether its data is there, so a restart seeds nothing twice.
 * Features add their seed functions here, in dependency order.
 */
export async function seedDemoData(db: Db, log: Pick<Logger, 'info'>): Promise<void> {
  const seeded: string[] = [];
  if (await seedUsers(db)) seeded.push('users');
  if (await seedManufacturers(db)) seeded.push('manufacturers');
  if (await seedSupply(db)) seeded.push('supply');
  if (await seedOrders(db)) seeded.push('orders');
  if (await seedInvoicesAndPlans(db)) seeded.push('invoices and forecasts');
  if (await seedClaims(db)) seeded.push('claims');
  if (await seedDowntime(db)) seeded.push('downtime');
  if (await seedClientInventory(db)) seeded.push('client inventory');
  if (await seedPlanner(db)) seeded.push('planner and statistics');
  if (await seedProducedEntries(db)) seeded.push('produced entries');
  if (await seedStockHistory(db)) seeded.push('stock history');
  if (await seedLots(db)) seeded.push('preform lots');
  if (await seedMachineEvents(db)) seeded.push('machine events');
  if (seeded.length) log.info({ seeded }, 'demo data seeded');
}
