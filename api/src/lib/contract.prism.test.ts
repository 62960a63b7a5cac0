import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/db.test-utils.js';
import { createTestApp, tokenFor } from '../../../tests/support/app.test-utils.js';
import { contractCalls, multipartExample, type ContractCall } from '../../../tests/support/contract-calls.test-utils.js';
import { seedDemoData } from '../db/seed/index.js';
import { DEMO_USERS } from '../db/seed/users.seed.js';
import { freePort } from '../db/embedded.js';
import { newMachineToken } from '../features/machines/machines.credentials.js';
import type { Role } from './roles.js';

/**
 * The real API behind Prism's validating proxy (`prism proxy generated/openapi.yaml <api> --errors`): one valid call
 * of every operation goes through it, and Prism, a validator of its own, must find nothing wrong with the request or
 * the answer. ajv in the API and orval's zod in the web app read the same document; this keeps a third reader
 * agreeing with them (a `Model | null` property once read as "never null" by Prism). On the demo data, so answers
 * carry real rows, the nulls among them.
 */
const root = path.resolve(import.meta.dirname, '../../..');
let database: TestDatabase;
let app: FastifyInstance;
let prism: ChildProcess;
let prismLog = '';
let base: string;
/** A machine credential's token, for the one operation machines call. */
let machineToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, { info: () => undefined });
  const credential = newMachineToken();
  machineToken = credential.token;
  await database.db
    .insertInto('machine_credentials')
    .values({ name: 'Prism collector', token_hash: credential.hash, token_hint: credential.hint, created_by: 'test' })
    .execute();
  app = await createTestApp(database.db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const upstream = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  prism = spawn(path.join(root, 'node_modules/.bin/prism'), ['proxy', '-h', '127.0.0.1', '-p', String(port), '--errors', 'generated/openapi.yaml', upstream], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (prismLog = (prismLog + chunk.toString()).slice(-20_000));
  prism.stdout!.on('data', keep);
  prism.stderr!.on('data', keep);
  for (let attempt = 0; attempt < 300; attempt++) {
    if (prism.exitCode !== null) break;
    try {
      await fetch(`${base}/healthz`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`Prism did not start:\n${prismLog}`);
}, 120_000);

afterAll(async () => {
  prism?.kill();
  await app?.close();
  await database?.drop();
});

/** Demo users as callers, so client-face answers carry the company's rows. */
const demo = (username: string) => DEMO_USERS.find((user) => user.username === username)!;
const tokenOf = async (role: Role) => {
  if (role === 'machine') return machineToken;
  const user = demo(role);
  return tokenFor({
    sub: user.id,
    roles: user.roles,
    realm: user.realmRoles,
    ...(user.companyId ? { companyId: user.companyId } : {}),
    name: `${user.firstName} ${user.lastName}`,
  });
};

interface Through {
  status: number;
  violations: unknown[];
  body: unknown;
}

/** One call through Prism; `violations` is what Prism found in the request and the answer. */
async function throughPrism(call: ContractCall, role: Role, body?: unknown): Promise<Through> {
  const url = base + call.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'role' ? role : '1'));
  const headers: Record<string, string> = { authorization: `Bearer ${await tokenOf(role)}` };
  let payload: Buffer | string | undefined;
  if (call.bodyType === 'multipart/form-data') {
    const form = multipartExample(call.bodySchema);
    payload = form.payload;
    headers['content-type'] = form.contentType;
  } else if (call.bodyType) {
    payload = JSON.stringify(body ?? call.example());
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(url, { method: call.method, headers, body: payload });
  const text = await response.text();
  const json = /json/.test(response.headers.get('content-type') ?? '') && text ? (JSON.parse(text) as Record<string, unknown>) : null;
  const header = response.headers.get('sl-violations');
  const violations: unknown[] = header ? [header.startsWith('Too many') ? header : JSON.parse(header)].flat() : [];
  // With --errors Prism answers a violation itself, as a problem of its own.
  if (typeof json?.type === 'string' && json.type.includes('stoplight.io/prism')) violations.push(json);
  return { status: response.status, violations, body: json ?? text.slice(0, 200) };
}

const calls = contractCalls();
const byId = (operationId: string) => calls.find((call) => call.operationId === operationId)!;
/** The role a call is made as: a client face when it has one (the demo's client companies hold the rows). */
const roleOf = (call: ContractCall): Role => (['client', 'buyer', 'seller', 'admin', 'operator', 'accountant', 'machine'] as Role[]).find((role) => call.roles.includes(role))!;

describe('Prism validating proxy in front of the API', () => {
  it('reads a `Model | null` property that is null as the contract means it', async () => {
    // The supply plan of the demo has green rows (suggestion null); a claim's 8D is not filled from the trace; a
    // production record saved without lots is unlotted (lot null).
    const plan = await throughPrism(byId('AdminSupply_getSupplyPlan'), 'admin', { pagination: { page: 1, rowsPerPage: 100 } });
    expect(plan.violations).toEqual([]);
    expect((plan.body as { rows: { suggestion: unknown }[] }).rows.some((row) => row.suggestion === null)).toBe(true);

    const claim = await database.db.selectFrom('claims').select('id').orderBy('id').executeTakeFirstOrThrow();
    const got = await throughPrism(byId('AdminClaims_getClaim'), 'admin', { id: claim.id });
    expect(got.violations).toEqual([]);
    expect((got.body as { eightD: { containmentFromTrace: unknown } }).eightD.containmentFromTrace).toBeNull();

    const entry = await database.db.selectFrom('produced_entries').select('id').where('quantity', '>', 0).orderBy('id').executeTakeFirstOrThrow();
    const saved = await throughPrism(byId('AdminLots_saveProductionLots'), 'admin', { producedEntryId: entry.id, lots: [] });
    expect(saved.violations).toEqual([]);
    expect(saved.status).toBe(200);
    expect((saved.body as { lots: { lot: unknown }[] }).lots).toEqual([expect.objectContaining({ lot: null })]);
  });

  it('finds no violation in the request or the answer of one valid call of every operation', async () => {
    const found: { operationId: string; status: number; violations: unknown[] }[] = [];
    for (const call of calls) {
      const { status, violations } = await throughPrism(call, roleOf(call));
      if (violations.length) found.push({ operationId: call.operationId, status, violations });
    }
    expect(found).toEqual([]);
    expect(calls.length).toBeGreaterThanOrEqual(83);
  });
});
