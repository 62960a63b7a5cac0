/**
 * Every limit of parts 5 and 9 against the zod schemas orval generates from the contract (the schemas the web
 * forms use). The same cases run against the API in api/src/plugins/limits.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { accepts, limitCases, withField } from './limits.cases.js';

limitCases({
  describe,
  it,
  field: async (schema: ZodType, valid: unknown, path: string, ok: unknown[], bad: unknown[]) => {
    expect(accepts(schema, valid), 'the valid body itself').toBe(true);
    for (const value of ok) expect(accepts(schema, withField(valid, path, value)), `${path} = ${JSON.stringify(value)} accepted`).toBe(true);
    for (const value of bad) expect(accepts(schema, withField(valid, path, value)), `${path} = ${JSON.stringify(value)} refused`).toBe(false);
  },
  required: async (schema: ZodType, valid: unknown, paths: string[]) => {
    expect(accepts(schema, valid)).toBe(true);
    for (const path of paths) expect(accepts(schema, withField(valid, path, undefined)), `${path} missing refused`).toBe(false);
  },
});
