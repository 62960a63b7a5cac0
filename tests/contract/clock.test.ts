import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The code reads the time from one clock module per side, which tests pin; eslint refuses the wall clock anywhere
 * else in api/src, web/src and the tests' support. This holds the rule itself: a service that reads `Date.now()` or
 * `new Date()` fails the lint, while the clock modules, a parsed date and elapsed time (performance.now) pass.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

const clockErrors = async (code: string, file: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').length;
};

// The first lint loads eslint's whole configuration, which takes seconds on a busy machine.
describe('one clock', { timeout: 60_000 }, () => {
  it.each([
    ['api/src/features/orders/orders.service.ts', 'export const stamp = () => Date.now();\n'],
    ['api/src/features/orders/orders.service.ts', 'export const stamp = () => new Date();\n'],
    ['web/src/features/orders/OrderEditPage.tsx', 'export const stamp = () => new Date();\n'],
    ['tests/e2e/client-orders.spec.ts', 'export const stamp = () => Date.now();\n'],
    ['tests/support/db.test-utils.ts', 'export const stamp = () => Date.now();\n'],
  ])('%s: reading the wall clock fails the lint', async (file, code) => {
    expect(await clockErrors(code, file)).toBe(1);
  });

  it.each([
    ['api/src/lib/clock.ts', 'export const stamp = () => Date.now();\n'],
    ['web/src/components/clock.ts', 'export const stamp = () => new Date();\n'],
    ['tests/e2e/clock.test-utils.ts', 'export const stamp = () => Date.now();\n'],
    ['api/src/features/orders/orders.service.ts', "export const day = () => new Date('2026-12-02T00:00:00Z');\n"],
    ['api/src/features/orders/orders.service.ts', 'export const elapsed = () => performance.now();\n'],
  ])('%s: the clock module, a given instant and elapsed time pass', async (file, code) => {
    expect(await clockErrors(code, file)).toBe(0);
  });
});
