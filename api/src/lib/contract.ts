import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../../../generated/api-types.js';
import type { Actor } from './actor.js';
import type { Role } from './roles.js';

/** The published contract, as generated from spec/ (never edited by hand). */
export const contractPath = path.resolve(import.meta.dirname, '../../../generated/openapi.json');

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  roles: Role[];
  read: boolean;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string; 'x-roles'?: Role[]; 'x-read'?: boolean }>>;
}

let contract: (OpenApiDocument & Record<string, unknown>) | undefined;

/** The contract, read once per process and frozen: its readers share one copy, and none can change it for the others. */
export function loadContract(): OpenApiDocument & Record<string, unknown> {
  return (contract ??= deepFreeze(JSON.parse(readFileSync(contractPath, 'utf8'))));
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Every operation of the contract with its `x-roles`. */
export function contractOperations(document: OpenApiDocument = loadContract()): ContractOperation[] {
  const result: ContractOperation[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId) continue;
      result.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path: route,
        roles: operation['x-roles'] ?? [],
        read: operation['x-read'] === true,
      });
    }
  }
  return result;
}

export type OperationId = keyof operations;

/** The contract's named schemas (`Schemas['OrderInput']`): service inputs and results use these, never a copy. */
export type Schemas = components['schemas'];

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body an operation takes. */
export type BodyOf<Op extends OperationId> = operations[Op] extends { requestBody: infer R } ? JsonContent<R> : undefined;
/** What an operation answers with 200. */
export type ResultOf<Op extends OperationId> = operations[Op] extends { responses: { 200: infer R } }
  ? JsonContent<R> extends never
    ? unknown
    : JsonContent<R>
  : unknown;
export type PathParamsOf<Op extends OperationId> = operations[Op] extends { parameters: { path: infer P } } ? P : never;
/** The query parameters an operation takes (a document's `language`). */
export type QueryOf<Op extends OperationId> = operations[Op] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type ApiRequest<Op extends OperationId> = FastifyRequest<{
  Body: BodyOf<Op>;
  Params: PathParamsOf<Op>;
  Querystring: QueryOf<Op>;
}> & { actor: Actor };

export type Handler<Op extends OperationId> = (request: ApiRequest<Op>, reply: FastifyReply) => Promise<ResultOf<Op>>;

/** A feature's handlers, keyed by operationId; checked against the contract's types. */
export type Handlers = { [Op in OperationId]?: Handler<Op> };
