import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../api/src/db/database.js';
import { contractOperations, type BodyOf, type OperationId, type PathParamsOf, type ResultOf } from '../../api/src/lib/contract.js';
import { as, createTestApp } from './app.test-utils.js';
import { createTestDatabase, type TestDatabase } from './db.test-utils.js';

/** Who calls: one of the named callers of `as`, or a token made with `tokenFor`. */
export type Caller = keyof typeof as | { token: string };

export interface Answer<T> {
  status: number;
  /** The result the operation documents for 200, or its problem document. */
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApp {
  /** The API, built before the file's first test (after `useTestApp` is called, its `beforeAll` hooks see it). */
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly db: Db;
  /**
   * Calls an operation by its contract operationId with a body of the contract's type, as `caller`; the method and path come
   * from the contract (its `{role}` and other path parameters from `params`), so a test names no URL.
   */
  post<Op extends OperationId>(
    operationId: Op,
    body: BodyOf<Op>,
    caller?: Caller,
    params?: PathParamsOf<Op> extends never ? never : PathParamsOf<Op>,
  ): Promise<Answer<ResultOf<Op> & Record<string, unknown>>>;
}

const paths = new Map(contractOperations().map((operation) => [operation.operationId, operation]));

/**
 * A test file's API on its own database: builds both before the file's tests and closes and drops them after.
 * Call it at the top of the file; the file's own `beforeAll` (seeding, tokens) runs after it.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database.db, env);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTestApp: the app is built in beforeAll; use it inside a hook or a test');
    return value;
  };
  const tokenOf = async (caller: Caller) => {
    if (typeof caller === 'object') return caller.token;
    const cached = tokens.get(caller) ?? (await as[caller]());
    tokens.set(caller, cached);
    return cached;
  };
  return {
    get app() {
      return ready(app);
    },
    get database() {
      return ready(database);
    },
    get db() {
      return ready(database).db;
    },
    async post(operationId, body, caller, params) {
      const operation = paths.get(operationId);
      if (!operation) throw new Error(`${operationId} is not an operation of the contract`);
      const url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
        const value = (params as Record<string, unknown> | undefined)?.[name];
        if (value === undefined) throw new Error(`${operationId} needs the path parameter ${name}`);
        return encodeURIComponent(String(value));
      });
      const response = await ready(app).inject({
        method: operation.method as 'POST',
        url,
        payload: body as object | undefined,
        headers: caller === undefined ? {} : { authorization: `Bearer ${await tokenOf(caller)}` },
      });
      const json = String(response.headers['content-type'] ?? '').includes('json');
      return { status: response.statusCode, body: (json ? response.json() : response.rawPayload) as never, headers: response.headers };
    },
  };
}
