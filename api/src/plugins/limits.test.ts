/// <reference types="vite/client" />
/**
 * Every limit of parts 5 and 9 against the running API: the same boundary cases as the zod test
 * (tests/contract/limits.cases.ts). A value outside a limit answers 400 naming the field, before any
 * handler runs; a value inside is not refused for that field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { as, createTestApp } from '../../../tests/support/app.test-utils.js';
import { limitCases, withField } from '../../../tests/contract/limits.cases.js';
import { contractOperations, type ContractOperation } from '../lib/contract.js';
import { contractCalls } from '../../../tests/support/contract-calls.test-utils.js';
import { createCompany } from '../../../tests/support/factories/companies.test-utils.js';
import { makeOrderItem, makePreform, makeProduct, makeProductionOrder, makeWarehouse } from '../features/supply/supply.fixtures.js';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
  // A product of the client's company with items due on days of every fill-rate bucket (March 2026, the example's
  // month), so the answers whose limits are checked below carry values, not empty lists.
  const companyId = await createCompany(database.db, 'company-a');
  const preform = await makePreform(database.db);
  const productId = await makeProduct(database.db, { companyId, preformId: preform.id, warehouseId: await makeWarehouse(database.db), supplyId: preform.supplyIds[0]! });
  const orderId = await makeProductionOrder(database.db, { companyId });
  for (const [day, produced] of [['2026-03-09', 7_999], ['2026-03-10', 8_000], ['2026-03-11', 9_500]] as const) {
    await makeOrderItem(database.db, { orderId, productId, planned: 10_000, produced, dueDate: day });
  }
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

// Which operation a generated request schema belongs to: orval names it camelCase(operationId) + 'Body'.
const zodModules = import.meta.glob<Record<string, unknown>>('../../../generated/web/zod/**/*.zod.ts', { eager: true });
const byBodyName = new Map<string, ContractOperation>(
  contractOperations().map((operation) => {
    const name = operation.operationId.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
    return [`${name[0].toLowerCase()}${name.slice(1)}Body`, operation] as const;
  }),
);
const operationOf = new Map<unknown, ContractOperation>();
/** Response schemas (camelCase(operationId) + 'Response'): a limit of what the API answers. */
const answerOf = new Map<unknown, ContractOperation>();
for (const module of Object.values(zodModules) as Record<string, unknown>[]) {
  for (const [exportName, value] of Object.entries(module)) {
    const operation = byBodyName.get(exportName);
    if (operation) operationOf.set(value, operation);
    const answered = byBodyName.get(exportName.replace(/Response$/, 'Body'));
    if (exportName.endsWith('Response') && answered) answerOf.set(value, answered);
  }
}
const examples = new Map(contractCalls().map((entry) => [entry.operationId, entry.example()]));

/** The values at a dotted path, a number segment meaning "every entry" of that array. */
function valuesAt(value: unknown, path: string[]): unknown[] {
  if (path.length === 0) return [value];
  const [head, ...rest] = path;
  if (/^\d+$/.test(head!)) return Array.isArray(value) ? value.flatMap((entry) => valuesAt(entry, rest)) : [];
  return value && typeof value === 'object' && head! in value ? valuesAt((value as Record<string, unknown>)[head!], rest) : [];
}

const tokens: Record<string, () => Promise<string>> = {
  admin: as.admin,
  operator: as.operator,
  accountant: as.accountant,
  client: () => as.client(),
  buyer: () => as.buyer(),
  seller: () => as.seller(),
};

async function call(operation: ContractOperation, body: unknown) {
  const role = operation.roles.find((candidate) => candidate in tokens)!;
  const response = await app.inject({
    method: operation.method as 'POST',
    url: operation.path.replace('{role}', role).replace(/\{\w+\}/g, '1'),
    headers: { authorization: `Bearer ${await tokens[role]()}` },
    payload: body as object,
  });
  const json = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : {};
  return { status: response.statusCode, errors: (json.errors ?? []) as { field: string; code: string }[], json: json as unknown };
}

// The contract's own checks (ajv keywords); services add rule codes of their own (e.g. unknownManufacturer),
// which say a referenced record is missing, not that the value is outside the contract's limits.
const CONTRACT_CODES = new Set(['required', 'type', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'enum', 'const', 'minItems', 'maxItems', 'anyOf', 'oneOf', 'additionalProperties']);

/** The contract refused `path` itself (not some other field, and not a business rule). */
const namesField = (errors: { field: string; code: string }[], path: string) =>
  errors.some((error) => CONTRACT_CODES.has(error.code) && (error.field === path || error.field.startsWith(`${path}.`)));

limitCases({
  describe,
  it,
  field: async (schema: ZodType, valid: unknown, path: string, ok: unknown[], bad: unknown[]) => {
    const operation = operationOf.get(schema);
    if (!operation) {
      // A limit of an answer: what the API really answers (to the contract's example request) keeps it, with values there.
      const answered = answerOf.get(schema);
      expect(answered, `${path}: its schema is neither a request body nor an answer of a contract operation`).toBeDefined();
      const response = await call(answered!, examples.get(answered!.operationId));
      expect(response.status).toBe(200);
      const values = valuesAt(response.json, path.split('.'));
      expect(values.flat().length, `${path} has values in the answer`).toBeGreaterThan(0);
      expect(schema.safeParse(response.json).error?.issues ?? []).toEqual([]);
      return;
    }
    for (const value of ok) {
      const response = await call(operation, withField(valid, path, value));
      expect(response.status === 400 && namesField(response.errors, path), `${path} = ${JSON.stringify(value)} accepted`).toBe(false);
    }
    for (const value of bad) {
      const response = await call(operation, withField(valid, path, value));
      expect(response.status, `${path} = ${JSON.stringify(value)} refused`).toBe(400);
      expect(namesField(response.errors, path), `${path} = ${JSON.stringify(value)}: ${JSON.stringify(response.errors)}`).toBe(true);
    }
  },
  required: async (schema: ZodType, valid: unknown, paths: string[]) => {
    const operation = operationOf.get(schema);
    expect(operation, `${paths.join(', ')}: not a request body of a contract operation`).toBeDefined();
    for (const path of paths) {
      const response = await call(operation!, withField(valid, path, undefined));
      expect(response.status, `${path} missing refused`).toBe(400);
      expect(namesField(response.errors, path), `${path} missing: ${JSON.stringify(response.errors)}`).toBe(true);
    }
  },
});
