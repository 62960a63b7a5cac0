import { sql, type Kysely } from 'kysely';

/**
 * The claim's 8D report, beside the three GP fields (its short form), in two jsonb columns:
 * - `eight_d`: the GP's texts of D0–D8 (D2 as its seven 5W2H answers). The report is read and written whole with its
 *   claim and never filtered, sorted or joined on, and D2 is nested: one object keeps the row narrow and adds no
 *   eighteen nullable columns to a table every claims list reads. The contract bounds every text (TypeSpec lengths,
 *   checked by ajv before the service runs); the checks here keep the shape and a total bound.
 * - `containment_trace`: D3's list as filled from the trace (who, when, the entries), a snapshot written only by the
 *   fill action — the trace grows as later production consumes the lot, the report keeps what containment covered.
 *   Apart from the texts because it is written by another path and is staff only (it names other clients).
 * Existing claims get an empty report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table claims
    add column eight_d jsonb not null default '{}'::jsonb
      constraint claims_eight_d check (jsonb_typeof(eight_d) = 'object' and octet_length(eight_d::text) <= 200000),
    add column containment_trace jsonb
      constraint claims_containment_trace check (containment_trace is null or jsonb_typeof(containment_trace) = 'object')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table claims drop column containment_trace, drop column eight_d`.execute(db);
}
