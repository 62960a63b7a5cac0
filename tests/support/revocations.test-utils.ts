import pg from 'pg';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { REVOCATIONS_LISTENER } from '../../api/src/plugins/revocations.js';
import type { TestDatabase } from './db.test-utils.js';

/**
 * Whether `condition` holds within `timeoutMs`, asked again every 10 ms: a bounded wait for something another
 * connection or a timer brings about, never a fixed sleep.
 */
export async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    if (await condition()) return true;
    if (performance.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Ends every revocation listener on the test database from the server's side (`pg_terminate_backend`); how many. */
export async function cutRevocationListeners(database: TestDatabase): Promise<number> {
  const name = (await sql<{ name: string }>`select current_database() as name`.execute(database.db)).rows[0].name;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ cut: boolean }>(
      'select pg_terminate_backend(pid) as cut from pg_stat_activity where datname = $1 and application_name = $2',
      [name, REVOCATIONS_LISTENER],
    );
    return rows.filter((row) => row.cut).length;
  } finally {
    await admin.end();
  }
}
