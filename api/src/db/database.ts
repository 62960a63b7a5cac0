import { Kysely, PostgresDialect } from 'kysely';
import type { ClaimTables } from './tables/claims.js';
import type { ClientInventoryTables } from './tables/client-inventory.js';
import type { CoreTables } from './tables/core.js';
import type { IdentityTables } from './tables/identity.js';
import type { InvoiceTables } from './tables/invoices.js';
import type { OrdersTables } from './tables/orders.js';
import type { PlannerTables } from './tables/planner.js';
import type { SecurityTables } from './tables/security.js';
import type { SupplyTables } from './tables/supply.js';
import pg from 'pg';

// numeric and bigint come back as strings by default; the portal's quantities fit a JS number exactly
// (below 2^53), so they are parsed as numbers. `date` columns stay YYYY-MM-DD strings, as on the wire.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** Every table of the portal: each feature declares its tables in tables/<feature>.ts and a migration. */
export interface Database extends CoreTables, IdentityTables, SupplyTables, InvoiceTables, OrdersTables, ClaimTables, ClientInventoryTables, PlannerTables, SecurityTables {}

export type Db = Kysely<Database>;

/**
 * A Kysely instance on a pg pool. The pool reconnects by itself: after a PostgreSQL restart the next
 * query opens a new connection, so the API survives it without a restart.
 */
export function createDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its server (restart) emits 'error'; without a listener Node would exit.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
