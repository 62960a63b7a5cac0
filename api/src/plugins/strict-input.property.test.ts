/**
 * Property-based, over every operation that takes a JSON body, called as a role it allows: bodies
 * generated from the contract's request schema — valid ones, then broken ones (a field removed, a wrong
 * type, a number out of bounds, an over-long string, a control character, extra nesting). No answer is
 * ever a 5xx, and a refused (4xx) request writes no row. Fixed seed, bounded runs: the same requests on
 * every run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { createTestApp } from '../../../tests/support/app.test-utils.js';
import { arbitraryOf, brokenArbitrary, callAsAllowed, jsonBodyOperations, prepareMachineCaller } from '../../../tests/support/contract-bodies.test-utils.js';
import { rowCounts } from '../../../tests/support/tables.test-utils.js';

const SEED = 20261123;
const VALID_RUNS = 6;
const BROKEN_RUNS = 12;

let database: TestDatabase;
let app: FastifyInstance;
const tally = { tried: 0, serverErrors: [] as string[] };
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  await prepareMachineCaller(app);
});
afterAll(async () => {
  console.info(`strict-input property test: ${tally.tried} requests tried, ${tally.serverErrors.length} answered 5xx`);
  for (const line of tally.serverErrors.slice(0, 20)) console.info(`  5xx: ${line}`);
  await app?.close();
  await database?.drop();
});

describe.each(jsonBodyOperations().map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s', (label, operation) => {
  // Every generated request runs (none stops the others); what went wrong is listed, then asserted empty.
  const problems: string[] = [];
  // The counts after a refused request are the counts before the next one; an accepted request may have written.
  let counted: Record<string, number> | undefined;
  async function send(body: unknown, what: string) {
    const before = counted ?? (await rowCounts(database.db));
    counted = undefined;
    const response = await callAsAllowed(app, operation, { body });
    tally.tried += 1;
    if (response.statusCode >= 500) {
      tally.serverErrors.push(`${label} ${what} → ${response.statusCode}`);
      problems.push(`${what} → ${response.statusCode} ${response.body}`);
    } else if (response.statusCode >= 400) {
      if (!String(response.headers['content-type']).includes('application/problem+json')) problems.push(`${what} → ${response.statusCode} without a problem document`);
      const after = await rowCounts(database.db);
      if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${what} was refused (${response.statusCode}) but wrote rows`);
      else counted = after;
    }
  }

  it('valid bodies from the contract never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(arbitraryOf(operation.schema), (body) => send(body, `valid ${JSON.stringify(body).slice(0, 200)}`)),
      { seed: SEED, numRuns: VALID_RUNS },
    );
    expect(problems).toEqual([]);
  });

  it('broken bodies answer 4xx (never 5xx) and write nothing', async () => {
    await fc.assert(
      fc.asyncProperty(brokenArbitrary(operation.schema), ({ breakage, path, body }) =>
        send(body, `${breakage} at ${path}: ${JSON.stringify(body)?.slice(0, 200)}`),
      ),
      { seed: SEED, numRuns: BROKEN_RUNS },
    );
    expect(problems).toEqual([]);
  });
});
