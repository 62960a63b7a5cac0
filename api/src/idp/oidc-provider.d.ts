/**
 * The part of oidc-provider 9's API that the embedded identity provider uses (the package ships no types,
 * and @types/oidc-provider lags behind). Configuration stays loosely typed; the tests exercise it end to end.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  import type { EventEmitter } from 'node:events';

  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
    jti?: string;
    kind?: string;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; scope?: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
    result?: Record<string, unknown>;
    returnTo: string;
    exp: number;
    save(ttl: number): Promise<unknown>;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: unknown, rejected: string[]): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export type KoaContextWithOIDC = any;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  export type Configuration = Record<string, any>;

  export default class Provider extends EventEmitter {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    keys: string[];
    Grant: GrantConstructor;
    /** The client model; its prototype's compareClientSecret is replaced for hashed secrets (api-clients.ts). */
    Client: { prototype: { compareClientSecret(this: { clientSecret?: string }, presented: unknown): boolean | Promise<boolean> } };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
    OIDCProviderError: new (status: number, message: string) => Error & { status: number; error: string; error_description?: string };
  };
}
