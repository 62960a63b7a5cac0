/**
 * Request bodies generated from the contract (generated/openapi.json): a fast-check arbitrary of valid
 * bodies per operation's JSON schema, broken variants of them, and the database's row counts to prove a
 * refused request wrote nothing. Used by the strict-input tests.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { contractOperations, loadContract, type ContractOperation } from '../../api/src/lib/contract.js';
import { newMachineToken } from '../../api/src/features/machines/machines.credentials.js';
import { as, type TokenLife } from './app.test-utils.js';

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

const document = loadContract() as unknown as {
  components: { schemas: Record<string, Schema> };
  paths: Record<
    string,
    Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: Schema }> }; responses?: Record<string, { content?: Record<string, unknown> }> }>
  >;
};

/**
 * An operation that answers a server-sent event stream keeps it open for the seconds its body asks for, or until the
 * caller's token expires: the injected call ends when the stream does. Its caller's token expires within a second.
 */
const STREAM_TOKEN_LIFE: TokenLife = { expiresIn: '1s' };
const answersStream = (operation: ContractOperation) =>
  Boolean(document.paths[operation.path][operation.method.toLowerCase()].responses?.['200']?.content?.['text/event-stream']);

/** A schema with its `$ref` and `allOf` folded into one object (enough for this contract's shapes). */
export function resolve(schema: Schema): Schema {
  if (schema.$ref) {
    const { $ref, ...rest } = schema;
    return resolve({ ...document.components.schemas[$ref.split('/').pop()!], ...rest });
  }
  if (schema.allOf) {
    const { allOf, ...rest } = schema;
    return allOf.map(resolve).reduce<Schema>(
      (merged, part) => ({
        ...merged,
        ...part,
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      }),
      rest,
    );
  }
  return schema;
}

export interface BodyOperation extends ContractOperation {
  schema: Schema;
}

/** Every operation that takes a JSON body, with the body's schema. */
export function jsonBodyOperations(): BodyOperation[] {
  return contractOperations().flatMap((operation) => {
    const content = document.paths[operation.path][operation.method.toLowerCase()].requestBody?.content;
    const schema = content?.['application/json']?.schema;
    return schema ? [{ ...operation, schema }] : [];
  });
}

/** Every operation whose body is multipart (the upload). */
export function multipartOperations(): ContractOperation[] {
  return contractOperations().filter(
    (operation) => document.paths[operation.path][operation.method.toLowerCase()].requestBody?.content['multipart/form-data'],
  );
}

const safeChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,äöüÅ€'.split(''));
const SMALL = 1_000_000;

function day(offset: number): string {
  return new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Valid values of a schema: inside every bound, pattern, format and enum. */
export function arbitraryOf(input: Schema): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  const value = valueArbitrary(schema);
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

function valueArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf ?? schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf)!.map(arbitraryOf));
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, arbitraryOf(property)]));
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(arbitraryOf(schema.items ?? {}), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? -SMALL, -SMALL);
      // Ids and versions: small numbers, so some requests name rows that exist.
      const max = Math.min(schema.maximum ?? SMALL, min >= 0 && schema.maximum === undefined ? min + 5 : SMALL);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number': {
      const min = Math.max(schema.minimum ?? -SMALL, -SMALL);
      const max = Math.min(schema.maximum ?? SMALL, SMALL);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100).filter((n) => n >= min && n <= max);
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema);
    default:
      return fc.constant({});
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'date') return fc.integer({ min: -400, max: 400 }).map(day);
  if (schema.format === 'date-time') return fc.integer({ min: -400, max: 400 }).map((offset) => `${day(offset)}T08:30:00.000Z`);
  if (schema.format === 'email') return fc.constantFrom('billing@example.com', 'a.b@nordic.example');
  if (schema.format === 'binary') return fc.constant('x');
  if (schema.pattern && schema.pattern !== '\\S') return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = Math.max(schema.minLength ?? 0, schema.pattern === '\\S' ? 1 : 0);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const text = fc.string({ unit: safeChar, minLength, maxLength });
  return schema.pattern === '\\S' ? text.map((s) => `x${s.slice(1)}`) : text;
}

/** A JSON path to a value inside a body: object keys and array indexes. */
type PathStep = string | number;

export function leafPaths(value: unknown, prefix: PathStep[] = []): PathStep[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((item, index) => leafPaths(item, [...prefix, index]))];
  if (value && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  return [prefix];
}

function getAt(value: unknown, path: PathStep[]): unknown {
  return path.reduce<unknown>((current, step) => (current as Record<PathStep, unknown>)?.[step], value);
}

function setAt(value: unknown, path: PathStep[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<PathStep, unknown>;
  const parent = getAt(copy, path.slice(0, -1)) as Record<PathStep, unknown>;
  parent[path[path.length - 1]] = replacement;
  return copy;
}

function removeAt(value: unknown, path: PathStep[]): unknown {
  if (path.length === 0) return undefined;
  const copy = structuredClone(value) as Record<PathStep, unknown>;
  const parent = getAt(copy, path.slice(0, -1));
  const last = path[path.length - 1];
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete (parent as Record<PathStep, unknown>)[last];
  return copy;
}

/** C0 and C1 control characters (NUL included) that no text field takes; tab, LF and CR are allowed. */
export const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];

export type Breakage = 'remove' | 'wrongType' | 'outOfBounds' | 'overLong' | 'control' | 'nesting';

