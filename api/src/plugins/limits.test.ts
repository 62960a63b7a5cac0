/// <reference types="vite/client" />
/**
 * Every limit of parts 5 and 9 against the running API: the same boundary cases as the zod test
 * (tests/contract/limits.cases.ts). A value outside a limit answers 400 naming the field, before any
 * handler runs; a value inside is not refused for that field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.js';
import { as, createTestApp } from '../../../tests/support/app.js';
import { limitCases, withField } from '../../../tests/contract/limits.cases.js';
import { contractOperations, type ContractOperation } from '../lib/contract.js';

let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database.db);
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
for (const module of Object.values(zodModules) as Record<string, unknown>[]) {
  for (const [exportName, value] of Object.entries(module)) {
    const operation = byBodyName.get(exportName);
    if (operation) operationOf.set(value, operation);
  }
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
  return { status: response.statusCode, errors: (json.errors ?? []) as { field: string; code: string }[] };
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
    if (!operation) return; // a response schema: nothing to send
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
    if (!operation) return;
    for (const path of paths) {
      const response = await call(operation, withField(valid, path, undefined));
      expect(response.status, `${path} missing refused`).toBe(400);
      expect(namesField(response.errors, path), `${path} missing: ${JSON.stringify(response.errors)}`).toBe(true);
    }
  },
});
