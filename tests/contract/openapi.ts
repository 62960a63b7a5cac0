// The generated contract, read once for the contract tests.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export type Operation = {
  operationId?: string;
  description?: string;
  'x-roles'?: string[];
  'x-read'?: boolean;
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, unknown> }>;
};

export type Document = { paths: Record<string, Record<string, Operation>> };

export const document = parse(
  readFileSync(new URL('../../generated/openapi.yaml', import.meta.url), 'utf8'),
) as Document;

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document as [METHOD path, operation]. */
export const operations: [string, Operation][] = Object.entries(document.paths).flatMap(([path, item]) =>
  methods.filter((method) => item[method]).map((method) => [`${method.toUpperCase()} ${path}`, item[method]!] as [string, Operation]),
);
