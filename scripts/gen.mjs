#!/usr/bin/env node
// pnpm gen: spec/ -> generated/. Everything in generated/ comes from here; never edit it by hand.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

// runs: npm-package (every command is a binary of node_modules/.bin, see bin())
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
const bin = (name) => `node_modules/.bin/${name}`;

mkdirSync('generated', { recursive: true });
run(bin('tsp'), ['compile', 'spec', '--no-emit=false']);
const document = shareResponses(shareResponseHeaders(parse(readFileSync('.tsp-out/openapi.yaml', 'utf8'))));
writeFileSync('generated/openapi.yaml', stringify(document, { lineWidth: 0 }));
writeFileSync('generated/openapi.json', JSON.stringify(document, null, 2) + '\n');
run(bin('openapi-typescript'), ['generated/openapi.yaml', '-o', 'generated/api-types.d.ts', '--alphabetize']);
run(bin('orval'), ['--config', 'orval.config.ts']);

/**
 * TypeSpec writes a response header out in full on every response (the rate-limit headers of
 * spec/common.tsp: ~500 responses). A header written identically everywhere is moved to
 * `components.headers` and referenced: the same document, a third of the size.
 */
function shareResponseHeaders(doc) {
  const seen = new Map();
  const responses = Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((operation) => Object.values(operation.responses ?? {})));
  for (const response of responses) {
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const text = JSON.stringify(header);
      if (!seen.has(name)) seen.set(name, new Set());
      seen.get(name).add(text);
    }
  }
  const shared = Object.fromEntries([...seen].filter(([, variants]) => variants.size === 1).map(([name, variants]) => [name, JSON.parse([...variants][0])]));
  if (Object.keys(shared).length === 0) return doc;
  for (const response of responses) {
    for (const name of Object.keys(response.headers ?? {})) {
      if (shared[name]) response.headers[name] = { $ref: `#/components/headers/${name}` };
    }
  }
  doc.components = { ...doc.components, headers: Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b))) };
  return doc;
}

/**
 * The error responses of the `Errors` alias are the same on every operation: each is written once in
 * `components.responses` (named after its problem schema) and referenced.
 */
function shareResponses(doc) {
  const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
  const byText = new Map();
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (Number(status) < 400) continue;
      const text = JSON.stringify(response);
      byText.set(text, (byText.get(text) ?? 0) + 1);
    }
  }
  const names = new Map();
  for (const [text, count] of byText) {
    const response = JSON.parse(text);
    const refs = Object.values(response.content ?? {}).map((media) => media.schema?.$ref);
    const name = refs.length === 1 && refs[0]?.startsWith('#/components/schemas/') ? refs[0].split('/').pop() : undefined;
    if (count > 1 && name && ![...names.values()].includes(name)) names.set(text, name);
  }
  if (names.size === 0) return doc;
  const shared = {};
  for (const operation of operations) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const name = Number(status) >= 400 ? names.get(JSON.stringify(response)) : undefined;
      if (!name) continue;
      shared[name] = response;
      operation.responses[status] = { $ref: `#/components/responses/${name}` };
    }
  }
  doc.components = { ...doc.components, responses: Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b))) };
  return doc;
}
