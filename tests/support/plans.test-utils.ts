import { sql } from 'kysely';
import { createDb, type Db } from '../../api/src/db/database.js';

/** A statement the connection holds prepared, with how often PostgreSQL ran it with its generic or a custom plan. */
export interface PreparedOnConnection {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

/** What `read` answered on one connection under a `plan_cache_mode`, and the statements that connection prepared. */
export interface PlanModeAnswer<T> {
  answer: T;
  prepared: PreparedOnConnection[];
}

/**
 * Runs `read` twice, each time on a connection of its own (a pool of one): once with `plan_cache_mode =
 * force_custom_plan` and once with `force_generic_plan`, so that every named prepared statement it sends
 * (database.ts `executePrepared`) runs with a plan for its parameters and then with the plan for any parameters, the one
 * PostgreSQL switches to after five executions. A prepared statement must answer the same under both.
 */
export async function underEachPlanMode<T>(url: string, read: (db: Db) => Promise<T>): Promise<{ custom: PlanModeAnswer<T>; generic: PlanModeAnswer<T> }> {
  const run = async (mode: 'force_custom_plan' | 'force_generic_plan'): Promise<PlanModeAnswer<T>> => {
    const single = createDb(url, { max: 1 });
    try {
      await sql`select set_config('plan_cache_mode', ${mode}, false)`.execute(single);
      const answer = await read(single);
      const { rows } = await sql<PreparedOnConnection>`
        select statement, generic_plans::int as generic_plans, custom_plans::int as custom_plans
          from pg_prepared_statements where not from_sql order by statement`.execute(single);
      return { answer, prepared: rows };
    } finally {
      await single.destroy();
    }
  };
  return { custom: await run('force_custom_plan'), generic: await run('force_generic_plan') };
}
