/**
 * Generated from the contract: every operation that takes a body, called as a role it allows, with no
 * body, a body of the wrong JSON type, and a body with a NUL (or another control character) in a text
 * field answers 400 with a problem document — never a 5xx — and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.js';
import { createTestApp } from '../../../tests/support/app.js';
import {
  bodyWithText,
  callAsAllowed,
  CONTROL_CHARACTERS,
  firstTextPath,
  jsonBodyOperations,
  multipartOperations,
  prepareMachineCaller,
} from '../../../tests/support/contract-bodies.js';
import { rowCounts } from '../../../tests/support/tables.js';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  // Every operation a dozen times as one caller per role: more than a person's budget of a minute, which is not
  // what this file tests.
  app = await createTestApp(database.db, { RATE_LIMIT_API_PER_MINUTE: '100000' });
  await prepareMachineCaller(app);
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

type Response = Awaited<ReturnType<typeof callAsAllowed>>;

function expectBadRequest(response: Response) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
}

const operations = jsonBodyOperations();

describe.each(operations.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s', (_label, operation) => {
  it('answers 400 to no body, to a body that is not an object, and to control characters in text; writes nothing', async () => {
    const before = await rowCounts(database.db);

    expectBadRequest(await callAsAllowed(app, operation, {}));
    expectBadRequest(await callAsAllowed(app, operation, { raw: '' }));
    for (const wrong of ['[]', '"text"', '42', 'null', 'true', '[{}]']) {
      const response = await callAsAllowed(app, operation, { raw: wrong });
      expectBadRequest(response);
      expect(response.json().errors, wrong).toEqual([expect.objectContaining({ field: '', code: 'type' })]);
    }

    // The body's first text field; a body without one gets an unknown `note` (control characters are
    // refused anywhere in a body, before unknown properties are removed).
    const text = firstTextPath(operation.schema) ?? { path: ['note'] };
    for (const character of ['\u0000', ...CONTROL_CHARACTERS.slice(1, 4)]) {
      const response = await callAsAllowed(app, operation, { body: bodyWithText(operation.schema, text.path, `A${character}B`) });
      expectBadRequest(response);
      expect(response.json().errors, JSON.stringify(character)).toContainEqual(
        expect.objectContaining({ field: text.path.join('.'), code: 'controlCharacter' }),
      );
    }

    expect(await rowCounts(database.db)).toEqual(before);
  });
});

describe.each(multipartOperations().map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s (multipart)', (_label, operation) => {
  it('answers 400 to no body and to a JSON body; writes nothing', async () => {
    const before = await rowCounts(database.db);
    expectBadRequest(await callAsAllowed(app, operation, {}));
    for (const wrong of ['[]', 'null', '{"file":"x"}']) {
      const response = await callAsAllowed(app, operation, { raw: wrong });
      expectBadRequest(response);
    }
    expect(await rowCounts(database.db)).toEqual(before);
  });
});

describe('text that may keep tab, line feed and carriage return', () => {
  it('a claim description with \\t \\n \\r passes the control-character check', async () => {
    const operation = operations.find((candidate) => candidate.operationId === 'ClientClaims_saveClaim')!;
    expect(operation).toBeDefined();
    const response = await callAsAllowed(app, operation, {
      body: { Claim: { description: 'Line one\r\n\tLine two\nthree', status: 'new' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).not.toContainEqual(expect.objectContaining({ code: 'controlCharacter' }));
  });
});
