/**
 * orval turns generated/openapi.yaml into the web app's typed TanStack Query hooks, zod schemas and MSW
 * handlers. Which operations become queries is decided here, once, from the contract: an operation is a
 * query when it is a GET or carries `x-read` (the spec's reads are POSTs such as `.../get`, `.../filter`).
 */
import { readFileSync } from 'node:fs';
import { defineConfig } from 'orval';
import { parse } from 'yaml';

type Operation = { operationId?: string; 'x-read'?: boolean };
const document = parse(readFileSync('generated/openapi.yaml', 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};

const operations: Record<string, { query: { useQuery: boolean; useMutation: boolean } }> = {};
for (const item of Object.values(document.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    if (!operation.operationId) continue;
    const isRead = method === 'get' || operation['x-read'] === true;
    operations[operation.operationId] = { query: { useQuery: isRead, useMutation: !isRead } };
  }
}

export default defineConfig({
  hooks: {
    input: { target: 'generated/openapi.yaml', override: { transformer: 'scripts/orval/input.cjs' } },
    output: {
      mode: 'tags-split',
      target: 'generated/web/endpoints',
      schemas: 'generated/web/model',
      client: 'react-query',
      httpClient: 'axios',
      headers: true,
      mock: { type: 'msw', delay: false, useExamples: true },
      clean: true,
      prettier: false,
      override: {
        mutator: { path: 'web/src/api/http.ts', name: 'http' },
        query: { useQuery: true, useMutation: true, signal: true },
        operations,
      },
    },
  },
  zod: {
    input: { target: 'generated/openapi.yaml', override: { transformer: 'scripts/orval/input.cjs' } },
    output: {
      mode: 'tags-split',
      client: 'zod',
      target: 'generated/web/zod',
      fileExtension: '.zod.ts',
      clean: true,
      prettier: false,
    },
  },
});
