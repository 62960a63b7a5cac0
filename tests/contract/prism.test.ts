/**
 * `pnpm mock` (Prism on generated/openapi.yaml) answers every operation of the contract with its example
 * payload, so front-end work can proceed against it for every screen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../api/src/db/embedded.js';
import { document } from './openapi.js';

const root = path.resolve(import.meta.dirname, '../..');
let prism: ChildProcess;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  prism = spawn(path.join(root, 'node_modules/.bin/prism'), ['mock', '-h', '127.0.0.1', '-p', String(port), 'generated/openapi.yaml'], {
    cwd: root,
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 150; attempt++) {
    try {
      await fetch(base);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('Prism did not start');
}, 30_000);

afterAll(() => {
  prism?.kill();
});

type Content = Record<string, { example?: unknown }>;
interface Operation {
  operationId: string;
  'x-roles'?: string[];
  requestBody?: { content: Content };
  responses: Record<string, { content?: Content }>;
}

const operations = Object.entries(document.paths).flatMap(([route, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ route, method: method.toUpperCase(), operation })),
);

describe('the Prism mock of the contract', () => {
  it('covers all operations of the document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(83);
  });

  it.each(operations.map((entry) => [`${entry.method} ${entry.route}`, entry] as const))('%s answers 200 with its example', async (_label, { route, method, operation }) => {
    // The documents calls' {role} is a client's; the staff calls' (spec/lots.tsp) is one of their staff roles.
    const roles = operation['x-roles'] ?? [];
    const role = roles.includes('client') ? 'client' : (roles[0] ?? 'client');
    const url = base + route.replace('{role}', role).replace(/\{\w+\}/g, '1');
    const headers: Record<string, string> = { authorization: 'Bearer mock' };
    let body: BodyInit | undefined;
    const request = operation.requestBody?.content;
    if (request?.['multipart/form-data']) {
      const form = new FormData();
      const schema = (request['multipart/form-data'] as { schema?: { properties?: Record<string, { format?: string }> } }).schema;
      const fields = Object.entries(schema?.properties ?? {}).filter(([, property]) => property.format !== 'binary');
      for (const [name] of fields) form.append(name, '1'); // an id, such as the lot a certificate is of
      form.append('file', new Blob([Buffer.from('%PDF-1.4\n')], { type: 'application/pdf' }), 'label.pdf');
      body = form;
    } else if (request) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request['application/json'].example ?? {});
    }
    const response = await fetch(url, { method, headers, body });
    expect(response.status, await response.clone().text()).toBe(200);
    const declared = operation.responses['200']?.content ?? {};
    const json = declared['application/json'];
    if (json?.example !== undefined) expect(await response.json()).toEqual(json.example);
  });
});
