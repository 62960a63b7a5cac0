import { sql, type Kysely } from 'kysely';

/**
 * The machine an order item is made on. A product names its machines in a list (`machine_names`), often several
 * (Nordic Springs' products name FB-101 and FB-102), so the product alone cannot say which machine makes which item:
 * a stopped machine's banner listed every open item of every product naming it, the same items on both machines. An
 * item planned on a machine names it here; null: not planned on one (its product's machine when it names only one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table client_production_order_items add column machine_name text check (length(machine_name) between 1 and 100)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table client_production_order_items drop column machine_name`.execute(db);
}