/** A body broken in one place: a field removed, a wrong type, a number out of bounds, an over-long string, a control character, extra nesting. */
export function brokenArbitrary(schema: Schema): fc.Arbitrary<{ breakage: Breakage; path: string; body: unknown }> {
  return fc
    .tuple(
      arbitraryOf(schema),
      fc.constantFrom<Breakage>('remove', 'wrongType', 'outOfBounds', 'overLong', 'control', 'nesting'),
      fc.nat(),
      fc.nat(),
    )
    .map(([valid, breakage, pick, variant]) => {
      const paths = leafPaths(valid);
      const path = paths[pick % paths.length];
      const current = getAt(valid, path);
      const label = path.join('.') || '(body)';
      switch (breakage) {
        case 'remove':
          return { breakage, path: label, body: removeAt(valid, path) };
        case 'wrongType': {
          const others: unknown[] = [[], {}, 'text', 12, true, null].filter((other) => typeof other !== typeof current || Array.isArray(other) !== Array.isArray(current));
          return { breakage, path: label, body: setAt(valid, path, others[variant % others.length]) };
        }
        case 'outOfBounds': {
          const numbers = [2 ** 31, -(2 ** 31) - 1, 1e15, -1e15, 1e308, 0.5];
          return { breakage, path: label, body: setAt(valid, path, numbers[variant % numbers.length]) };
        }
        case 'overLong':
          return { breakage, path: label, body: setAt(valid, path, 'x'.repeat(20_000)) };
        case 'control': {
          const character = CONTROL_CHARACTERS[variant % CONTROL_CHARACTERS.length];
          return { breakage, path: label, body: setAt(valid, path, `a${character}b${typeof current === 'string' ? current : ''}`) };
        }
        case 'nesting':
          return { breakage, path: label, body: setAt(valid, path, { nested: { deeper: [current, [current]] } }) };
      }
    });
}

/** The path of the first string in a valid body, preferring free text (no format, enum or pattern). */
export function firstTextPath(schema: Schema, prefix: PathStep[] = []): { path: PathStep[]; free: boolean } | undefined {
  const resolved = resolve(schema);
  if (resolved.type === 'string') return { path: prefix, free: !resolved.format && !resolved.enum && !resolved.pattern };
  let fallback: { path: PathStep[]; free: boolean } | undefined;
  const children: [PathStep, Schema][] =
    resolved.type === 'array' && resolved.items ? [[0, resolved.items]] : Object.entries(resolved.properties ?? {});
  for (const [step, child] of children) {
    const found = firstTextPath(child, [...prefix, step]);
    if (found?.free) return found;
    fallback ??= found;
  }
  return fallback;
}

/** A valid body with `text` written at `path` (objects and one-item arrays made on the way). */
export function bodyWithText(schema: Schema, path: PathStep[], text: string, seed = 1): unknown {
  const [valid] = fc.sample(arbitraryOf(schema), { seed, numRuns: 1 });
  let body = valid as Record<PathStep, unknown>;
  let cursor: Record<PathStep, unknown> = (body ??= {});
  path.forEach((step, index) => {
    if (index === path.length - 1) cursor[step] = text;
    else {
      cursor[step] ??= typeof path[index + 1] === 'number' ? [] : {};
      cursor = cursor[step] as Record<PathStep, unknown>;
    }
  });
  return body;
}

const tokens: Record<string, (life: TokenLife) => Promise<string>> = {
  admin: (life) => as.admin(life),
  operator: (life) => as.operator(life),
  accountant: (life) => as.accountant(life),
  client: (life) => as.client(undefined, life),
  buyer: (life) => as.buyer(undefined, life),
  seller: (life) => as.seller(undefined, life),
};

/** Issue 15: the machine credential of each app, made by `prepareMachineCaller` before the file's calls (a write). */
const machineTokens = new WeakMap<FastifyInstance, string>();

/** Makes a machine credential for `app`, so that `callAsAllowed` can call the operations only a machine may call. */
export async function prepareMachineCaller(app: FastifyInstance): Promise<void> {
  const credential = newMachineToken();
  await app.db
    .insertInto('machine_credentials')
    .values({ id: 1000, name: 'Contract bodies', token_hash: credential.hash, token_hint: credential.hint, created_by: 'test' })
    .execute();
  machineTokens.set(app, credential.token);
}

const tokenOf = async (app: FastifyInstance, role: string, life: TokenLife) => {
  if (role !== 'machine') return tokens[role]!(life);
  const token = machineTokens.get(app);
  if (!token) throw new Error('call prepareMachineCaller(app) in beforeAll: this operation is for machine credentials only');
  return token;
};

/** An allowed role's request to an operation; `payload` is sent as JSON text unless `raw` is given. */
export async function callAsAllowed(
  app: FastifyInstance,
  operation: ContractOperation,
  request: { body?: unknown; raw?: string; contentType?: string },
) {
  const role = operation.roles.find((candidate) => candidate in tokens || candidate === 'machine')!;
  const payload = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const response = await app.inject({
    method: operation.method as 'POST',
    url: operation.path.replace('{role}', role).replace(/\{\w+\}/g, '1'),
    headers: {
      authorization: `Bearer ${await tokenOf(app, role, answersStream(operation) ? STREAM_TOKEN_LIFE : {})}`,
      ...(payload === undefined ? {} : { 'content-type': request.contentType ?? 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
  return response;
}
