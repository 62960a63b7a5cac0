import type { FastifyInstance } from 'fastify';
import { loadContract } from '../../api/src/lib/contract.js';
import type { Role } from '../../api/src/lib/roles.js';
import { JPEG, multipart } from '../../api/src/features/claims/claims.fixtures.js';
import type { Schema } from './contract-bodies.test-utils.js';

/**
 * Calls built from the contract itself (generated/openapi.json), so the generated matrices pick up a new operation
 * without being told: its request example as the body, its path parameters, its documented responses.
 */
type Media = { schema?: Schema; example?: unknown };
interface RawOperation {
  operationId: string;
  'x-roles'?: Role[];
  'x-read'?: boolean;
  parameters?: { name: string; in: string; schema?: Schema; example?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, unknown>;
}

export interface ContractCall {
  operationId: string;
  method: 'GET' | 'POST';
  path: string;
  roles: Role[];
  /** x-read: the operation only reads. */
  read: boolean;
  /** The statuses the operation documents. */
  responses: number[];
  /** path parameters other than {role} */
  pathParams: string[];
  /** application/json, multipart/form-data or null (no body) */
  bodyType: string | null;
  /** A deep copy of the request example, every time it is read. */
  example(): Record<string, unknown>;
  bodySchema: Schema | undefined;
}

const document = loadContract() as unknown as {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
};

export const CLIENT_FACES: Role[] = ['client', 'buyer', 'seller'];

export function contractCalls(): ContractCall[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.operationId)
      .map(([method, operation]) => {
        const content = operation.requestBody?.content ?? {};
        const bodyType = Object.keys(content)[0] ?? null;
        const example = bodyType ? content[bodyType]!.example : undefined;
        return {
          operationId: operation.operationId,
          method: method.toUpperCase() as 'GET' | 'POST',
          path,
          roles: operation['x-roles'] ?? [],
          read: operation['x-read'] === true,
          responses: Object.keys(operation.responses).map(Number),
          pathParams: (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' && parameter.name !== 'role').map((parameter) => parameter.name),
          bodyType,
          example: () => structuredClone((example ?? {}) as Record<string, unknown>),
          bodySchema: bodyType ? content[bodyType]!.schema : undefined,
        };
      }),
  );
}


export interface CallOptions {
  token: string | null;
  /** {role} of the path; other path parameters come from `params`. */
  role?: string;
  params?: Record<string, string>;
  /** JSON body; the operation's example when left out. Ignored for multipart and GET. */
  body?: unknown;
}

/**
 * A multipart body as the contract describes it: a JPEG as its file, and 1 for each other field (an id, such as the
 * lot a certificate is of).
 */
export function multipartExample(schema: Schema | undefined) {
  const properties = (schema as { properties?: Record<string, { format?: string }> } | undefined)?.properties ?? {};
  const fields = Object.entries(properties).filter(([, property]) => property.format !== 'binary').map(([name]) => ({ name, content: '1' }));
  return multipart([...fields, { name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', content: JPEG }]);
}

/** The operation called as the contract describes it: its example body (or a JPEG upload for multipart). */
export async function callOperation(app: FastifyInstance, call: ContractCall, options: CallOptions) {
  const url = call.path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'role' ? (options.role ?? 'admin') : (options.params?.[name] ?? '1')));
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  let payload: string | Buffer | undefined;
  if (call.bodyType === 'multipart/form-data') {
    const body = multipartExample(call.bodySchema);
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (call.bodyType) {
    payload = JSON.stringify(options.body ?? call.example());
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject({ method: call.method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const isJson = /json/.test(String(response.headers['content-type'] ?? ''));
  return { status: response.statusCode, headers: response.headers, text: response.body, json: isJson ? (response.json() as Record<string, unknown>) : null };
}

/** The detail the problems plugin gives a request that fails schema validation (it never reached a handler). */
export const CONTRACT_MISMATCH = 'The request does not match the contract.';
