import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { AppOptions } from '../../api/src/app.js';

/**
 * The routes' validators and serializers, compiled once per worker and shared by every app the worker builds: the tests
 * build an app per file (and the awkward instants one per date-sensitive file again), and compiling the contract's
 * schemas was most of an app's start. Keyed by the schema's JSON (with the compiler's options), so only an identical
 * schema shares a function; everything else about the app (its hooks, handlers, database) stays its own.
 */
const compiled = new Map<string, unknown>();

function once<T>(key: string, compile: () => T): T {
  if (!compiled.has(key)) compiled.set(key, compile());
  return compiled.get(key) as T;
}

/** A JSON.stringify replacer that writes an object met again (Ajv's options refer to themselves) as '[seen]'. */
function acyclic() {
  const seen = new WeakSet<object>();
  return (_key: string, value: unknown) => {
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value)) return '[seen]';
    seen.add(value);
    return value;
  };
}

type OnAjv = NonNullable<NonNullable<AppOptions['schemaCompilers']>['onAjv']>;
type Ajv = Parameters<OnAjv>[0];

const serializers = SerializerSelector();

export const sharedSchemaCompilers: NonNullable<AppOptions['schemaCompilers']> = {
  // Fastify's own validator compiler stays (it also prepares the headers' schemas); only Ajv's compile is shared.
  onAjv: (ajv: Ajv) => {
    const compile = ajv.compile.bind(ajv);
    const options = JSON.stringify(ajv.opts, acyclic());
    ajv.compile = ((schema: unknown, meta?: boolean) =>
      once(`validator ${options} ${meta} ${JSON.stringify(schema)}`, () => compile(schema as never, meta))) as typeof ajv.compile;
  },
  buildSerializer: (externalSchemas, options) => {
    const build = serializers(externalSchemas, options);
    const prefix = `serializer ${JSON.stringify(externalSchemas)} ${JSON.stringify(options)}`;
    return (route) => once(`${prefix} ${JSON.stringify(route.schema)}`, () => build(route));
  },
};

/**
 * fastify-openapi-glue validates the contract document and resolves its references every time an app registers it,
 * a quarter of a second per app. The worker's apps share the parsed routes instead, as they share the compiled
 * validators: Fastify normalises a route's schema once and marks it as done. The apps register the same document
 * (`loadContract` reads it once per process and freezes it), so the routes are kept per document object and parse
 * options. `parse` is the glue's one step from document to routes.
 */
const gluePath = path.join(path.dirname(fileURLToPath(import.meta.resolve('fastify-openapi-glue'))), 'lib/Parser.js');
type GlueParser = { prototype: { parse(specification: object, options?: unknown): Promise<unknown> } };
const { Parser } = (await import(pathToFileURL(gluePath).href)) as { Parser: GlueParser };
const parse = Parser.prototype.parse;
if (!(parse as { shared?: true }).shared) {
  const parsed = new WeakMap<object, Map<string, Promise<unknown>>>();
  const shared = function (this: unknown, specification: object, options?: unknown) {
    if (!parsed.has(specification)) parsed.set(specification, new Map());
    const byOptions = parsed.get(specification)!;
    const key = JSON.stringify(options);
    if (!byOptions.has(key)) byOptions.set(key, parse.call(this, specification, options));
    return byOptions.get(key)!;
  };
  Parser.prototype.parse = Object.assign(shared, { shared: true as const });
}
