import { sql, type Kysely } from 'kysely';

/**
 * The OEE's coverage needs, of a machine's state events, only where the state turns known or unknown: its
 * deaths ('unknown', from the MQTT bridge) and the first running or stopped event after each. Found through the
 * states index, the deaths of a period meant reading every state event of it (thousands a month for a collector that
 * reports every few minutes); this index holds the deaths alone, a few rows per machine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index machine_events_unknown on machine_events (company_id, machine_name, at, event_id) where kind = 'unknown'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index machine_events_unknown`.execute(db);
}
